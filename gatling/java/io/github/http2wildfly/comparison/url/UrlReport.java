package io.github.http2wildfly.comparison.url;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.http2wildfly.comparison.HtmlReport;
import io.github.http2wildfly.shared.Spread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The answer for one page: the lanes' medians and spreads on the console, and in
 * target/comparison/url/HOST_PORT/ the report (report.html: the lanes side by side, the protocols by
 * origin, one waterfall per lane), every load (loads.json) and a HAR file per load.
 */
final class UrlReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Map<String, String> COLORS = Map.of("http/1.1", "#c23030", "h2", "#2965cc", "h3", "#1d7a4f");
    private static final int WIDTH = 900;

    private UrlReport() {
    }

    static List<String> summary(Site site, List<PageLoad> loads) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-4s %-26s %-26s %-22s %-22s %s", "lane", "cold: load event, ms", "warm: load event, ms",
                "cold: LCP, ms", "cold: last image, ms", "handshake in the page, loads"));
        for (Lane lane : Lane.values()) {
            if (!site.lanes().contains(lane)) {
                lines.add(String.format(Locale.ROOT, "%-4s not offered", lane.label()));
                continue;
            }
            LaneSummary summary = LaneSummary.of(lane, loads);
            lines.add(String.format(Locale.ROOT, "%-4s %-26s %-26s %-22s %-22s %s", lane.label(), summary.coldLoad().text(),
                    summary.warmLoad().text(), summary.coldLcp().text(), summary.coldLastImage().text(),
                    (summary.roundTripMillis() == null ? "-" : String.format(Locale.ROOT, "%.1f ms", summary.roundTripMillis()))
                            + ", " + summary.counted() + " counted" + (summary.offLane() > 0 ? ", " + summary.offLane() + " off lane" : "")
                            + (summary.failed() > 0 ? ", " + summary.failed() + " failed" : "")));
        }
        lines.add(String.format(Locale.ROOT, "round trip to %s: %.1f ms (TCP connect from Java, median of 5)", site.quicOrigin(), site.roundTripMillis()));
        loads.stream().filter(PageLoad::finished).findFirst().ifPresent(first -> {
            if (first.images() == 0) {
                lines.add("the page has no images: HTTP/2 and HTTP/3 pay off with many requests; the loads are measured anyway");
            }
            Map<String, Map<String, Integer>> origins = first.protocolsByOrigin(site.origin());
            origins.remove(site.origin());
            if (!origins.isEmpty()) {
                lines.add("other origins (their servers decide their protocol; not held to the lane): " + origins);
            }
        });
        return lines;
    }

    static Path write(Site site, UrlSettings settings, List<PageLoad> loads, String browserVersion) throws IOException {
        Path directory = settings.outputDirectory().resolve(site.fileName());
        Files.createDirectories(directory);
        List<String> hars = new ArrayList<>();
        for (PageLoad load : loads) {
            if (load.finished()) {
                hars.add(directory.relativize(HarFiles.write(load, browserVersion, directory.resolve("har"))).toString());
            }
        }
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("requested", site.requested().toString());
        all.put("page", site.page().toString());
        all.put("notes", site.notes());
        all.put("browser", "Chromium " + browserVersion + " (headless)");
        all.put("lanes", site.lanes().stream().map(lane -> LaneSummary.of(lane, loads)).toList());
        all.put("loads", loads);
        JSON.writeValue(directory.resolve("loads.json").toFile(), all);
        Path report = directory.resolve("report.html");
        Files.writeString(report, html(site, loads, browserVersion, hars));
        return report;
    }

    private static String html(Site site, List<PageLoad> loads, String browserVersion, List<String> hars) {
        StringBuilder html = new StringBuilder("""
                <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>HTTP/1.1, HTTP/2 and HTTP/3: %s</title>
                <style>body{font-family:sans-serif;margin:2rem;max-width:72rem}table{border-collapse:collapse}
                td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:right;white-space:nowrap}th:first-child,td:first-child{text-align:left}
                .note{color:#444}</style></head><body>
                """.formatted(HtmlReport.escape(site.page().toString())));
        html.append("<h1>Your page over HTTP/1.1, HTTP/2 and HTTP/3</h1><p><a href=\"").append(HtmlReport.escape(site.page().toString()))
                .append("\">").append(HtmlReport.escape(site.page().toString())).append("</a>, loaded from this machine over the real network by Chromium ")
                .append(HtmlReport.escape(browserVersion)).append(" (headless), ").append(LocalDate.now())
                .append(", ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs. Round trip to the server: ")
                .append(String.format(Locale.ROOT, "%.1f ms", site.roundTripMillis())).append(" (TCP connect from Java, median of 5).</p>");
        for (String note : site.notes()) {
            html.append("<p class=\"note\">").append(HtmlReport.escape(note)).append("</p>");
        }
        html.append("<table><tr><th>lane</th><th>cold: load, ms</th><th>warm: load, ms</th><th>cold: LCP, ms</th>"
                + "<th>cold: last image, ms</th><th>handshake, ms</th><th>counted / off lane / failed</th></tr>");
        for (Lane lane : Lane.values()) {
            if (!site.lanes().contains(lane)) {
                html.append("<tr><td>").append(lane.label()).append("</td><td colspan=\"6\">not offered</td></tr>");
                continue;
            }
            LaneSummary s = LaneSummary.of(lane, loads);
            html.append("<tr><td>").append(lane.label()).append("</td><td>").append(s.coldLoad().text()).append("</td><td>")
                    .append(s.warmLoad().text()).append("</td><td>").append(s.coldLcp().text()).append("</td><td>")
                    .append(s.coldLastImage().text()).append("</td><td>")
                    .append(s.roundTripMillis() == null ? "-" : String.format(Locale.ROOT, "%.1f", s.roundTripMillis())).append("</td><td>")
                    .append(s.counted()).append(" / ").append(s.offLane()).append(" / ").append(s.failed()).append("</td></tr>");
        }
        html.append("</table><p class=\"note\">Load: the end of the load event. Medians (least-most) of the counted loads: cold in a fresh browser context (new"
                + " connections, nothing cached), warm in the lane's kept profile. A load whose requests to the page's own origin"
                + " came over another protocol than its lane's is off lane and not counted. The handshake of the page's own"
                + " connection (TCP's on h1 and h2, QUIC's on h3) shows where the page waited for it (-: a connection Chromium"
                + " had opened ahead).</p>");
        html.append(bars(site, loads));
        html.append("<h2>Protocols by origin (first cold load of each lane)</h2><table><tr><th>lane</th><th>origin</th><th>requests by protocol</th></tr>");
        for (Lane lane : site.lanes()) {
            loads.stream().filter(load -> load.lane() == lane && load.cold() && load.finished()).findFirst().ifPresent(load ->
                    load.protocolsByOrigin(site.origin()).forEach((origin, protocols) -> html.append("<tr><td>").append(lane.label())
                            .append("</td><td>").append(HtmlReport.escape(origin)).append(origin.equals(site.origin()) ? " (the page's)" : "")
                            .append("</td><td>").append(HtmlReport.escape(protocols.toString())).append("</td></tr>")));
        }
        html.append("</table><h2>Waterfalls: the median cold load of each lane</h2>");
        for (Lane lane : site.lanes()) {
            medianCold(lane, loads).ifPresent(load -> html.append("<h3>").append(lane.label()).append(", round ").append(load.round())
                    .append(": load event ").append(String.format(Locale.ROOT, "%,.0f", load.loadEventMillis())).append(" ms</h3>").append(waterfall(load)));
        }
        html.append("<h2>Every load as HAR</h2><ul>");
        hars.forEach(har -> html.append("<li><a href=\"").append(HtmlReport.escape(har)).append("\">").append(HtmlReport.escape(har)).append("</a></li>"));
        return html.append("</ul></body></html>\n").toString();
    }

    /** Cold and warm medians per lane, a line from the least to the most. */
    private static String bars(Site site, List<PageLoad> loads) {
        double most = loads.stream().filter(PageLoad::finished).mapToDouble(PageLoad::loadEventMillis).max().orElse(1);
        int row = 26;
        StringBuilder svg = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\""
                + (site.lanes().size() * 2 * row + 30) + "\" font-family=\"sans-serif\" font-size=\"12\">");
        int y = 10;
        for (Lane lane : site.lanes()) {
            LaneSummary s = LaneSummary.of(lane, loads);
            for (Spread spread : List.of(s.coldLoad(), s.warmLoad())) {
                String label = lane.label() + (spread == s.coldLoad() ? " cold" : " warm");
                svg.append("<text x=\"0\" y=\"").append(y + 14).append("\">").append(label).append("</text>");
                if (!spread.isEmpty()) {
                    double scale = (WIDTH - 220) / most;
                    svg.append(String.format(Locale.ROOT, "<rect x=\"80\" y=\"%d\" width=\"%.1f\" height=\"16\" fill=\"%s\" opacity=\"%s\"/>", y,
                            spread.median() * scale, COLORS.get(lane.protocol()), spread == s.coldLoad() ? "1" : "0.5"));
                    svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#000\"/>", 80 + spread.min() * scale,
                            80 + spread.max() * scale, y + 8, y + 8));
                    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%,.0f ms</text>", 86 + spread.max() * scale, y + 13, spread.median()));
                }
                y += row;
            }
        }
        return svg.append("</svg>").toString();
    }

    private static Optional<PageLoad> medianCold(Lane lane, List<PageLoad> loads) {
        List<PageLoad> cold = loads.stream().filter(load -> load.lane() == lane && load.cold() && load.finished() && load.flag() == null)
                .sorted(Comparator.comparingDouble(PageLoad::loadEventMillis)).toList();
        return cold.isEmpty() ? Optional.empty() : Optional.of(cold.get(cold.size() / 2));
    }

    /** One row per request in the order they went out, coloured by protocol; grey where the browser does not say. */
    static String waterfall(PageLoad load) {
        List<PageLoad.Request> requests = load.requests().stream().sorted(Comparator.comparingDouble(PageLoad.Request::startMillis)).toList();
        double end = Math.max(load.loadEventMillis(), requests.stream().mapToDouble(PageLoad.Request::endMillis).max().orElse(1));
        int rowHeight = requests.size() > 200 ? 1 : 3;
        double scale = (WIDTH - 20) / end;
        StringBuilder svg = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\""
                + (requests.size() * rowHeight + 20) + "\">");
        int y = 0;
        for (PageLoad.Request request : requests) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s</title></rect>",
                    request.startMillis() * scale, y, Math.max(1, (request.endMillis() - request.startMillis()) * scale), rowHeight,
                    COLORS.getOrDefault(request.protocol(), "#999"), HtmlReport.escape(request.protocol() + " " + request.url())));
            y += rowHeight;
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%d\" stroke=\"#000\" stroke-dasharray=\"4\"/>",
                load.loadEventMillis() * scale, load.loadEventMillis() * scale, y));
        return svg.append("</svg>").toString();
    }

}
