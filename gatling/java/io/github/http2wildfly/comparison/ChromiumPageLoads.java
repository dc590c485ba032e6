package io.github.http2wildfly.comparison;

import io.github.http2wildfly.build.BuildCheckFailure;
import io.github.http2wildfly.shared.BrowserCpu;
import io.github.http2wildfly.shared.HeadlessChromium;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The browser beside Gatling: headless Chromium loads the page through the same emulation and rounds
 * (ComparisonRun). One browser for the run, a fresh browser context per load (as an incognito window: new
 * connections, nothing cached, no TLS session to resume), which saves starting a browser per load. The time is
 * the page's own Navigation Timing, from the start of the navigation to the end of the load event; the page and
 * its images must have come over the door's protocol (Resource Timing's nextHopProtocol), HTTP/3 with QUIC
 * forced to the run's HTTP/3 doors. What each load cost the browser's CPU is counted beside its time (all its
 * processes, and its network service: {@link BrowserCpu}), from before the navigation to the page's report.
 * Writes {@code <tool>.json} for the report.
 */
public final class ChromiumPageLoads {

    /** Chromium's HTTP/2 connection window: 15 MB (the stream window is 6 MB). */
    static final long CHROMIUM_HTTP2_WINDOW_BYTES = 15L * 1024 * 1024;

    private ChromiumPageLoads() {
    }

    /** Every round of the run in one browser, then its results written as {@code tool}.json. */
    public static Path measure(ComparisonRun run, String tool) throws IOException {
        HeadlessChromium.requireInstalled();
        ComparisonSettings settings = run.settings();
        try (HeadlessChromium chromium = HeadlessChromium.forcingQuic(run.quicOrigins())) {
            System.out.println(tool + ": round trips measured through " + run.emulation().describe() + " (setting -> median ms): "
                    + run.calibrate());
            int done = 0;
            for (ComparisonRun.Round round : run.rounds()) {
                for (Cell cell : round.cells()) {
                    for (int user = 0; user < settings.users(); user++) {
                        run.emulation().before(cell, round.number());
                        try (HeadlessChromium.FreshContext context = chromium.freshContext()) {
                            BrowserCpu before = chromium.cpu();
                            Map<String, String> report = load(chromium, run.pageUrl(cell, round.counted()), cell);
                            BrowserCpu.Use cpu = chromium.cpu().since(before);
                            requireProtocol(cell, report);
                            if (round.counted()) {
                                int missing = settings.imageCount() - Integer.parseInt(report.get("images"));
                                run.log(cell).record(Double.parseDouble(report.get("loadMillis")), missing,
                                        Long.parseLong(report.get("imageEntries")) + 1, cpu.browserMillis(), cpu.networkMillis());
                            }
                        }
                        run.emulation().after(cell, round.counted());
                    }
                }
                System.out.printf("%s: %s done (%d of %d)%n", tool, round.name(), ++done, run.rounds().size());
            }
            return run.results(tool, CHROMIUM_HTTP2_WINDOW_BYTES, "Chromium "
                    + chromium.driver().getCapabilities().getBrowserVersion() + " (headless)").write(settings.outputDirectory());
        } catch (RuntimeException e) {
            throw new BuildCheckFailure("Chromium could not load the page: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }

    /** The wall's own report, or a failure that names the cell. */
    private static Map<String, String> load(HeadlessChromium chromium, String url, Cell cell) {
        try {
            return chromium.loadWall(url);
        } catch (RuntimeException e) {
            throw new IllegalStateException(cell.label() + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        }
    }

    /** A load over another protocol than its door's would be counted for the wrong lane: the run stops instead. */
    static void requireProtocol(Cell cell, Map<String, String> report) {
        String expected = cell.door().protocol();
        String images = report.getOrDefault("imageProtocols", "");
        if (!expected.equals(report.get("protocol")) || !images.isEmpty() && !images.equals(expected)) {
            throw new IllegalStateException(cell.label() + " came over "
                    + report.get("protocol") + " (images: " + images + "), not " + expected);
        }
    }
}
