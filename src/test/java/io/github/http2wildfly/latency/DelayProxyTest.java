package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the proxy guarantees. Delays are asserted as lower bounds only (a busy machine may add to
 * them, never take away); the benchmark checks the upper side by calibrating before it measures.
 */
class DelayProxyTest {

    private static final Duration ROUND_TRIP = Duration.ofMillis(40);

    @Test
    void everyByteArrivesIntactAndInOrder() throws Exception {
        byte[] sent = new byte[3 * 1024 * 1024 + 17];
        new Random(42).nextBytes(sent);
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), Duration.ofMillis(4));
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readAll(socket));
            OutputStream out = socket.getOutputStream();
            for (int offset = 0; offset < sent.length; offset += 1000) {
                out.write(sent, offset, Math.min(1000, sent.length - offset));
            }
            socket.shutdownOutput();
            assertArrayEquals(sent, received.get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void aRoundTripTakesAtLeastTheRoundTripTime() throws IOException {
        RoundTripProbe.Measurement probe = RoundTripProbe.measure(ROUND_TRIP, 5);
        assertTrue(probe.fastest().compareTo(ROUND_TRIP) >= 0, "fastest round trip " + probe.fastest());
    }

    @Test
    void connectingCostsARoundTripBeforeTheFirstAnswer() throws IOException {
        RoundTripProbe.Measurement probe = RoundTripProbe.measure(ROUND_TRIP, 1);
        assertTrue(probe.firstAnswer().compareTo(ROUND_TRIP.multipliedBy(2)) >= 0,
                "handshake and first echo took " + probe.firstAnswer());
    }

    @Test
    void withoutDelayItIsAPlainProxy() throws IOException {
        RoundTripProbe.Measurement probe = RoundTripProbe.measure(Duration.ZERO, 3);
        assertEquals(3, probe.roundTripNanos().length);
    }

    @Test
    void aCloseTravelsBothWays() throws Exception {
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), ROUND_TRIP);
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            socket.getOutputStream().write("bye".getBytes());
            socket.shutdownOutput();
            // the echo server answers and closes after our half close: both must reach us
            assertEquals("bye", new String(readAll(socket)));
        }
    }

    @Test
    void countsConnectionsAndBytes() throws IOException {
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), Duration.ofMillis(2))) {
            for (int i = 0; i < 3; i++) {
                try (Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
                    socket.getOutputStream().write(new byte[100]);
                    socket.shutdownOutput();
                    assertEquals(100, readAll(socket).length);
                }
            }
            assertEquals(3, proxy.connectionsAccepted());
            assertEquals(600, proxy.bytesForwarded(), "100 bytes each way, three times");
        }
    }

    @Test
    void aNegativeDelayIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> DelayProxy.start(new EchoServer().address(), Duration.ofMillis(-1)));
    }

    private static byte[] readAll(Socket socket) {
        try (InputStream in = socket.getInputStream(); ByteArrayOutputStream all = new ByteArrayOutputStream()) {
            in.transferTo(all);
            return all.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
