package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.latency.DatagramDelayProxy;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.EmulatingProxy;
import io.github.http2wildfly.latency.Network;
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
import java.util.stream.Stream;

/**
 * What every tool of the comparison (Gatling, Chromium) runs the same way: per cell (door and condition) a delay proxy for
 * the measured loads and one for the warm-ups (so a proxy's counters are its cell's connections and
 * bytes), the calibration of the emulated latency, the rounds with the doors in a new order each time
 * (so the machine's drift hits all alike), and the results. A tool only loads pages.
 *
 * <p>HTTP/3's cells go through a {@link DatagramDelayProxy} under the same network as the TCP doors'
 * {@link DelayProxy}, and only for a tool that speaks HTTP/3.
 */
public final class ComparisonRun implements AutoCloseable {

    /** One pass over every cell: the warm-ups first, not counted. */
    public record Round(String name, boolean counted, List<Cell> cells) {
    }

    static final int CALIBRATION_ATTEMPTS = 5;

    private final ComparisonSettings settings;
    private final List<Cell> cells;
    private final Map<Cell, EmulatingProxy> measured = new LinkedHashMap<>();
    private final Map<Cell, EmulatingProxy> warmup = new LinkedHashMap<>();
    private final Map<Cell, LoadLog> logs = new LinkedHashMap<>();
    private final Map<Integer, Double> calibration = new TreeMap<>();
    private final ServerNetwork server;

    /** @param speaksHttp3 whether the tool loads HTTP/3's cells (Chromium) or leaves them out (Gatling) */
    public ComparisonRun(ComparisonSettings settings, boolean speaksHttp3) {
        this.settings = settings;
        this.cells = settings.cells().stream().filter(cell -> speaksHttp3 || !cell.door().overQuic()).toList();
        this.server = new ServerNetwork("http://127.0.0.1:" + settings.ports().get(Door.HTTP_1_1));
        try {
            for (Cell cell : cells) {
                measured.put(cell, proxy(cell));
                if (warmsUp(cell)) {
                    warmup.put(cell, proxy(cell));
                }
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

    /** The cells this tool loads. */
    public List<Cell> cells() {
        return cells;
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

    /**
     * The warm-up rounds first, not counted: each door and size once without a network, which warms the
     * server's and the client's code as well as any network would, in a fraction of the time. Then the
     * counted rounds over every cell.
     */
    public List<Round> rounds() {
        List<Round> rounds = new ArrayList<>();
        for (int round = 0; round < settings.warmupLoads(); round++) {
            rounds.add(new Round("warm-up " + round, false, rotated(round).stream().filter(ComparisonRun::warmsUp).toList()));
        }
        for (int round = 0; round < settings.loads(); round++) {
            rounds.add(new Round("load " + round, true, rotated(round)));
        }
        return rounds;
    }

    /** Where a load of this cell connects to: the measured proxy in a counted round, the warm-up one otherwise. */
    public String baseUrl(Cell cell, boolean counted) {
        return cell.door().scheme() + "://" + origin((counted ? measured : warmup).get(cell));
    }

    /** Every HTTP/3 proxy of this run, the warm-ups' too: the origins a browser forces QUIC to. */
    public List<String> quicOrigins() {
        return Stream.of(measured, warmup).flatMap(proxies -> proxies.entrySet().stream())
                .filter(proxy -> proxy.getKey().door().overQuic()).map(proxy -> origin(proxy.getValue())).toList();
    }

    /** host:port of a proxy, as Chromium's --origin-to-force-quic-on names an origin. */
    private static String origin(EmulatingProxy proxy) {
        return "127.0.0.1:" + proxy.port();
    }

    /**
     * Before a load of this cell: door 4 answers loss with the cell's congestion control (the TCP doors' is
     * their proxy's, one per cell; quiche's is the server's).
     */
    public void prepare(Cell cell) {
        if (cell.door().overQuic()) {
            server.congestionControl(cell.condition().congestionControl());
        }
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
                cells.stream().map(cell -> logs.get(cell).result(cell, measured.get(cell))).toList(),
                calibration, Environment.describe(settings, client));
    }

    @Override
    public void close() {
        measured.values().forEach(ComparisonRun::closeQuietly);
        warmup.values().forEach(ComparisonRun::closeQuietly);
    }

    private static boolean warmsUp(Cell cell) {
        return cell.condition().equals(cell.condition().withoutNetwork());
    }

    private List<Cell> rotated(int round) {
        List<Cell> rotated = new ArrayList<>(cells);
        Collections.rotate(rotated, -round);
        return rotated;
    }

    /** The cell's emulated network: a TCP delay proxy, or a datagram one for HTTP/3. */
    private EmulatingProxy proxy(Cell cell) throws IOException {
        InetSocketAddress door = new InetSocketAddress("127.0.0.1", settings.ports().get(cell.door()));
        Network network = cell.condition().network();
        return cell.door().overQuic() ? DatagramDelayProxy.emulating(door, network, settings.seed())
                : DelayProxy.emulating(door, network, settings.seed());
    }

    private static void closeQuietly(EmulatingProxy proxy) {
        try {
            proxy.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
