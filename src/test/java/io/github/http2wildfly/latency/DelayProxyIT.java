package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.http2wildfly.measure.net.EchoServer;
import io.github.http2wildfly.measure.net.RoundTripProbe;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the proxy guarantees. Delays are asserted as lower bounds only (a busy machine may add to
 * them, never take away); the comparison checks the upper side by calibrating before it measures.
 */
class DelayProxyIT {

    private static final Duration ROUND_TRIP = Duration.ofMillis(40);

    @Test
    void everyByteArrivesIntactAndInOrder() throws Exception {
        byte[] sent = new byte[3 * 1024 * 1024 + 17];
        new Random(42).nextBytes(sent);
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), Duration.ofMillis(4))) {
            assertArrayEquals(sent, echoed(proxy, sent, 1000));
        }
    }

    @Test
    void underLossAndALinkRateEveryByteStillArrivesIntactAndInOrder() throws Exception {
        byte[] sent = new byte[512 * 1024 + 17];
        new Random(42).nextBytes(sent);
        Network lossy = new Network(Duration.ofMillis(2), 0.05, 200_000_000, CongestionControl.RENO);
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.emulating(echo.address(), lossy, 1)) {
            assertArrayEquals(sent, echoed(proxy, sent, 20_000));
            // the rate itself is FlowTest's; here: losses happened, and nothing was really lost
            assertTrue(proxy.segments() >= 2 * sent.length / Network.SEGMENT_BYTES, "both ways: " + proxy.segments());
            assertTrue(proxy.segmentsLost() > 0, proxy.segmentsLost() + " of " + proxy.segments() + " segments lost");
        }
    }

    /** Sends the bytes through the proxy to the echo server behind it, {@code write} at a time, and reads what comes back. */
    private static byte[] echoed(DelayProxy proxy, byte[] sent, int write) throws Exception {
        try (Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readAll(socket));
            OutputStream out = socket.getOutputStream();
            for (int offset = 0; offset < sent.length; offset += write) {
                out.write(sent, offset, Math.min(write, sent.length - offset));
            }
            socket.shutdownOutput();
            return received.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void aLinkRateIsNeverExceeded() throws Exception {
        long rate = 16_000_000; // 2 MB/s
        byte[] sent = new byte[1024 * 1024];
        try (EchoServer echo = new EchoServer();
                DelayProxy proxy = DelayProxy.emulating(echo.address(), new Network(Duration.ZERO, 0, rate, CongestionControl.RENO), 1);
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            long start = System.nanoTime();
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readAll(socket));
            socket.getOutputStream().write(sent);
            socket.shutdownOutput();
            assertEquals(sent.length, received.get(60, TimeUnit.SECONDS).length);
            double seconds = (System.nanoTime() - start) / 1e9;
            // a lower bound only: a busy machine may be slower than the link, never faster
            assertTrue(8.0 * sent.length / seconds <= rate * 1.01, 8.0 * sent.length / seconds + " bit/s");
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
    void aNegativeRoundTripIsRefused() throws IOException {
        try (EchoServer echo = new EchoServer()) {
            assertThrows(IllegalArgumentException.class, () -> DelayProxy.withRoundTrip(echo.address(), Duration.ofMillis(-1)));
        }
    }

    @Test
    void aNewNetworkAppliesToTheNextConnections() throws IOException {
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), Duration.ZERO)) {
            Network slower = new Network(ROUND_TRIP.multipliedBy(2), 0, 100_000_000, CongestionControl.RENO);
            proxy.setNetwork(slower);
            RoundTripProbe.Measurement probe = RoundTripProbe.measure(proxy, 2);
            assertTrue(probe.fastest().compareTo(ROUND_TRIP.multipliedBy(2)) >= 0, "fastest round trip " + probe.fastest());
            assertEquals(slower, proxy.network());
        }
    }

    @Test
    void aClientThatStopsReadingHoldsABoundedAmountInTheProxy() throws Exception {
        try (FloodServer flood = new FloodServer(); DelayProxy proxy = DelayProxy.withRoundTrip(flood.address(), Duration.ofMillis(2));
                Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress(proxy.loopbackAddress(), proxy.port()));
            socket.getOutputStream().write('x'); // start the flood, then never read
            // the client's window takes 64 KB, the kernel's buffers some more; past them, only the proxy could keep taking
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (proxy.bytesInFlight() < DelayProxy.MAX_BUFFERED_BYTES && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            for (int sample = 0; sample < 10; sample++) {
                assertTrue(proxy.bytesInFlight() <= DelayProxy.MAX_BUFFERED_BYTES,
                        "in flight: " + proxy.bytesInFlight() + " after " + flood.sent() + " sent");
                Thread.sleep(30);
            }
            assertTrue(proxy.bytesInFlight() > DelayProxy.MAX_BUFFERED_BYTES / 2, "the proxy took what it may: " + proxy.bytesInFlight());
        }
    }

    @Test
    void aClientThatReadsLateHoldsTheSenderBackByItsReceiveWindow() throws Exception {
        assumeTrue(ClientReads.available(), "a client's unread bytes are seen in Linux's socket tables");
        byte[] answer = new byte[512 * 1024];
        new Random(7).nextBytes(answer);
        try (ServerSocket server = answering(answer);
                DelayProxy proxy = DelayProxy.withRoundTrip((InetSocketAddress) server.getLocalSocketAddress(), ROUND_TRIP);
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            socket.getOutputStream().write('x');
            // not reading: the first window passes (on a busy machine it may take a while), then nothing more
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (proxy.bytesForwarded() < 1 + ReceiveWindow.INITIAL_BYTES && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(10 * ROUND_TRIP.toMillis()); // the server has sent it all to the proxy by now
            assertEquals(1 + ReceiveWindow.INITIAL_BYTES, proxy.bytesForwarded(), "the request, and no more than the first window");
            assertArrayEquals(answer, socket.getInputStream().readNBytes(answer.length), "then all of it, as the client reads");
            assertTrue(proxy.receiveWindowWaits().compareTo(ROUND_TRIP) >= 0, "waited a round trip at least: " + proxy.receiveWindowWaits());
        }
    }

    @Test
    void withoutARoundTripOnlyLoopbacksOwnWindowHoldsTheSenderBack() throws Exception {
        assertOnlyLoopbacksWindowHoldsTheSenderBack(Network.latency(Duration.ZERO));
    }

    @Test
    void aNetworkWithoutTheReceiveWindowHoldsTheSenderBackByNothingButLoopbacksOwn() throws Exception {
        assertOnlyLoopbacksWindowHoldsTheSenderBack(new Network(ROUND_TRIP, 0, Network.UNLIMITED, CongestionControl.RENO, false));
    }

    /** A client that reads nothing still gets past the first window: into the kernel's buffers, with no wait counted. */
    private static void assertOnlyLoopbacksWindowHoldsTheSenderBack(Network network) throws Exception {
        byte[] answer = new byte[512 * 1024];
        try (ServerSocket server = answering(answer);
                DelayProxy proxy = DelayProxy.emulating((InetSocketAddress) server.getLocalSocketAddress(), network, 7);
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            socket.getOutputStream().write('x');
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (proxy.bytesForwarded() <= 1 + ReceiveWindow.INITIAL_BYTES && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(proxy.bytesForwarded() > 1 + ReceiveWindow.INITIAL_BYTES, "into the kernel's buffers: " + proxy.bytesForwarded());
            assertEquals(Duration.ZERO, proxy.receiveWindowWaits());
        }
    }

    @Test
    void aResetIsPassedOnAsAReset() throws Exception {
        try (EchoServer echo = new EchoServer(); DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), Duration.ofMillis(2));
                Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
            socket.getOutputStream().write("hello".getBytes());
            assertEquals('h', socket.getInputStream().read());
            echo.resetAll();
            IOException reset = assertThrows(IOException.class, () -> readToEnd(socket));
            assertTrue(reset.getMessage().contains("reset"), reset.getMessage());
        }
    }

    @Test
    void aTargetThatIsDownClosesTheClientAtOnce() throws Exception {
        // a port bound but not listening refuses connections, and no test running beside this one can take it
        try (Socket holdsThePort = new Socket()) {
            holdsThePort.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            InetSocketAddress nobody = (InetSocketAddress) holdsThePort.getLocalSocketAddress();
            try (DelayProxy proxy = DelayProxy.withRoundTrip(nobody, ROUND_TRIP);
                    Socket socket = new Socket(proxy.loopbackAddress(), proxy.port())) {
                socket.setSoTimeout(10_000); // a hang would fail here, not block the build
                assertEquals(0, readAll(socket).length);
            }
        }
    }

    @Test
    void connectionsBeyondTheCapAreClosed() throws Exception {
        try (EchoServer echo = new EchoServer();
                DelayProxy proxy = DelayProxy.listening(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        echo.address(), Network.latency(Duration.ZERO), 2);
                Socket first = new Socket(proxy.loopbackAddress(), proxy.port());
                Socket second = new Socket(proxy.loopbackAddress(), proxy.port())) {
            assertEquals(1, echoOnce(first));
            assertEquals(1, echoOnce(second));
            try (Socket third = new Socket(proxy.loopbackAddress(), proxy.port())) {
                third.setSoTimeout(10_000);
                assertThrows(IOException.class, () -> echoOnce(third));
            }
            assertEquals(1, proxy.connectionsRefused());
        }
    }

    @Test
    void aTakenPortIsABindException() throws IOException {
        try (EchoServer echo = new EchoServer(); DelayProxy first = DelayProxy.withRoundTrip(echo.address(), Duration.ZERO)) {
            InetSocketAddress taken = new InetSocketAddress(first.loopbackAddress(), first.port());
            assertThrows(BindException.class, () -> DelayProxy.listening(taken, echo.address(), Network.latency(Duration.ZERO), 1));
        }
    }

    @Test
    void closeEndsEverySocketAndThread() throws Exception {
        EchoServer echo = new EchoServer();
        DelayProxy proxy = DelayProxy.withRoundTrip(echo.address(), ROUND_TRIP);
        List<Socket> clients = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Socket socket = new Socket(proxy.loopbackAddress(), proxy.port());
            socket.setSoTimeout(10_000);
            clients.add(socket);
            assertEquals(1, echoOnce(socket));
        }
        assertEquals(1 + 4 * 5, proxy.liveThreads(), "an acceptor and four per connection");
        proxy.close();
        assertEquals(0, proxy.liveThreads());
        assertEquals(0, proxy.openConnections());
        for (Socket client : clients) {
            try (client) {
                assertEquals(0, readAll(client).length, "closed by the proxy");
            }
        }
        assertThrows(IOException.class, () -> new Socket(proxy.loopbackAddress(), proxy.port()).close(), "no longer listening");
        echo.close();
    }

    /** Sends a byte and reads the echo: 1, or an exception when the proxy closed the connection. */
    private static int echoOnce(Socket socket) throws IOException {
        socket.getOutputStream().write('x');
        int echoed = socket.getInputStream().read();
        if (echoed < 0) {
            throw new IOException("closed");
        }
        return 1;
    }

    private static byte[] readAll(Socket socket) {
        try {
            return readToEnd(socket);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] readToEnd(Socket socket) throws IOException {
        if (socket.getSoTimeout() == 0) {
            socket.setSoTimeout(30_000);
        }
        try (InputStream in = socket.getInputStream(); ByteArrayOutputStream all = new ByteArrayOutputStream()) {
            in.transferTo(all);
            return all.toByteArray();
        }
    }

    /** Answers the first byte of one connection with {@code answer}, then closes it. */
    private static ServerSocket answering(byte[] answer) throws IOException {
        ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        Thread thread = new Thread(() -> {
            try (Socket socket = server.accept()) {
                socket.getInputStream().read();
                socket.getOutputStream().write(answer);
            } catch (IOException closed) {
                // the test ended
            }
        }, "answering");
        thread.setDaemon(true);
        thread.start();
        return server;
    }
}
