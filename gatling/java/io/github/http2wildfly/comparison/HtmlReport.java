package io.github.http2wildfly.comparison;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.page.ImageSize;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * The comparison as one self-contained HTML page: summary, where HTTP/2 stops winning (ratio charts
 * against loss and link rate, with the crossover), the latency chart (SVG), tables, model, environment.
 */
public final class HtmlReport {

    private static final Map<Door, String> COLORS = Map.of(Door.HTTP_1_1, "#d9822b", Door.HTTP_1_1_TLS, "#c23030",
            Door.HTTP_2_TLS, "#2965cc", Door.HTTP_3, "#1d7a4f");
    private static final int WIDTH = 640;
    private static final int HEIGHT = 340;
    private static final int LEFT = 60;
    private static final int BOTTOM = 40;
    private static final int TOP = 20;
    private static final int RIGHT = 150;

    /** What the delay proxies model and what they do not. */
    static final String NETWORK_MODEL = "The network is a model in user space (this machine's kernel has no netem):"
            + " the TCP proxy terminates TCP on each side, so the real connections run on loopback. It adds the round trip,"
            + " a link rate shared by one client's connections (a token bucket per direction), and loss as a sender"
            + " answers it: a lost " + Network.SEGMENT_BYTES + "-byte segment arrives one retransmission delay late (a round"
            + " trip, or a timeout of max(" + Network.MIN_RETRANSMISSION_TIMEOUT.toMillis() + " ms, 2 × RTT) when fewer than "
            + Network.DUPLICATE_ACKS + " segments follow it in time), every later byte of its connection with it, and the"
            + " connection's congestion window (NewReno: ten segments to start, slow start, halved on a loss, then one"
            + " segment more a round trip) bounds what is in flight. HTTP/3 goes through a UDP proxy with the same round trip"
            + " and link rate that really drops datagrams: QUIC's own recovery and congestion control (NewReno as well) answer them."
            + " Neither models a lost handshake or reordering.";
    /** What the lab is, beside the model. */
    static final String LAB = "The lab is a real network on this machine: the server in one Linux network namespace, the"
            + " browser in another, joined by TUN devices and a user-space link that delays each IP packet by half the round"
            + " trip each way and drops it with the loss probability. The kernel's own TCP runs with the cell's congestion"
            + " control in both namespaces, door 4's quiche with the algorithm of the same name, and QUIC's datagrams are"
            + " real. The model's ratio should name the same winner and lie within 0.75 to 1.33 of the lab's.";
    static final String NO_GATLING_HTTP3 = "Gatling has no HTTP/3 client: its columns stay HTTP/1.1 and HTTP/2, and"
            + " HTTP/3's figures are Chromium's alone.";
    /** Why the ratio moves the way it does, in three sentences: the report's explanation of its crossovers. */
    static final String WHY = "A lost segment holds up every byte behind it on its TCP connection until it is"
            + " retransmitted. HTTP/2 carries every image on one connection, so each loss stalls all of them and the"
            + " stalls add up, while HTTP/1.1's six connections each stall alone (but pay a timeout for a loss at the"
            + " end of each small response). The more segments a page has (larger images) and the more of them are"
            + " lost, the more HTTP/2 pays; a slow link costs both protocols the same transfer time, so it only"
            + " shrinks HTTP/2's head start in round trips.";
    static final String GATLING_WINDOW = "Gatling's HTTP/2 client keeps Netty's 64 KiB connection window (it has no"
            + " setting for it), so Gatling's HTTP/2 loads move at most 64 KiB per round trip: with large images that"
            + " window, not the protocol, shapes Gatling's HTTP/2 figures. Chromium's window is 15 MB.";
    private static final String[] SERIES_COLORS = {"#2965cc", "#c23030", "#1d7a4f", "#d9822b", "#7b3fb5", "#555555"};

    private HtmlReport() {
    }

