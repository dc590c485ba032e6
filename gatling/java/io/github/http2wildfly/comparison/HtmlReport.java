package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The comparison as one self-contained HTML page: summary, chart (SVG), tables, model, environment. */
final class HtmlReport {

    private static final Map<Door, String> COLORS = Map.of(Door.HTTP_1_1, "#d9822b", Door.HTTP_1_1_TLS, "#c23030",
            Door.HTTP_2_TLS, "#2965cc");
    private static final int WIDTH = 640;
    private static final int HEIGHT = 340;
    private static final int LEFT = 60;
    private static final int BOTTOM = 40;
    private static final int TOP = 20;
    private static final int RIGHT = 150;

    private HtmlReport() {
    }

    static String render(List<Comparison> comparisons) {
        StringBuilder html = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>HTTP/1.1 vs HTTP/2 on WildFly</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}
                table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
                th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.note{color:#555;max-width:50rem}
                </style></head><body>
                <h1>HTTP/1.1 vs HTTP/2 on WildFly</h1>
                """);
        if (comparisons.size() > 1) {
            sideBySide(html, comparisons);
        }
        for (Comparison comparison : comparisons) {
            tool(html, comparison);
        }
        html.append("""
                <h2>How to read this</h2>
                <p class="note">Each load is a first visit: new connections, their TCP and TLS set-up, the page, then every
                image it names, nothing cached. Latency is emulated by a TCP proxy in front of each door that delays every byte
                by half the round-trip time in each direction (and the connection set-up by one round trip), passing TLS
                through untouched. At RTT 0 the loads are CPU-bound on this machine: those figures describe the machine, not
                the protocols. The model counts round trips: HTTP/1.1 needs about ⌈N/6⌉ for N images over six connections;
                HTTP/2 sends every request at once and is limited by the client's flow-control window (Gatling keeps Netty's
                64 KiB and, measured, moves about half of it per round trip; browsers use megabytes), so it needs
                ⌈N × image bytes / window⌉. The article this project comes from
                measured 2.9 s (HTTP/1.1) and 1.3 s (HTTP/2) in Chrome in 2015, a ratio of 0.45.</p>
                </body></html>
                """);
        return html.toString();
    }

    private static void tool(StringBuilder html, Comparison comparison) {
        ToolResults results = comparison.results();
        html.append("<h2>").append(escape(results.tool())).append("</h2>\n");
        List<Integer> rtts = comparison.roundTrips();
        if (!rtts.isEmpty()) {
            int largest = rtts.get(rtts.size() - 1);
            comparison.http2Ratio(largest, Door.HTTP_1_1_TLS).ifPresent(ratio -> html.append(String.format(Locale.ROOT,
                    "<p><strong>At %d ms RTT, HTTP/2 loaded the page in %.2f of the time HTTP/1.1 over TLS needed</strong>"
                            + " (the article: %.2f).</p>%n", largest, ratio, Comparison.ARTICLE_RATIO)));
        }
        html.append(chart(comparison));
        html.append("<table><tr><th>door</th><th>RTT ms</th><th>loads</th><th>mean</th><th>p50</th><th>p95</th><th>min</th>"
                + "<th>max</th><th>model</th><th>model round trips</th><th>tool's own mean</th><th>requests / page</th>"
                + "<th>failed requests</th><th>connections / page</th><th>KiB / page</th></tr>\n");
        for (CellResult cell : results.cells()) {
            html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%.0f</td><td>%.0f</td><td>%.0f</td>"
                    + "<td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%d</td><td>%s</td><td>%.0f</td><td>%d</td><td>%.1f</td>"
                    + "<td>%.0f</td></tr>%n", cell.door().label(), cell.rttMillis(), cell.loads(), cell.mean(), cell.median(),
                    cell.percentile(95), cell.min(), cell.max(), comparison.predictMillis(cell),
                    comparison.model().roundTrips(cell.door()),
                    cell.toolMeanMillis() == null ? "&ndash;" : String.format(Locale.ROOT, "%.0f", cell.toolMeanMillis()),
                    cell.requestsPerLoad(), cell.failedRequests(), cell.connectionsPerLoad(), cell.bytesPerLoad() / 1024));
        }
        html.append("</table>\n<table><tr><th>RTT ms</th><th>h2 / h1 over TLS</th><th>h2 / h1 cleartext</th>"
                + "<th>delay proxy measured RTT</th></tr>\n");
        for (int rtt : rtts) {
            Double calibrated = results.calibration().get(rtt);
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>%n", rtt,
                    ratio(comparison, rtt, Door.HTTP_1_1_TLS), ratio(comparison, rtt, Door.HTTP_1_1),
                    calibrated == null ? "&ndash;" : String.format(Locale.ROOT, "%.1f ms", calibrated)));
        }
        html.append("</table>\n<table><tr><th colspan=\"2\">environment</th></tr>\n");
        results.environment().forEach((key, value) -> html.append("<tr><td>").append(escape(key)).append("</td><td>")
                .append(value.endsWith(".html") ? "<a href=\"" + escape(Path.of(value).toUri().toString()) + "\">"
                        + escape(value) + "</a>" : escape(value)).append("</td></tr>\n"));
        html.append(String.format(Locale.ROOT, "<tr><td>client HTTP/2 window</td><td>%d bytes</td></tr>%n",
                results.clientWindowBytes()));
        html.append("</table>\n");
    }

    /** Every tool's median per door and RTT, and each tool's h2/h1-TLS ratio, beside the article's. */
    private static void sideBySide(StringBuilder html, List<Comparison> comparisons) {
        html.append("<h2>Side by side</h2>\n<table><tr><th>RTT ms</th><th>door</th>");
        for (Comparison comparison : comparisons) {
            html.append("<th>").append(escape(comparison.results().tool())).append(" p50 ms</th>");
        }
        html.append("</tr>\n");
        Comparison first = comparisons.get(0);
        for (int rtt : first.roundTrips()) {
            for (Door door : first.doors()) {
                html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%s</td>", rtt, door.label()));
                for (Comparison comparison : comparisons) {
                    html.append("<td>").append(comparison.cell(door, rtt)
                            .map(cell -> String.format(Locale.ROOT, "%.0f", cell.median())).orElse("&ndash;")).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td><em>h2 / h1 over TLS</em></td>", rtt));
            for (Comparison comparison : comparisons) {
                html.append("<td><em>").append(ratio(comparison, rtt, Door.HTTP_1_1_TLS)).append("</em></td>");
            }
            html.append("</tr>\n");
        }
        html.append(String.format(Locale.ROOT, "</table>%n<p class=\"note\">The article (WildFly 9, Chrome 44, 2015, over"
                + " a real network): HTTP/1.1 about 2.9 s, HTTP/2 about 1.3 s, a ratio of %.2f.</p>%n", Comparison.ARTICLE_RATIO));
    }

    private static String ratio(Comparison comparison, int rtt, Door against) {
        return comparison.http2Ratio(rtt, against).map(r -> String.format(Locale.ROOT, "%.2f", r)).orElse("&ndash;");
    }

    /** Median load time against RTT, one solid line per door, the model dashed. */
    static String chart(Comparison comparison) {
        List<Integer> rtts = comparison.roundTrips();
        double maxRtt = Math.max(1, rtts.isEmpty() ? 1 : rtts.get(rtts.size() - 1));
        double maxMillis = 1;
        for (CellResult cell : comparison.results().cells()) {
            maxMillis = Math.max(maxMillis, Math.max(cell.median(), comparison.predictMillis(cell)));
        }
        double yTop = niceCeiling(maxMillis);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"12\" role=\"img\""
                        + " aria-label=\"page load time against round-trip time\">%n", WIDTH, HEIGHT));
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        for (int i = 0; i <= 4; i++) {
            double y = TOP + plotHeight - plotHeight * i / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>%n", LEFT, y, LEFT + plotWidth, y,
                    LEFT - 6, y + 4, yTop * i / 4));
        }
        for (int rtt : rtts) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n",
                    LEFT + plotWidth * rtt / maxRtt, TOP + plotHeight + 16, rtt));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">round-trip time (ms)</text>"
                + "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">page load, median (ms)</text>%n",
                LEFT + plotWidth / 2, HEIGHT - 4, TOP + plotHeight / 2, TOP + plotHeight / 2));
        int legend = 0;
        for (Door door : comparison.doors()) {
            StringBuilder measured = new StringBuilder();
            StringBuilder modelled = new StringBuilder();
            for (int rtt : rtts) {
                comparison.cell(door, rtt).ifPresent(cell -> {
                    double x = LEFT + plotWidth * rtt / maxRtt;
                    measured.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, TOP + plotHeight * (1 - cell.median() / yTop)));
                    modelled.append(String.format(Locale.ROOT, "%.1f,%.1f ", x,
                            TOP + plotHeight * (1 - comparison.predictMillis(cell) / yTop)));
                });
            }
            String color = COLORS.get(door);
            svg.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>%n"
                    + "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1\" stroke-dasharray=\"5 4\"/>%n",
                    measured.toString().strip(), color, modelled.toString().strip(), color));
            for (String point : measured.toString().strip().split(" ")) {
                String[] xy = point.split(",");
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"3\" fill=\"%s\"/>", xy[0], xy[1], color));
            }
            int y = TOP + 10 + 18 * legend++;
            svg.append(String.format(Locale.ROOT, "%n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2.5\"/>"
                    + "<text x=\"%d\" y=\"%d\">%s</text>%n", LEFT + plotWidth + 10, y, LEFT + plotWidth + 30, y, color,
                    LEFT + plotWidth + 35, y + 4, escape(door.label())));
        }
        int y = TOP + 10 + 18 * legend;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\" stroke-dasharray=\"5 4\"/>"
                + "<text x=\"%d\" y=\"%d\">model</text>%n</svg>%n", LEFT + plotWidth + 10, y, LEFT + plotWidth + 30, y,
                LEFT + plotWidth + 35, y + 4));
        return svg.toString();
    }

    /** 1, 2 or 5 times a power of ten, at least the value: readable axis labels. */
    static double niceCeiling(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
