package io.github.http2wildfly.shield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.BlockingHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The guard in front of an embedded Undertow whose application reads the body on a worker thread, as a servlet does,
 * over HTTP/1.1 from a plain socket (door 2's HTTP/2 is {@code SlowRequestBodiesIT}'s). The waits are guards against a
 * hang, not measurements: a body that stops is judged after the grace whatever the machine's speed.
 */
class RequestBodyGuardTest {

    private static final Duration GUARD = Duration.ofSeconds(30);
    private static final int READ_AHEAD = 65_536;

    private final AtomicInteger applicationCalls = new AtomicInteger();
    private final AtomicReference<Throwable> applicationReadFailure = new AtomicReference<>();
    private final CountDownLatch applicationDone = new CountDownLatch(1);
    private Undertow server;
    private int port;

    /** The application: reads the whole body, blocking, and answers its length. */
    private final HttpHandler application = new BlockingHandler(exchange -> {
        applicationCalls.incrementAndGet();
        try {
            byte[] body = exchange.getInputStream().readAllBytes();
            exchange.getResponseSender().send("read " + body.length);
        } catch (IOException failed) {
            applicationReadFailure.set(failed);
            throw failed;
        } finally {
            applicationDone.countDown();
        }
    });

    private void start(BodyRate rate) {
        server = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(new RequestBodyGuard(application, rate, READ_AHEAD)).build();
        server.start();
        port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void aBodyThatStopsComingIsAnsweredWith408AndOneLineBeforeTheApplicationIsAsked() throws Exception {
        start(new BodyRate(100, Duration.ofSeconds(1)));
        try (Socket client = connect()) {
            send(client, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\nx");
            String answer = readUntilClosed(client);
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
            assertTrue(answer.endsWith("\r\n\r\nThe request body came slower than 100 bytes a second after 1 s: the request is refused.\n"), answer);
        }
        assertEquals(0, applicationCalls.get(), "the application was asked for a body that never came");
    }

    @Test
    void aWholeBodyLargerThanTheReadAheadReachesTheApplicationWhole() throws Exception {
        start(new BodyRate(100, Duration.ofSeconds(1)));
        int length = 3 * READ_AHEAD + 17;
        try (Socket client = connect()) {
            send(client, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: " + length + "\r\nConnection: close\r\n\r\n" + "y".repeat(length));
            String answer = readUntilClosed(client);
            assertTrue(answer.startsWith("HTTP/1.1 200 "), answer);
            assertTrue(answer.endsWith("read " + length), answer);
        }
    }

    @Test
    void aBodyThatStopsOnceTheApplicationReadsItEndsAndWakesTheThreadThatWaits() throws Exception {
        start(new BodyRate(100_000, Duration.ofSeconds(1)));
        try (Socket client = connect()) {
            send(client, "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000\r\n\r\n" + "z".repeat(READ_AHEAD + 100));
            assertTrue(applicationDone.await(GUARD.toSeconds(), TimeUnit.SECONDS), "the application still waits for the body");
            readUntilClosed(client);
        }
        assertEquals(1, applicationCalls.get());
        assertTrue(applicationReadFailure.get() instanceof IOException, "the application's read ended with " + applicationReadFailure.get());
    }

    @Test
    void aRequestWithoutABodyGoesStraightThrough() throws Exception {
        start(new BodyRate(100, Duration.ofSeconds(1)));
        try (Socket client = connect()) {
            send(client, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            assertTrue(readUntilClosed(client).endsWith("read 0"));
        }
        assertNull(applicationReadFailure.get());
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout((int) GUARD.toMillis());
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    private static String readUntilClosed(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        in.transferTo(read);
        return read.toString(StandardCharsets.ISO_8859_1);
    }
}
