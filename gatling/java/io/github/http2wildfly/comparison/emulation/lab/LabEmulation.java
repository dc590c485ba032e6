package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.comparison.emulation.ServerProcess;
import io.github.http2wildfly.comparison.emulation.Emulation;
import io.github.http2wildfly.comparison.emulation.ServerNetwork;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.Environment;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.measure.net.DatagramEcho;
import io.github.http2wildfly.measure.net.RoundTripProbe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The comparison through the lab: every cell's loads cross the same wire, set to the cell's network just before
 * each load (round trip, loss with the run's seed, link rate), with the cell's congestion control in both
 * kernels and in door 4's quiche. The server is the lab's ({@link LabServer}), so every door is reached at
 * {@link Lab#SERVER} on the comparison's ports.
 */
public final class LabEmulation implements Emulation {

    /** Bytes of the forwarding check: enough for a flow to leave slow start far behind. */
    private static final int FORWARDING_CHECK_BYTES = 64 << 20;
    private static final int CALIBRATION_SAMPLES = 20;

    private final Lab lab;
    private final ComparisonSettings settings;
    private final ServerProcess server;
    private final ServerNetwork serverNetwork;
    private final Map<Cell, Traffic> traffic = new HashMap<>();
    private final Map<String, String> figures = new LinkedHashMap<>();
    /** Per cell, each counted load's server-side TCP senders: ms busy, ms of it waiting on the browser's receive window. */
    private final Map<Cell, List<SenderTime>> senderTimes = new LinkedHashMap<>();
    private Map<String, SenderTime> sendersBefore = Map.of();
    private LinkEmulator.Traffic before;
    private LinkEmulator.Traffic beforeUp;

    public LabEmulation(Lab lab, ComparisonSettings settings, ServerProcess server) {
        this.lab = lab;
        this.settings = settings;
        this.server = server;
        this.serverNetwork = new ServerNetwork("http://" + Lab.SERVER.getHostAddress() + ":" + settings.server().ports().get(Door.HTTP_1_1));
    }

    @Override
    public String origin(Cell cell, boolean counted) {
        return Lab.SERVER.getHostAddress() + ":" + settings.server().ports().get(cell.door());
    }

    @Override
    public List<String> quicOrigins() {
        return List.of(Lab.SERVER.getHostAddress() + ":" + settings.server().ports().get(Door.HTTP_3));
    }

    @Override
    public void before(Cell cell, int round) {
        Network network = cell.condition().network();
        // another draw of losses each round, the same in every run
        lab.network(network, settings.seed() + 1_000_003L * round);
        if (cell.door().overQuic()) {
            lab.server().call(() -> {
                serverNetwork.congestionControl(network.congestionControl());
                return null;
            });
        }
        before = lab.traffic();
        beforeUp = lab.upstream();
        sendersBefore = measuresSenders(cell) ? senders(cell) : Map.of();
    }

    @Override
    public void after(Cell cell, boolean counted) {
        if (counted) {
            LinkEmulator.Traffic up = lab.upstream().minus(beforeUp);
            LinkEmulator.Traffic both = lab.traffic().minus(before);
            traffic.merge(cell, new Traffic(up.tcpConnections() + up.udpFlows(), both.bytes(), up.packets(),
                    both.packets() - up.packets()), (a, b) -> new Traffic(a.connections() + b.connections(),
                    a.bytes() + b.bytes(), a.packetsUp() + b.packetsUp(), a.packetsDown() + b.packetsDown()));
        }
    }

    /**
     * What the kernel says of the server's TCP senders of this load (TCP_INFO through {@code ss -ti}, while the browser still
     * holds its connections): how long they were busy, and how much of it they waited on the browser's receive window,
     * which a browser busy with the page's work lets fill. The model's proxy cannot see that window: the browser reads from
     * the proxy's loopback socket, whose buffers the kernel tunes to megabytes. Counted from what the same connections
     * had before the load, as a browser may keep an earlier load's connections open (Firefox's user contexts do).
     */
    @Override
    public void loaded(Cell cell, boolean counted) {
        if (counted && measuresSenders(cell)) {
            senderTimes.computeIfAbsent(cell, c -> new ArrayList<>()).add(SenderTime.since(sendersBefore, senders(cell)));
        }
    }

    private boolean measuresSenders(Cell cell) {
        return !cell.door().overQuic() && cell.condition().rttMillis() > 0;
    }

    private Map<String, SenderTime> senders(Cell cell) {
        return SenderTime.perConnection(lab.server().run("ss", "-tin", "state", "established", "sport", "= :"
                + settings.server().ports().get(cell.door())));
    }

    /** The busy and receive-window-limited times (ms) of a sender, or of several summed. */
    record SenderTime(long busyMillis, long receiveWindowMillis) {

        private static final Pattern BUSY = Pattern.compile("\\bbusy:(\\d+)ms");
        private static final Pattern RECEIVE_WINDOW = Pattern.compile("\\brwnd_limited:(\\d+)ms");
        /** A socket's line of {@code ss -tin state established}: Recv-Q, Send-Q, local and peer address; its figures follow indented. */
        private static final Pattern SOCKET = Pattern.compile("^\\d+\\s+\\d+\\s+(\\S+)\\s+(\\S+)");

        /** Each connection's times, by its local and peer address, from what {@code ss -tin} printed. */
        static Map<String, SenderTime> perConnection(String ss) {
            Map<String, SenderTime> senders = new LinkedHashMap<>();
            String connection = null;
            for (String line : ss.lines().toList()) {
                var socket = SOCKET.matcher(line);
                if (socket.find()) {
                    connection = socket.group(1) + " " + socket.group(2);
                } else if (connection != null && !line.isBlank() && Character.isWhitespace(line.charAt(0))) {
                    senders.put(connection, new SenderTime(first(BUSY, line), first(RECEIVE_WINDOW, line)));
                    connection = null;
                }
            }
            return senders;
        }

        /** What the connections of {@code now} did since {@code before}: new ones all they did, older ones the difference. */
        static SenderTime since(Map<String, SenderTime> before, Map<String, SenderTime> now) {
            long busy = 0;
            long receiveWindow = 0;
            for (Map.Entry<String, SenderTime> sender : now.entrySet()) {
                SenderTime earlier = before.getOrDefault(sender.getKey(), new SenderTime(0, 0));
                busy += sender.getValue().busyMillis() - earlier.busyMillis();
                receiveWindow += sender.getValue().receiveWindowMillis() - earlier.receiveWindowMillis();
            }
            return new SenderTime(busy, receiveWindow);
        }

        private static long first(Pattern pattern, String line) {
            var match = pattern.matcher(line);
            return match.find() ? Long.parseLong(match.group(1)) : 0;
        }
    }

    @Override
    public Traffic traffic(Cell cell) {
        return traffic.getOrDefault(cell, new Traffic(0, 0, 0, 0));
    }

    /**
     * The round trip a TCP connect takes across the wire at each setting (the median of 20), and beside it a UDP
     * datagram's (to an echo in the server's namespace): HTTP/3's packets and TCP's cross the same wire and must
     * take the same time; and what the wire costs where it should cost nothing: the connect time at a round trip
     * of 0, and the rate of one TCP flow.
     */
    @Override
    public Map<Integer, Double> calibrate(List<Integer> roundTripsMillis) {
        Map<Integer, Double> calibration = new TreeMap<>();
        InetSocketAddress door1 = new InetSocketAddress(Lab.SERVER, settings.server().ports().get(Door.HTTP_1_1));
        List<Integer> settingsToMeasure = new ArrayList<>(roundTripsMillis);
        if (!settingsToMeasure.contains(0)) {
            settingsToMeasure.add(0, 0);
        }
        try (DatagramEcho echo = new DatagramEcho(lab.server().call(() -> new DatagramSocket(new InetSocketAddress(Lab.SERVER, 0))))) {
            for (int rtt : settingsToMeasure) {
                lab.network(Network.latency(Duration.ofMillis(rtt)), settings.seed());
                double median = lab.client().call(() -> RoundTripProbe.connects(door1, CALIBRATION_SAMPLES, Duration.ofSeconds(10)).median());
                double udp = lab.client().call(() -> RoundTripProbe.datagrams(echo.address(), CALIBRATION_SAMPLES, Duration.ofSeconds(10)).median());
                figures.put("lab wire, round trip at RTT " + rtt, String.format(Locale.ROOT,
                        "TCP connect %.2f ms, UDP datagram %.2f ms (medians of %d)", median, udp, CALIBRATION_SAMPLES));
                if (roundTripsMillis.contains(rtt)) {
                    calibration.put(rtt, median);
                }
            }
        }
        figures.put("lab wire, forwarding rate at RTT 0", String.format(Locale.ROOT, "%.0f Mbit/s (one TCP flow, %d MiB)",
                forwardingMbps(), FORWARDING_CHECK_BYTES >> 20));
        return calibration;
    }

    /** One TCP flow from the server's namespace to the client's at RTT 0: the wire's own ceiling. */
    private double forwardingMbps() {
        try (ServerSocket listener = lab.server().call(() -> new ServerSocket(0, 1, Lab.SERVER))) {
            Thread sender = new Thread(() -> {
                try (Socket socket = listener.accept(); OutputStream out = socket.getOutputStream()) {
                    byte[] chunk = new byte[64 << 10];
                    for (int sent = 0; sent < FORWARDING_CHECK_BYTES; sent += chunk.length) {
                        out.write(chunk);
                    }
                } catch (IOException e) {
                    // the reader reports what arrived
                }
            }, "lab-forwarding-check");
            sender.start();
            return lab.client().call(() -> {
                try (Socket socket = new Socket(Lab.SERVER, listener.getLocalPort()); InputStream in = socket.getInputStream()) {
                    byte[] buffer = new byte[64 << 10];
                    long start = System.nanoTime();
                    long received = 0;
                    for (int read; (read = in.read(buffer)) >= 0; ) {
                        received += read;
                    }
                    return received * 8 / ((System.nanoTime() - start) / 1e3);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("The lab's forwarding check failed", e);
        }
    }

    @Override
    public String describe() {
        return "the lab: two Linux network namespaces joined by a TUN link emulator; the kernel's TCP with the cell's"
                + " congestion control on both sides, real QUIC datagrams";
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("network", describe());
        environment.put("server", Environment.runningServer(server.log()));
        environment.putAll(figures);
        senderTimes.forEach((cell, times) -> environment.put("lab server's TCP senders, " + cell.label(), String.format(Locale.ROOT,
                "waited on the browser's receive window %d of %d ms busy (medians of %d loads; ss -ti)",
                median(times.stream().mapToLong(SenderTime::receiveWindowMillis)), median(times.stream().mapToLong(SenderTime::busyMillis)),
                times.size())));
        return environment;
    }

    private static long median(java.util.stream.LongStream values) {
        long[] sorted = values.sorted().toArray();
        return sorted[sorted.length / 2];
    }

    @Override
    public void close() {
        // the lab and its server are closed by whoever opened them
    }
}
