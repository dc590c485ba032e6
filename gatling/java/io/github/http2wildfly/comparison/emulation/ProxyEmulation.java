package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.H3Edge;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.DatagramDelayProxy;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.EmulatingProxy;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.measure.net.DatagramEcho;
import io.github.http2wildfly.measure.net.RoundTripProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The model: per cell a delay proxy on loopback for the measured loads and one for the warm-ups (so a proxy's
 * counters are its cell's connections and bytes), TCP ({@link DelayProxy}, whose senders' window is the cell's
 * congestion control) or UDP for HTTP/3 ({@link DatagramDelayProxy}, where door 4's quiche answers real drops
 * with the cell's algorithm, set in the server before each load).
 */
public final class ProxyEmulation implements Emulation {

    static final int CALIBRATION_ATTEMPTS = 5;

    private final Map<Cell, EmulatingProxy> measured = new LinkedHashMap<>();
    private final Map<Cell, EmulatingProxy> warmup = new LinkedHashMap<>();
    private final Map<String, String> figures = new LinkedHashMap<>();
    /** Per cell, how long its TCP senders waited on the browser's receive window in each counted load (ms). */
    private final Map<Cell, List<Long>> receiveWindowWaits = new LinkedHashMap<>();
    private final Map<Cell, Duration> waitedBefore = new LinkedHashMap<>();
    private final long seed;
    private final ServerNetwork server;
    /** The HTTP/3 cells' edge when it is not door 4 (comparison.h3.edge=caddy), else null. */
    private CaddyEdge caddy;

    public ProxyEmulation(ComparisonSettings settings, List<Cell> cells) {
        this.server = new ServerNetwork("http://127.0.0.1:" + settings.server().ports().get(Door.HTTP_1_1));
        this.seed = settings.seed();
        try {
            if (settings.server().h3Edge() == H3Edge.CADDY && cells.stream().anyMatch(cell -> cell.door().overQuic())) {
                caddy = CaddyEdge.start(settings.outputDirectory().resolve("caddy"),
                        new InetSocketAddress("127.0.0.1", settings.server().ports().get(Door.HTTP_1_1)),
                        settings.server().keystore().identity());
            }
            for (Cell cell : cells) {
                measured.put(cell, proxy(cell, settings));
                if (cell.hasNoNetwork()) {
                    warmup.put(cell, proxy(cell, settings));
                }
            }
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("Cannot start a delay proxy", e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public String origin(Cell cell, boolean counted) {
        return origin((counted ? measured : warmup).get(cell));
    }

    @Override
    public List<String> quicOrigins() {
        return Stream.of(measured, warmup).flatMap(proxies -> proxies.entrySet().stream())
                .filter(proxy -> proxy.getKey().door().overQuic()).map(proxy -> origin(proxy.getValue())).toList();
    }

    @Override
    public void before(Cell cell, int round) {
        if (cell.door().overQuic()) {
            server.congestionControl(cell.condition().congestionControl());
        }
        if (measured.get(cell) instanceof DelayProxy tcp) {
            waitedBefore.put(cell, tcp.receiveWindowWaits());
        }
    }

    @Override
    public void after(Cell cell, boolean counted) {
        // each proxy counts its own cell's traffic
    }

    @Override
    public void loaded(Cell cell, boolean counted) {
        if (counted && measured.get(cell) instanceof DelayProxy tcp && waitedBefore.containsKey(cell)) {
            receiveWindowWaits.computeIfAbsent(cell, waits -> new ArrayList<>())
                    .add(tcp.receiveWindowWaits().minus(waitedBefore.get(cell)).toMillis());
        }
    }

    @Override
    public Traffic traffic(Cell cell) {
        EmulatingProxy proxy = measured.get(cell);
        return new Traffic(proxy.connectionsAccepted(), proxy.bytesForwarded(), 0, 0); // TCP proxies see bytes, not packets
    }

    /**
     * What the delay proxy really adds at each RTT. A fresh JVM, or a server that has just booted beside it, can
     * make the first measurement slow: up to {@value #CALIBRATION_ATTEMPTS} attempts, the first one within the
     * tolerance counts.
     */
    @Override
    public Map<Integer, Double> calibrate(List<Integer> roundTripsMillis) {
        Map<Integer, Double> calibration = new TreeMap<>();
        for (int rtt : roundTripsMillis) {
            for (int attempt = 1; attempt <= CALIBRATION_ATTEMPTS; attempt++) {
                try {
                    calibration.put(rtt, RoundTripProbe.measure(Duration.ofMillis(rtt), 20).median().toNanos() / 1e6);
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot calibrate the delay proxy", e);
                }
                if (Emulation.isCalibrated(rtt, calibration.get(rtt))) {
                    break;
                }
            }
            figures.put("model, round trip at RTT " + rtt, String.format(Locale.ROOT,
                    "TCP %.2f ms (delay proxy), UDP datagram %.2f ms (datagram proxy), medians of 20", calibration.get(rtt), datagramRoundTrip(rtt)));
        }
        return calibration;
    }

    /** A datagram's round trip through a datagram proxy at this setting, as HTTP/3's packets take the model's network. */
    private double datagramRoundTrip(int rtt) {
        try (DatagramEcho echo = new DatagramEcho(new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
                EmulatingProxy proxy = DatagramDelayProxy.emulating(echo.address(), Network.latency(Duration.ofMillis(rtt)), seed)) {
            return RoundTripProbe.datagrams(new InetSocketAddress(InetAddress.getLoopbackAddress(), proxy.port()), 20, Duration.ofSeconds(10)).median();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot measure a datagram's round trip through the model", e);
        }
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("network", describe());
        environment.putAll(figures);
        receiveWindowWaits.forEach((cell, waits) -> {
            if (cell.condition().rttMillis() > 0) {
                // the same statistic as the lab's senders (LabEmulation): the median of the loads
                long[] sorted = waits.stream().mapToLong(Long::longValue).sorted().toArray();
                environment.put("model's TCP senders, " + cell.label(), String.format(Locale.ROOT,
                        "waited on the browser's receive window %d ms (median of %d loads)", sorted[sorted.length / 2], sorted.length));
            }
        });
        return environment;
    }

    @Override
    public String describe() {
        return "the model: delay proxies on loopback (TCP terminated on each side, its senders modelled; HTTP/3's datagrams"
                + " really dropped)" + (caddy == null ? "" : "; " + caddy.describe());
    }

    @Override
    public void close() {
        if (caddy != null) {
            caddy.close();
        }
        Stream.of(measured, warmup).flatMap(proxies -> proxies.values().stream()).forEach(proxy -> {
            try {
                proxy.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        });
    }

    /** host:port of a proxy, as Chromium's --origin-to-force-quic-on names an origin. */
    private static String origin(EmulatingProxy proxy) {
        return "127.0.0.1:" + proxy.port();
    }

    /** The cell's emulated network: a TCP delay proxy, or a datagram one for HTTP/3. */
    private EmulatingProxy proxy(Cell cell, ComparisonSettings settings) throws IOException {
        InetSocketAddress door = cell.door().overQuic() && caddy != null ? caddy.address()
                : new InetSocketAddress("127.0.0.1", settings.server().ports().get(cell.door()));
        Network network = cell.condition().network();
        return cell.door().overQuic() ? DatagramDelayProxy.emulating(door, network, settings.seed())
                : DelayProxy.emulating(door, network, settings.seed());
    }
}
