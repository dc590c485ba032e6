package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.H2Frames;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpServerExchange;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An Undertow server that advertises SETTINGS_MAX_CONCURRENT_STREAMS and holds every request it is given, and a client
 * that ignores the setting, as an attacker does: it opens more streams than allowed on one connection (written frame
 * by frame: no client library sends past the limit). Written with Undertow's public API only, as a test case sent
 * upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class StreamsPastTheLimit {

    /** How long the server's count must stay the same to be read: far past what loopback needs. */
    private static final long STILL_MILLIS = 500;

    private StreamsPastTheLimit() {
    }

    /**
     * {@code streams} GETs on one connection to a server that allows {@code limit} at once: "held R, refused F", the
     * requests the server's handler was given and the streams it refused (RST_STREAM REFUSED_STREAM).
     */
    public static String open(int streams, int limit) throws Exception {
        AtomicInteger held = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, limit)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(exchange -> hold(exchange, held, release))
                .build();
        server.start();
        try (Socket socket = new Socket("127.0.0.1", ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(H2Frames.PREFACE);
            out.write(H2Frames.frame(0x4, 0, 0, new byte[0])); // SETTINGS
            for (int i = 0; i < streams; i++) {
                // HEADERS, END_STREAM | END_HEADERS: GET, http, the path, the authority
                out.write(H2Frames.frame(0x1, 0x5, 2 * i + 1, H2Frames.block((byte) 0x82, (byte) 0x86, (byte) 0x04, "/?n=" + i,
                        (byte) 0x01, "127.0.0.1")));
            }
            out.flush();
            AtomicInteger refused = new AtomicInteger();
            Thread reader = new Thread(() -> countRefused(socket, refused), "refused-counter");
            reader.setDaemon(true);
            reader.start();
            int seen = -1;
            for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); System.nanoTime() < deadline; ) {
                Thread.sleep(STILL_MILLIS);
                int now = held.get() + refused.get();
                if (now == seen) {
                    break;
                }
                seen = now;
            }
            return "held " + held.get() + ", refused " + refused.get();
        } finally {
            release.countDown();
            server.stop();
        }
    }

    private static void hold(HttpServerExchange exchange, AtomicInteger held, CountDownLatch release) {
        held.incrementAndGet();
        exchange.dispatch(() -> { // a worker thread waits, as a servlet would, until the test ends
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.endExchange();
        });
    }

    private static void countRefused(Socket socket, AtomicInteger refused) {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            for (;;) {
                int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                in.readUnsignedByte();
                in.readInt();
                byte[] payload = in.readNBytes(length);
                if (type == 0x3 && payload.length == 4 && payload[3] == 0x7) {
                    refused.incrementAndGet(); // RST_STREAM, REFUSED_STREAM
                }
            }
        } catch (IOException closed) {
            // the test closed it, or the server did
        }
    }
}
