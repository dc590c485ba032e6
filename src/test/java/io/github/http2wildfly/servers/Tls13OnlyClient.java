package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * A client that offers TLS 1.3 alone, and h2 then http/1.1 by ALPN, to an Undertow listener with HTTP/2 enabled and
 * TLS 1.3 and 1.2 allowed (as this project's doors are). Written with Undertow's public API and the JDK's TLS only,
 * as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched
 * ones.
 */
public final class Tls13OnlyClient {

    private Tls13OnlyClient() {
    }

    /** The protocol the server chose by ALPN for a client held to {@code clientProtocol} ("TLSv1.3" or "TLSv1.2"). */
    public static String negotiated(String keystore, String password, String clientProtocol) throws Exception {
        SSLContext tls = ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray());
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpsListener(0, "127.0.0.1", tls)
                .setHandler(exchange -> exchange.getResponseSender().send("ok"))
                .build();
        server.start();
        try (SSLSocket socket = (SSLSocket) ProxyToDyingBackend.trustingAll().getSocketFactory()
                .createSocket("127.0.0.1", ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort())) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setProtocols(new String[] {clientProtocol});
            parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            return socket.getSession().getProtocol() + " " + socket.getApplicationProtocol();
        } finally {
            server.stop();
        }
    }
}
