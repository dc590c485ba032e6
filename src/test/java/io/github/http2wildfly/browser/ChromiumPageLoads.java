package io.github.http2wildfly.browser;

import io.github.http2wildfly.build.BuildCheckFailure;
import io.github.http2wildfly.comparison.BenchmarkSettings;
import io.github.http2wildfly.comparison.Cell;
import io.github.http2wildfly.comparison.Environment;
import io.github.http2wildfly.comparison.LoadLog;
import io.github.http2wildfly.comparison.ToolResults;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.RoundTripProbe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The browser beside Gatling: headless Chromium loads the page through a delay proxy per door and
 * RTT, as the Gatling simulation does, a fresh browser profile per load (new connections, nothing
 * cached), one warm-up round, doors interleaved. The time is the page's own Navigation Timing, from
 * the start of the navigation to the end of the load event. Writes chromium.json for the report.
 *
 * <p>Arguments: {@code name=value ...}: the bench.* settings and the doors' ports (h2demo.*.port,
 * jboss.socket.binding.port-offset), as the pom passes them.
 */
public final class ChromiumPageLoads {

    /** Chromium's HTTP/2 connection window: 15 MB (the stream window is 6 MB). */
    static final long CHROMIUM_HTTP2_WINDOW_BYTES = 15L * 1024 * 1024;

    private ChromiumPageLoads() {
    }

    public static void main(String[] args) throws IOException {
        HeadlessChromium.requireInstalled();
        Properties given = BenchmarkSettings.properties(args);
        BenchmarkSettings settings = BenchmarkSettings.from(given);
        Map<Integer, Double> calibration = new TreeMap<>();
        for (int rtt : settings.roundTripsMillis()) {
            calibration.put(rtt, RoundTripProbe.measure(Duration.ofMillis(rtt), 20).median().toNanos() / 1e6);
        }
        Map<Cell, DelayProxy> measured = new LinkedHashMap<>();
        Map<Cell, DelayProxy> warmup = new LinkedHashMap<>();
        Map<Cell, LoadLog> logs = new LinkedHashMap<>();
        String browserVersion = "?";
        try {
            for (Cell cell : settings.cells()) {
                measured.put(cell, proxy(cell, given));
                warmup.put(cell, proxy(cell, given));
                logs.put(cell, new LoadLog());
            }
            for (int round = 0; round < settings.warmupLoads() + settings.loads(); round++) {
                boolean counted = round >= settings.warmupLoads();
                List<Cell> order = new ArrayList<>(settings.cells());
                Collections.rotate(order, -round);
                for (Cell cell : order) {
                    DelayProxy proxy = counted ? measured.get(cell) : warmup.get(cell);
                    for (int user = 0; user < settings.users(); user++) {
                        try (HeadlessChromium chromium = new HeadlessChromium()) {
                            browserVersion = chromium.driver().getCapabilities().getBrowserVersion();
                            Map<String, String> report = chromium.loadWall(
                                    cell.door().scheme() + "://127.0.0.1:" + proxy.port() + settings.pagePath());
                            if (counted) {
                                int missing = settings.imageCount() - Integer.parseInt(report.get("images"));
                                logs.get(cell).record(Double.parseDouble(report.get("loadMillis")), missing,
                                        Long.parseLong(report.get("imageEntries")) + 1);
                            }
                        }
                    }
                }
                System.out.printf("Chromium: round %d of %d done%n", round + 1, settings.warmupLoads() + settings.loads());
            }
            ToolResults results = new ToolResults("chromium", CHROMIUM_HTTP2_WINDOW_BYTES,
                    settings.cells().stream().map(cell -> logs.get(cell).result(cell, measured.get(cell))).toList(),
                    calibration, Environment.describe(settings, "Chromium " + browserVersion + " (headless)", given));
            System.out.println("Wrote " + results.write(settings.outputDirectory()));
        } catch (RuntimeException e) {
            throw new BuildCheckFailure("Chromium could not load the page: " + e.getMessage().lines().findFirst().orElse(""));
        } finally {
            for (DelayProxy proxy : measured.values()) {
                proxy.close();
            }
            for (DelayProxy proxy : warmup.values()) {
                proxy.close();
            }
        }
    }

    private static DelayProxy proxy(Cell cell, Properties ports) throws IOException {
        return DelayProxy.withRoundTrip(new InetSocketAddress("127.0.0.1", cell.door().port(ports)),
                Duration.ofMillis(cell.rttMillis()));
    }
}