    /** The ratio charts against loss and link rate, with the crossover of each series, per tool and pair. */
    private static void whereHttp2StopsWinning(StringBuilder html, List<Comparison> comparisons) {
        if (comparisons.stream().allMatch(c -> c.lossSeries().isEmpty() && c.bandwidthSeries().isEmpty())) {
            return;
        }
        html.append("<h2 id=\"where-http2-stops-winning\">Where HTTP/2 stops winning, and HTTP/3</h2>\n");
        for (Comparison comparison : comparisons) {
            String tool = escape(comparison.results().tool());
            for (List<Comparison.Series> dimension : List.of(comparison.lossSeries(), comparison.bandwidthSeries())) {
                for (Comparison.Pair pair : comparison.pairs()) {
                    List<Comparison.Series> series = dimension.stream().filter(one -> one.pair().equals(pair)).toList();
                    if (series.isEmpty()) {
                        continue;
                    }
                    boolean loss = series.get(0).dimension().equals(Comparison.LOSS);
                    html.append(String.format(Locale.ROOT, "<h3>%s: %s against %s</h3>%n", tool, pair.label(),
                            loss ? "packet loss" : "link rate"));
                    html.append(ratioChart(series, loss ? "packet loss (% of segments)" : "link rate (Mbit/s)"));
                    html.append("<ul>\n");
                    for (Comparison.Series one : series) {
                        html.append("<li class=\"crossover\">").append(escape(crossoverStatement(one))).append("</li>\n");
                    }
                    html.append("</ul>\n");
                }
            }
            if (comparison.results().clientWindowBytes() < 1024 * 1024) {
                html.append("<p class=\"note\">").append(GATLING_WINDOW).append("</p>\n");
            }
        }
        html.append("<p class=\"note\">").append(WHY).append("</p>\n");
    }

    /** One line: where the ratio reached 1 along the series, or that it never did, with the ratios at both ends. */
    static String crossoverStatement(Comparison.Series series) {
        List<Double> ratios = series.ratios();
        List<Integer> values = series.values();
        Comparison.Pair pair = series.pair();
        String ends = String.format(Locale.ROOT, "%s %.2f at %s, %.2f at %s", pair.label(), ratios.get(0),
                series.valueLabel(values.get(0)), ratios.get(ratios.size() - 1), series.valueLabel(values.get(values.size() - 1)));
        String of = pair.of().label();
        String against = pair.against().label();
        return series.crossover()
                .map(where -> series.label() + ": " + of + (series.wonFirst() ? " stops" : " starts") + " beating " + against
                        + " " + where + " (" + ends + ").")
                .orElse(series.label() + ": no crossover in the range measured, " + of + (series.wonFirst() ? " beat " + against
                        + " at every point" : " was no faster than " + against + " at any point") + " (" + ends + ").");
    }

