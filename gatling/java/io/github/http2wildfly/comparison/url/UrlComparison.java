package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Your page over the real network: for each URL, headless Chromium loads it over HTTP/1.1, HTTP/2 and,
 * where the server offers it, HTTP/3, one browser per lane, the lanes interleaved round by round (so a
 * network's drift hits all alike), a cold load (fresh browser context) and a warm one (the lane's kept
 * profile) per round. No server of ours, no proxy. A page that cannot be measured is one line; the run
 * fails only when none could be.
 */
public final class UrlComparison {

    private UrlComparison() {
    }

    /** @return the report of each page that could be measured */
    public static List<Path> run(UrlSettings settings, PrintStream out) throws IOException {
        HeadlessChromium.requireInstalled();
        SiteProbe probe;
        try {
            probe = new SiteProbe(settings.trustedCertificate());
        } catch (SiteProblem bad) {
            throw new ComparisonFailure(bad.getMessage());
        }
        List<Path> reports = new ArrayList<>();
        for (URI url : settings.urls()) {
            out.println("Your page: " + url);
            try {
                Site site = probe.probe(url);
                site.notes().forEach(note -> out.println("  " + note));
                reports.add(measure(site, settings, out));
            } catch (SiteProblem problem) {
                out.println("  " + problem.getMessage());
            }
        }
        if (reports.isEmpty()) {
            throw new ComparisonFailure("No page could be measured (see the lines above)");
        }
        return reports;
    }

    static Path measure(Site site, UrlSettings settings, PrintStream out) throws IOException {
        out.println("  loading " + site.page() + " from this machine: " + settings.rounds() + " rounds of "
                + site.lanes().stream().map(Lane::label).toList() + ", cold and warm");
        Map<Lane, LaneBrowser> browsers = new LinkedHashMap<>();
        List<PageLoad> loads = new ArrayList<>();
        try {
            for (Lane lane : site.lanes()) {
                browsers.put(lane, new LaneBrowser(lane, site, settings.trustedCertificate(), settings.timeout()));
            }
            for (int round = 0; round < settings.rounds(); round++) {
                List<Lane> order = new ArrayList<>(site.lanes());
                Collections.rotate(order, -round);
                for (boolean cold : new boolean[] {true, false}) {
                    for (Lane lane : order) {
                        PageLoad load = browsers.get(lane).load(round, cold);
                        if (load.flag() != null) {
                            out.println("  " + lane.label() + " round " + round + (cold ? " cold" : " warm") + ": " + load.flag());
                        }
                        loads.add(load);
                    }
                }
            }
            String version = browsers.values().iterator().next().browserVersion();
            Path report = UrlReport.write(site, settings, loads, version);
            UrlReport.summary(site, loads).forEach(line -> out.println("  " + line));
            out.println("  report: " + report + " (HAR files beside it)");
            return report;
        } finally {
            for (LaneBrowser browser : browsers.values()) {
                browser.close();
            }
        }
    }
}
