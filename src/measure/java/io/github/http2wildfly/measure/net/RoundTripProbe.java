package io.github.http2wildfly.measure.net;

import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.measure.statistics.Spread;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * Measures what a delay proxy really adds: the time to connect and get a first answer, and the
 * round-trip time of one byte on an open connection, through a proxy in front of an echo server; and the
 * round trip to any server, as TCP connects take it, or to a datagram echo, as UDP's packets take it.
 */
public final class RoundTripProbe {

    /** Connection set-up to first echo, and the sorted round trips that followed, in nanoseconds. */
    public record Measurement(long firstAnswerNanos, long[] roundTripNanos) {

        public Duration median() {
            return Duration.ofNanos(Math.round(new Spread(java.util.Arrays.stream(roundTripNanos).asDoubleStream().toArray()).median()));
        }

        public Duration fastest() {
            return Duration.ofNanos(roundTripNanos[0]);
        }

        public Duration firstAnswer() {
            return Duration.ofNanos(firstAnswerNanos);
        }
    }

    private RoundTripProbe() {
    }

    /** Measures {@code pings} round trips through a proxy with the given round-trip time. */
    public static Measurement measure(Duration roundTrip, int pings) throws IOException {
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), roundTrip)) {
            return measure(proxy, pings);
        }
    }

    public static Measurement measure(DelayProxy proxy, int pings) throws IOException {
        long[] roundTrips = new long[pings];
        long start = System.nanoTime();
        try (Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            long firstAnswer = ping(out, in) - start;
            for (int i = 0; i < pings; i++) {
                long sent = System.nanoTime();
                roundTrips[i] = ping(out, in) - sent;
            }
            Arrays.sort(roundTrips);
            return new Measurement(firstAnswer, roundTrips);
        }
    }

    /** How long {@code times} TCP connects to {@code target} took, in ms: a network's round trip as TCP's handshake takes it. */
    public static Spread connects(InetSocketAddress target, int times, Duration timeout) throws IOException {
        double[] millis = new double[times];
        for (int i = 0; i < times; i++) {
            try (Socket socket = new Socket()) {
                long start = System.nanoTime();
                socket.connect(target, (int) timeout.toMillis());
                millis[i] = (System.nanoTime() - start) / 1e6;
            }
        }
        return new Spread(millis);
    }

    /**
     * How long {@code times} datagrams took to come back from a {@link DatagramEcho} at {@code echo}, in ms, one at a
     * time: a network's round trip as QUIC's packets take it. A datagram not back within {@code timeout} fails the
     * probe (a wire without loss loses none).
     */
    public static Spread datagrams(InetSocketAddress echo, int times, Duration timeout) throws IOException {
        double[] millis = new double[times];
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout((int) timeout.toMillis());
            byte[] answer = new byte[64];
            for (int i = 0; i < times; i++) {
                byte[] probe = ("probe " + i).getBytes(StandardCharsets.US_ASCII);
                long start = System.nanoTime();
                socket.send(new DatagramPacket(probe, probe.length, echo));
                DatagramPacket back = new DatagramPacket(answer, answer.length);
                do {
                    socket.receive(back); // an earlier probe's late echo is not this one's
                } while (!Arrays.equals(probe, Arrays.copyOf(back.getData(), back.getLength())));
                millis[i] = (System.nanoTime() - start) / 1e6;
            }
        } catch (SocketTimeoutException e) {
            throw new IOException("no echo from " + echo + " within " + timeout.toMillis() + " ms", e);
        }
        return new Spread(millis);
    }

    private static long ping(OutputStream out, InputStream in) throws IOException {
        out.write('x');
        out.flush();
        if (in.read() != 'x') {
            throw new IOException("the echo did not come back");
        }
        return System.nanoTime();
    }
}
