package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.attack.RawHttp2;
import io.netty.handler.codec.http2.Http2Error;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Malformed HTTP/2 requests (RFC 9113 sections 8.2.1 and 8.2.2) to an Undertow HTTPS listener with HTTP/2, each on one
 * connection beside a plain GET after it: what the server did to each, and whether the connection went on. Written
 * with Undertow's public API and raw frames (Netty's codec, which a real client would not let write them), as a test
 * case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class MalformedFields {

    /** The header each case adds to a GET: name, then value. */
    private static final Map<String, String[]> CASES = new LinkedHashMap<>();

    static {
        CASES.put("CR in a value", new String[] {"x-note", "a\rb"});
        CASES.put("LF in a value", new String[] {"x-note", "a\nx-injected: 1"});
        CASES.put("NUL in a value", new String[] {"x-note", "a\u0000b"});
        CASES.put("connection", new String[] {"connection", "keep-alive"});
        CASES.put("keep-alive", new String[] {"keep-alive", "timeout=5"});
        CASES.put("proxy-connection", new String[] {"proxy-connection", "keep-alive"});
        CASES.put("upgrade", new String[] {"upgrade", "websocket"});
        CASES.put("te other than trailers", new String[] {"te", "gzip"});
        CASES.put("te: trailers (allowed)", new String[] {"te", "trailers"});
        CASES.put("a plain value (allowed)", new String[] {"x-note", "plain"});
    }

    private MalformedFields() {
    }

    /** Each case's outcome: "200", or "reset PROTOCOL_ERROR"; then whether a plain GET after it was answered on the connection. */
    public static Map<String, String> outcomes(String keystore, String password) throws Exception {
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpsListener(0, "127.0.0.1", ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray()))
                .setHandler(exchange -> exchange.getResponseSender().send("ok"))
                .build();
        server.start();
        try {
            URI door = URI.create("https://127.0.0.1:" + ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort() + "/");
            Map<String, String> outcomes = new LinkedHashMap<>();
            for (Map.Entry<String, String[]> malformed : CASES.entrySet()) {
                try (RawHttp2 connection = RawHttp2.open(ProxyToDyingBackend.trustingAll(), door)) {
                    connection.headers(1, connection.unchecked("GET", "/").add(malformed.getValue()[0], malformed.getValue()[1]), true);
                    connection.headers(3, connection.get("/"), true);
                    connection.flush();
                    String after = connection.awaitStatus(3, Duration.ofSeconds(10)).orElse("none");
                    String outcome = connection.awaitStatus(1, Duration.ofSeconds(1))
                            .orElseGet(() -> connection.resets().containsKey(1) ? "reset " + Http2Error.valueOf(connection.resets().get(1)) : "none");
                    outcomes.put(malformed.getKey(), outcome + ", the next GET " + after);
                }
            }
            return outcomes;
        } finally {
            server.stop();
        }
    }
}
