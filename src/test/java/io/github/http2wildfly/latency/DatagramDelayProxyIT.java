package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.net.FreePorts;
import io.github.http2wildfly.measure.net.RoundTripProbe;
import io.github.http2wildfly.measure.statistics.Spread;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DatagramDelayProxyIT {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private DatagramSocket echo;
    private Thread echoThread;
    private final java.util.concurrent.atomic.AtomicInteger echoed = new java.util.concurrent.atomic.AtomicInteger();
    private final Set<Integer> echoPeers = java.util.concurrent.ConcurrentHashMap.newKeySet();

    @BeforeEach
    void udpEcho() throws IOException {
        echo = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0));
        echoThread = new Thread(() -> {
            byte[] buffer = new byte[2048];
            while (!echo.isClosed()) {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                try {
                    echo.receive(packet);
                    echoPeers.add(packet.getPort());
                    echoed.incrementAndGet();
                    echo.send(packet);
                } catch (IOException closed) {
                    return;
                }
            }
        });
        echoThread.start();
    }

    @AfterEach
    void stopEcho() throws InterruptedException {
        echo.close();
        echoThread.join();
    }

    private InetSocketAddress echoAddress() {
        return new InetSocketAddress(LOOPBACK, echo.getLocalPort());
    }

    private static String roundTrip(DatagramSocket client, int port, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        client.send(new DatagramPacket(bytes, bytes.length, LOOPBACK, port));
        DatagramPacket answer = new DatagramPacket(new byte[2048], 2048);
        client.receive(answer);
        return new String(answer.getData(), 0, answer.getLength(), StandardCharsets.UTF_8);
    }

    @Test
    void aDatagramComesBackAfterAWholeRoundTripNeverSooner() throws IOException {
        try (DatagramDelayProxy proxy = DatagramDelayProxy.emulating(echoAddress(), Network.latency(Duration.ofMillis(80)));
                DatagramSocket client = new DatagramSocket()) {
            client.setSoTimeout(5000);
            long start = System.nanoTime();
            assertEquals("ping", roundTrip(client, proxy.port(), "ping"));
            assertTrue(System.nanoTime() - start >= Duration.ofMillis(80).toNanos(), "half the round trip each way");
            assertEquals(2, proxy.datagramsForwarded());
            assertEquals(8, proxy.bytesForwarded(), "four bytes each way");
        }
    }

    /** What the comparison's model reports beside its TCP calibration: a datagram's round trip through the proxy. */
    @Test
    void theDatagramProbeTakesAWholeRoundTripThroughTheProxyForEachDatagram() throws IOException {
        try (DatagramDelayProxy proxy = DatagramDelayProxy.emulating(echoAddress(), Network.latency(Duration.ofMillis(40)))) {
            Spread spread = RoundTripProbe.datagrams(new InetSocketAddress(LOOPBACK, proxy.port()), 5, Duration.ofSeconds(5));
            assertEquals(5, spread.n());
            assertTrue(spread.min() >= 40, "each datagram waited out the round trip: " + spread);
            assertEquals(10, proxy.datagramsForwarded(), "five there, five back");
        }
    }

    @Test
    void lossDropsDatagramsForRealAndCountsThem() throws IOException {
        try (DatagramDelayProxy proxy = DatagramDelayProxy.emulating(echoAddress(), new Network(Duration.ZERO, 0.5, 0, CongestionControl.RENO));
                DatagramSocket client = new DatagramSocket()) {
            for (int i = 0; i < 200; i++) {
                client.send(new DatagramPacket(new byte[] {(byte) i}, 1, LOOPBACK, proxy.port()));
            }
            client.setSoTimeout(500);
            int answered = 0;
            try {
                while (true) {
                    client.receive(new DatagramPacket(new byte[16], 16));
                    answered++;
                }
            } catch (SocketTimeoutException done) {
                // every survivor is back
            }
            assertTrue(answered > 20 && answered < 90, "about a quarter come back (0.5 × 0.5): " + answered);
            assertEquals(200 + echoed.get(), proxy.datagramsForwarded() + proxy.datagramsDropped(),
                    "every datagram either way is forwarded or dropped");
            assertEquals(answered, proxy.datagramsForwarded() - echoed.get());
        }
    }

    @Test
    void eachClientGetsItsOwnPeerTowardsTheTargetAndTheirNumberIsBounded() throws IOException {
        try (DatagramDelayProxy proxy = DatagramDelayProxy.listening(List.of(new InetSocketAddress(LOOPBACK, 0)), echoAddress(),
                Network.latency(Duration.ZERO), 2);
                DatagramSocket first = new DatagramSocket();
                DatagramSocket second = new DatagramSocket();
                DatagramSocket third = new DatagramSocket()) {
            for (DatagramSocket client : List.of(first, second, third)) {
                client.setSoTimeout(500);
            }
            assertEquals("a", roundTrip(first, proxy.port(), "a"));
            assertEquals("b", roundTrip(second, proxy.port(), "b"));
            assertEquals(2, echoPeers.size(), "two clients, two peers");
            assertEquals(2, proxy.clients());
            assertEquals(2, proxy.connectionsAccepted());
            try {
                roundTrip(third, proxy.port(), "c");
                throw new AssertionError("a client beyond the bound was served");
            } catch (SocketTimeoutException ignored) {
                assertEquals(new HashSet<>(echoPeers).size(), 2);
                assertEquals(2, proxy.connectionsAccepted(), "one refused is not seen");
            }
        }
    }

    @Test
    void closingEndsBothThreadsAndFreesItsPort() throws Exception {
        int port = FreePorts.next();
        DatagramDelayProxy proxy = DatagramDelayProxy.listening(List.of(new InetSocketAddress(LOOPBACK, port)), echoAddress(),
                Network.latency(Duration.ofMillis(10)), 4);
        try (DatagramSocket client = new DatagramSocket()) {
            client.setSoTimeout(10_000);
            assertEquals("through", roundTrip(client, port, "through"), "a client's own socket towards the target, open");
        }
        assertEquals(2, proxy.liveThreads());
        proxy.close();
        assertEquals(0, proxy.liveThreads());
        FreePorts.awaitFreedUdp(port);
    }
}
