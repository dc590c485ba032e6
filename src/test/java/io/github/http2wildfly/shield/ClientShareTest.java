package io.github.http2wildfly.shield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The share in front of an embedded Undertow of 4 task threads whose application blocks the thread of every request
 * to {@code /hold} until the test lets it go (a servlet writing into a shut window does the same), over HTTP/1.1 from
 * sockets bound to client addresses of their own (127.0.0.0/8). The waits are guards against a hang, not measurements.
 */
class ClientShareTest {

    private static final Duration GUARD = Duration.ofSeconds(30);
    private static final int TASK_THREADS = 4;

    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger holding = new AtomicInteger();
    private final List<Socket> sockets = new ArrayList<>();
    private Undertow server;
    private ClientShare share;
    private int port;

    /** The application: {@code /hold} blocks its thread until released, anything else answers at once. */
    private final HttpHandler application = new BlockingHandler(exchange -> {
        if (exchange.getRequestPath().equals("/hold")) {
            holding.incrementAndGet();
            release.await(GUARD.toSeconds(), TimeUnit.SECONDS);
        }
        exchange.getResponseSender().send("answered " + exchange.getRequestPath());
    });

    private void start(int percent, String forwardedBy) {
        share = new ClientShare(application, threads -> threads * percent / 100, forwardedBy);
        server = Undertow.builder().setWorkerThreads(TASK_THREADS).addHttpListener(0, "127.0.0.1").setHandler(share).build();
        server.start();
        port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    @AfterEach
    void stop() throws IOException {
        release.countDown();
        for (Socket socket : sockets) {
            socket.close();
        }
        server.stop();
    }

    @Test
    void anAddressWhoseRequestsHoldTheirThreadsLeavesTheOtherHalfToAnotherAddress() throws Exception {
        start(50, null);
        for (int i = 0; i < TASK_THREADS; i++) {
            ask("127.0.0.1", "/hold", "");
        }
        awaitHolding(TASK_THREADS / 2);
        assertEquals("answered /logo", answer(ask("127.0.0.2", "/logo", "")));
        assertEquals(TASK_THREADS / 2, holding.get(), "the first address ran more than its share");
    }

    @Test
    void whatWaitsBehindItsOwnAddressRunsOnceOneOfItsOwnEnds() throws Exception {
        start(50, null);
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < TASK_THREADS; i++) {
            held.add(ask("127.0.0.1", "/hold", ""));
        }
        awaitHolding(TASK_THREADS / 2);
        release.countDown();
        for (Socket socket : held) {
            assertEquals("answered /hold", answer(socket));
        }
        assertEquals(TASK_THREADS, holding.get());
        long until = System.nanoTime() + GUARD.toNanos();
        while (share.clients() > 0 && System.nanoTime() < until) { // the last answer is out before its task returns
            Thread.sleep(10);
        }
        assertEquals(0, share.clients(), "an address is still remembered with nothing running");
    }

    @Test
    void withoutAShareOneAddressHoldsEveryThread() throws Exception {
        start(100, null);
        for (int i = 0; i < TASK_THREADS; i++) {
            ask("127.0.0.1", "/hold", "");
        }
        awaitHolding(TASK_THREADS);
        Socket other = ask("127.0.0.2", "/logo", "");
        other.setSoTimeout(1_000);
        assertTrue(timesOut(other), "another address was answered with every thread held");
    }

    @Test
    void behindTheBalancerTheShareIsTheForwardedClientsNotTheBalancers() throws Exception {
        start(50, "127.0.0.1");
        for (int i = 0; i < TASK_THREADS; i++) {
            ask("127.0.0.1", "/hold", "X-Forwarded-For: 10.0.0.7, 198.18.0.1\r\n");
        }
        awaitHolding(TASK_THREADS / 2);
        assertEquals("answered /logo", answer(ask("127.0.0.1", "/logo", "X-Forwarded-For: 198.18.0.2\r\n")));
    }

    @Test
    void aForwardedForFromAnAddressThatIsNotTheBalancerIsNotBelieved() throws Exception {
        start(50, "127.0.0.1");
        for (int i = 0; i < TASK_THREADS / 2; i++) {
            ask("127.0.0.3", "/hold", "X-Forwarded-For: 198.18.0." + i + "\r\n");
        }
        awaitHolding(TASK_THREADS / 2);
        Socket more = ask("127.0.0.3", "/hold", "X-Forwarded-For: 198.18.0.99\r\n");
        more.setSoTimeout(1_000);
        assertTrue(timesOut(more), "a client ran past its share by naming others in X-Forwarded-For");
    }

    private Socket ask(String from, String path, String headers) throws IOException {
        Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), port, InetAddress.getByName(from), 0);
        sockets.add(socket);
        socket.setSoTimeout((int) GUARD.toMillis());
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers + "Connection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        return socket;
    }

    private void awaitHolding(int threads) throws InterruptedException {
        long until = System.nanoTime() + GUARD.toNanos();
        while (holding.get() < threads && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertEquals(threads, holding.get(), "requests holding their threads");
        Thread.sleep(200); // time for one past the share to start, where it would
    }

    private static String answer(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        in.transferTo(read);
        String answer = read.toString(StandardCharsets.ISO_8859_1);
        return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    private static boolean timesOut(Socket socket) throws IOException {
        try {
            socket.getInputStream().read();
            return false;
        } catch (java.net.SocketTimeoutException timedOut) {
            return true;
        }
    }
}