    /** The ratio against one dimension, one line per series, with the line where HTTP/2 stops winning (1). */
    static String ratioChart(List<Comparison.Series> series, String axis) {
        boolean loss = series.get(0).dimension().equals(Comparison.LOSS);
        Comparison.Pair pair = series.get(0).pair();
        // loss on a scale; link rates as steps from no limit to the slowest
        List<Integer> values = series.stream().flatMap(s -> s.values().stream()).distinct()
                .sorted(Comparator.comparingInt(v -> loss ? v : Condition.bandwidthRank(v))).toList();
        // a multiple of 0.5 above the largest ratio and above 1, so the ticks are round and the line at 1 shows
        double top = Math.max(1.5, Math.ceil(2.2 * series.stream().flatMap(s -> s.ratios().stream())
                .mapToDouble(Double::doubleValue).max().orElse(1)) / 2);
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        int maxValue = Math.max(1, values.get(values.size() - 1));
        DoubleUnaryOperator x = value -> LEFT + plotWidth * (loss ? value / maxValue
                : values.indexOf((int) value) / (double) Math.max(1, values.size() - 1));
        DoubleUnaryOperator y = ratio -> TOP + plotHeight * (1 - ratio / top);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"12\" role=\"img\""
                        + " aria-label=\"%s ratio against %s\">%n", WIDTH + 200, HEIGHT, pair.label(), escape(axis)));
        // a grid line every quarter up to 1.5, every half above: round labels
        for (double ratio = 0, step = top <= 1.5 ? 0.25 : 0.5; ratio <= top + 1e-9; ratio += step) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.2f</text>%n", LEFT, y.applyAsDouble(ratio),
                    LEFT + plotWidth, y.applyAsDouble(ratio), LEFT - 6, y.applyAsDouble(ratio) + 4, ratio));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#000\""
                + " stroke-dasharray=\"6 3\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">above 1, %s is no faster</text>%n",
                LEFT, y.applyAsDouble(1), LEFT + plotWidth, y.applyAsDouble(1), LEFT + plotWidth, y.applyAsDouble(1) - 5,
                pair.of().label()));
        for (int value : values) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x.applyAsDouble(value), TOP + plotHeight + 16, loss ? value + " %" : value == 0 ? "no limit" : value));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>"
                + "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">%s"
                + " (median)</text>%n", LEFT + plotWidth / 2, HEIGHT - 4, escape(axis), TOP + plotHeight / 2, TOP + plotHeight / 2,
                pair.label()));
        for (int i = 0; i < series.size(); i++) {
            Comparison.Series one = series.get(i);
            String color = SERIES_COLORS[i % SERIES_COLORS.length];
            StringBuilder points = new StringBuilder();
            for (int j = 0; j < one.values().size(); j++) {
                double px = x.applyAsDouble(one.values().get(j));
                double py = y.applyAsDouble(one.ratios().get(j));
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
                // a larger dot where HTTP/2 was no faster, and every ratio written beside its dot
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"/>"
                        + "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%.2f</text>", px, py, one.ratios().get(j) >= 1 ? 6 : 3, color,
                        px + 7, py + 16, color, one.ratios().get(j)));
            }
            one.crossingLoss().ifPresent(at -> svg.append(String.format(Locale.ROOT, "%n<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\""
                    + " y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"2 3\"/><text x=\"%.1f\" y=\"%d\" fill=\"%s\""
                    + " text-anchor=\"middle\">&#8776; %.1f %%</text>", x.applyAsDouble(at) , TOP,
                    x.applyAsDouble(at), y.applyAsDouble(0), color,
                    x.applyAsDouble(at), TOP + 10, color, at)));
            svg.append(String.format(Locale.ROOT, "%n<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>%n"
                    + "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>%n", points.toString().strip(), color,
                    LEFT + plotWidth + 8, TOP + 12 + 16 * i, color, escape(one.label())));
        }
        return svg.append("</svg>\n").toString();
    }

    static String render(List<Comparison> comparisons) {
        StringBuilder html = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>HTTP/1.1, HTTP/2 and HTTP/3 on WildFly</title>
                <style>
                body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#222}
                table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
                th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.note{color:#555;max-width:50rem}
                </style></head><body>
                <h1>HTTP/1.1, HTTP/2 and HTTP/3 on WildFly</h1>
                """);
        boolean http3 = comparisons.stream().anyMatch(c -> c.doors().contains(Door.HTTP_3));
        if (http3 && comparisons.stream().anyMatch(c -> !c.doors().contains(Door.HTTP_3))) {
            html.append("<p class=\"note\">").append(NO_GATLING_HTTP3).append("</p>\n");
        }
        if (comparisons.size() > 1) {
            sideBySide(html, comparisons);
        }
        ModelAgainstLab.of(comparisons).ifPresent(both -> modelAgainstLab(html, both));
        whereHttp2StopsWinning(html, comparisons);
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
                ⌈N × image bytes / window⌉; HTTP/3 as HTTP/2, with one round trip less to set up (QUIC's handshake
                carries TLS's). The article this project comes from
                measured 2.9 s (HTTP/1.1) and 1.3 s (HTTP/2) in Chrome in 2015, a ratio of 0.45.</p>
                """);
        html.append("<p class=\"note\">").append(NETWORK_MODEL).append("</p>\n</body></html>\n");
        return html.toString();
    }

    private static void tool(StringBuilder html, Comparison comparison) {
        ToolResults results = comparison.results();
        html.append("<h2>").append(escape(results.tool())).append("</h2>\n");
        List<Integer> rtts = comparison.roundTrips();
        if (!rtts.isEmpty()) {
            int largest = rtts.get(rtts.size() - 1);
            comparison.http2Ratio(Condition.latency(largest), Door.HTTP_1_1_TLS).ifPresent(ratio -> html.append(String.format(
                    Locale.ROOT, "<p><strong>At %d ms RTT, HTTP/2 loaded the page in %.2f of the time HTTP/1.1 over TLS"
                            + " needed</strong> (latency alone, the logo; the article: %.2f).</p>%n", largest, ratio,
                    Comparison.ARTICLE_RATIO)));
        }
        html.append(chart(comparison));
        html.append("<table><tr><th>door</th><th>RTT ms</th><th>loss %</th><th>Mbit/s</th><th>images</th><th>loads</th>"
                + "<th>mean</th><th>p50</th><th>p95</th><th>min</th><th>max</th><th>model</th><th>model round trips</th>"
                + "<th>tool's own mean</th><th>requests / page</th><th>failed requests</th><th>connections / page</th>"
                + "<th>KiB / page</th><th>packets / page from / to the browser</th>"
                + "<th>browser CPU ms / page (network service)</th></tr>\n");
        for (CellResult cell : results.cells()) {
            Condition condition = cell.condition();
            html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td><td>%d</td>"
                    + "<td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%.0f</td><td>%d</td><td>%s</td>"
                    + "<td>%.0f</td><td>%d</td><td>%.1f</td><td>%.0f</td><td>%s</td><td>%s</td></tr>%n", cell.door().label(),
                    condition.rttMillis(),
                    condition.lossPercent(), condition.bandwidthMbps() == 0 ? "&ndash;" : condition.bandwidthMbps(),
                    condition.size().parameter(), cell.loads(), cell.mean(), cell.median(), cell.percentile(95), cell.min(),
                    cell.max(), comparison.predictMillis(cell), comparison.model(condition.size()).roundTrips(cell.door()),
                    cell.toolMeanMillis() == null ? "&ndash;" : String.format(Locale.ROOT, "%.0f", cell.toolMeanMillis()),
                    cell.requestsPerLoad(), cell.failedRequests(), cell.connectionsPerLoad(), cell.bytesPerLoad() / 1024,
                    cell.packetsCounted() ? String.format(Locale.ROOT, "%.0f / %.0f", cell.packetsUpPerLoad(),
                            cell.packetsDownPerLoad()) : "&ndash;",
                    cell.cpuCounted() ? String.format(Locale.ROOT, "%.0f (%.0f)", cell.browserCpuPerLoad(),
                            cell.networkCpuPerLoad()) : "&ndash;"));
        }
        List<Comparison.Pair> pairs = new ArrayList<>(comparison.pairs());
        pairs.add(new Comparison.Pair(Door.HTTP_2_TLS, Door.HTTP_1_1));
        html.append("</table>\n<table><tr><th>condition</th>");
        pairs.forEach(pair -> html.append("<th>").append(pair.label()).append("</th>"));
        html.append("</tr>\n");
        for (Condition condition : comparison.conditions()) {
            html.append("<tr><td>").append(escape(condition.label())).append("</td>");
            pairs.forEach(pair -> html.append("<td>").append(ratio(comparison, pair, condition)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n<table><tr><th>RTT ms</th><th>delay proxy measured RTT</th></tr>\n");
        for (int rtt : rtts) {
            Double calibrated = results.calibration().get(rtt);
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%s</td></tr>%n", rtt,
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

    /** Every tool's median per door and condition, and each tool's ratios, beside the article's. */
    private static void sideBySide(StringBuilder html, List<Comparison> comparisons) {
        html.append("<h2>Side by side</h2>\n<table><tr><th>condition</th><th>door</th>");
        for (Comparison comparison : comparisons) {
            html.append("<th>").append(escape(comparison.results().tool())).append(" p50 ms</th>");
        }
        html.append("</tr>\n");
        Comparison first = comparisons.get(0);
        List<Door> doors = comparisons.stream().flatMap(c -> c.doors().stream()).distinct().sorted().toList();
        for (Condition condition : first.conditions()) {
            String label = escape(condition.label());
            for (Door door : doors) {
                html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td>", label, door.label()));
                for (Comparison comparison : comparisons) {
                    html.append("<td>").append(comparison.cell(door, condition)
                            .map(cell -> String.format(Locale.ROOT, "%.0f", cell.median())).orElse("&ndash;")).append("</td>");
                }
                html.append("</tr>\n");
            }
            for (Comparison.Pair pair : Comparison.Pair.ALL) {
                if (comparisons.stream().noneMatch(comparison -> comparison.pairs().contains(pair))) {
                    continue;
                }
                html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td><em>%s</em></td>", label, pair.label()));
                for (Comparison comparison : comparisons) {
                    html.append("<td><em>").append(ratio(comparison, pair, condition)).append("</em></td>");
                }
                html.append("</tr>\n");
            }
        }
        html.append(String.format(Locale.ROOT, "</table>%n<p class=\"note\">The article (WildFly 9, Chrome 44, 2015, over"
                + " a real network): HTTP/1.1 about 2.9 s, HTTP/2 about 1.3 s, a ratio of %.2f.</p>%n", Comparison.ARTICLE_RATIO));
    }

    /** Every point of the grid through the model and through the lab, the quotient, and whether they agree. */
    private static void modelAgainstLab(StringBuilder html, ModelAgainstLab both) {
        html.append("<h2 id=\"model-against-lab\">The model against the lab</h2>\n<p>").append(escape(both.summary()))
                .append("</p>\n<table><tr><th>condition</th><th>pair</th><th>model</th><th>lab</th><th>model / lab</th>"
                        + "<th>verdict</th></tr>\n");
        for (ModelAgainstLab.Point point : both.points()) {
            html.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%.2f</td><td>%.2f</td><td>%.2f</td><td>%s</td></tr>%n",
                    escape(point.condition().label()), point.pair().label(), point.model(), point.lab(), point.quotient(),
                    point.agrees() ? "agrees" : "<strong>" + escape(point.verdict()) + "</strong>"));
        }
        html.append("</table>\n<p class=\"note\">").append(escape(LAB)).append("</p>\n");
    }

    private static String ratio(Comparison comparison, Comparison.Pair pair, Condition condition) {
        return comparison.ratio(pair, condition).map(r -> String.format(Locale.ROOT, "%.2f", r)).orElse("&ndash;");
    }

    /**
     * Median load time against RTT with latency alone (no loss, no rate limit) and the run's first image
     * size, one solid line per door, the model dashed.
     */
    static String chart(Comparison comparison) {
        List<Integer> rtts = comparison.roundTrips();
        ImageSize size = comparison.conditions().isEmpty() ? ImageSize.LOGO : comparison.conditions().get(0).size();
        double maxRtt = Math.max(1, rtts.isEmpty() ? 1 : rtts.get(rtts.size() - 1));
        double maxMillis = 1;
        for (int rtt : rtts) {
            for (Door door : comparison.doors()) {
                double most = comparison.cell(door, Condition.latency(rtt).withSize(size))
                        .map(cell -> Math.max(cell.median(), comparison.predictMillis(cell))).orElse(0.0);
                maxMillis = Math.max(maxMillis, most);
            }
        }
        double yTop = niceCeiling(maxMillis);
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"12\" role=\"img\""
                        + " aria-label=\"page load time against round-trip time, %s images, no loss, no rate limit\">%n", WIDTH, HEIGHT,
                size.parameter()));
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
                comparison.cell(door, Condition.latency(rtt).withSize(size)).ifPresent(cell -> {
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
            for (String point : measured.toString().split(" ")) {
                if (point.isEmpty()) {
                    continue;
                }
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

    public static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
