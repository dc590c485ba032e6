package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.comparison.report.ReportPage;
import io.github.http2wildfly.measure.statistics.Spread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The answer for one page: the lanes' medians and spreads on the console, and in
 * target/comparison/url/HOST_PORT/ every load and what the report shows of each lane (loads.json), the report drawn
 * from it (report.html from gatling/resources/report/your-page.html: the lanes side by side, the protocols by origin,
 * one waterfall per lane) and a HAR file per load.
 */
final class UrlReport {


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
        all.put("origin", site.origin());
        all.put("notes", site.notes());
        all.put("browser", "Chromium " + browserVersion + " (headless)");
        all.put("date", LocalDate.now().toString());
        all.put("cpus", Runtime.getRuntime().availableProcessors());
        all.put("roundTripMillis", site.roundTripMillis());
        all.put("lanes", Arrays.stream(Lane.values()).map(lane -> lane(site, loads, lane)).toList());
        all.put("hars", hars);
        all.put("loads", loads);
        return ReportPage.write(directory, "your-page.html", "loads.json", all);
    }

    /** What the report shows of one lane: its summary, the protocols of its first cold load, its median cold load. */
    private static Map<String, Object> lane(Site site, List<PageLoad> loads, Lane lane) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("lane", lane.label());
        one.put("protocol", lane.protocol());
        one.put("offered", site.lanes().contains(lane));
        if (site.lanes().contains(lane)) {
            LaneSummary summary = LaneSummary.of(lane, loads);
            one.put("coldLoad", spread(summary.coldLoad()));
            one.put("warmLoad", spread(summary.warmLoad()));
            one.put("coldLcp", spread(summary.coldLcp()));
            one.put("coldLastImage", spread(summary.coldLastImage()));
            one.put("handshakeMillis", summary.roundTripMillis());
            one.put("counted", summary.counted());
            one.put("offLane", summary.offLane());
            one.put("failed", summary.failed());
            loads.stream().filter(load -> load.lane() == lane && load.cold() && load.finished()).findFirst()
                    .ifPresent(load -> one.put("protocolsByOrigin", load.protocolsByOrigin(site.origin())));
            medianCold(lane, loads).ifPresent(load -> one.put("medianCold", load));
        }
        return one;
    }

    /** A spread as the report shows it: its median, least and most, and the console's text; null for no loads. */
    private static Map<String, Object> spread(Spread spread) {
        return spread.isEmpty() ? null
                : Map.of("median", spread.median(), "min", spread.min(), "max", spread.max(), "text", spread.text());
    }

    private static Optional<PageLoad> medianCold(Lane lane, List<PageLoad> loads) {
        List<PageLoad> cold = loads.stream().filter(load -> load.lane() == lane && load.cold() && load.finished() && load.flag() == null)
                .sorted(Comparator.comparingDouble(PageLoad::loadEventMillis)).toList();
        return cold.isEmpty() ? Optional.empty() : Optional.of(cold.get(cold.size() / 2));
    }
}
