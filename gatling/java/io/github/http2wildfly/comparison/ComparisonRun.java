package io.github.http2wildfly.comparison;

import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.shared.RoundTripProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every tool of the comparison (Gatling, Chromium) runs the same way: per cell (door and condition) a delay proxy for
 * the measured loads and one for the warm-ups (so a proxy's counters are its cell's connections and
 * bytes), the calibration of the emulated latency, the rounds with the doors in a new order each time
 * (so the machine's drift hits all alike), and the results. A tool only loads pages.
 */
public final class ComparisonRun implements AutoCloseable {

    /** One pass over every cell: the warm-ups first, not counted. */
    public record Round(String name, boolean counted, List<Cell> cells) {
    }

    static final int CALIBRATION_ATTEMPTS = 5;

    private final ComparisonSettings settings;
    private final Map<Cell, DelayProxy> measured = new LinkedHashMap<>();
    private final Map<Cell, DelayProxy> warmup = new LinkedHashMap<>();
    private final Map<Cell, LoadLog> logs = new LinkedHashMap<>();
    private final Map<Integer, Double> calibration = new TreeMap<>();

    public ComparisonRun(ComparisonSettings settings) {
        this.settings = settings;
        try {
            for (Cell cell : settings.cells()) {
                measured.put(cell, proxy(cell));
                warmup.put(cell, proxy(cell));
                logs.put(cell, new LoadLog());
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("Cannot start a delay proxy", e);
        }
    }

    public ComparisonSettings settings() {
        return settings;
    }

    /**
     * Measures what the delay proxy really adds at each RTT; the report fails a run more than 10 % off.
     * A fresh JVM, or a server that has just booted beside it, can make the first measurement slow:
     * up to {@value #CALIBRATION_ATTEMPTS} attempts, the first one within the tolerance counts.
     */
    public Map<Integer, Double> calibrate() {
        for (int rtt : settings.roundTripsMillis()) {
            for (int attempt = 1; attempt <= CALIBRATION_ATTEMPTS; attempt++) {
                try {
                    calibration.put(rtt, RoundTripProbe.measure(Duration.ofMillis(rtt), 20).median().toNanos() / 1e6);
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot calibrate the delay proxy", e);
                }
                if (Comparison.isCalibrated(rtt, calibration.get(rtt))) {
                    break;
                }
            }
        }
        return calibration;
    }

    public List<Round> rounds() {
        List<Round> rounds = new ArrayList<>();
        for (int round = 0; round < settings.warmupLoads(); round++) {
            rounds.add(new Round("warm-up " + round, false, rotated(round)));
        }
        for (int round = 0; round < settings.loads(); round++) {
            rounds.add(new Round("load " + round, true, rotated(round)));
        }
        return rounds;
    }

    /** Where a load of this cell connects to: the measured proxy in a counted round, the warm-up one otherwise. */
    public String baseUrl(Cell cell, boolean counted) {
        DelayProxy proxy = (counted ? measured : warmup).get(cell);
        return cell.door().scheme() + "://127.0.0.1:" + proxy.port();
    }

    /** The page of this cell, on its door's proxy. */
    public String pageUrl(Cell cell, boolean counted) {
        return baseUrl(cell, counted) + settings.pagePath(cell.condition());
    }

    public LoadLog log(Cell cell) {
        return logs.get(cell);
    }

    public ToolResults results(String tool, long clientWindowBytes, String client) {
        return new ToolResults(tool, clientWindowBytes, settings.imageCount(), settings.imageBytes(),
                settings.cells().stream().map(cell -> logs.get(cell).result(cell, measured.get(cell))).toList(),
                calibration, Environment.describe(settings, client));
    }

    @Override
    public void close() {
        for (DelayProxy proxy : measured.values()) {
            closeQuietly(proxy);
        }
        for (DelayProxy proxy : warmup.values()) {
            closeQuietly(proxy);
        }
    }

    private List<Cell> rotated(int round) {
        List<Cell> cells = new ArrayList<>(settings.cells());
        Collections.rotate(cells, -round);
        return cells;
    }

    private DelayProxy proxy(Cell cell) throws IOException {
        return DelayProxy.emulating(new InetSocketAddress("127.0.0.1", settings.ports().get(cell.door())),
                cell.condition().network(), settings.seed());
    }

    private static void closeQuietly(DelayProxy proxy) {
        try {
            proxy.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
