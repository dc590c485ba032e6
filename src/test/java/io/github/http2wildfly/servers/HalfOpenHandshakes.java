package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.attack.HalfOpenFlood;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;

/**
 * Clients that open TLS connections to an Undertow HTTPS listener, send half a ClientHello and then nothing, beside a
 * client at another address that completes its handshake. Written with Undertow's public API, plain sockets and the
 * JDK's TLS, as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or
 * the patched ones. The listener reads its limits from system properties when it starts, so each scenario sets them
 * for its own start and clears them after.
 */
public final class HalfOpenHandshakes {

    private HalfOpenHandshakes() {
    }

    /**
     * {@code halfOpen} half-open connections from 127.0.0.1 to a listener capped at {@code cap} a client address: how many
     * of them the server closed within {@code patienceMillis} (all of them together), and then whether a client at 127.0.0.2 got an answer
     * ({@code [closed, 1 or 0]}).
     */
    public static int[] againstACapPerAddress(String keystore, String password, int cap, int halfOpen, int patienceMillis) throws Exception {
        Undertow server = start(keystore, password, "io.undertow.ssl.max-connections-per-address", Integer.toString(cap));
        List<Socket> sockets = new ArrayList<>();
        try {
            int port = port(server);
            for (int i = 0; i < halfOpen; i++) {
                sockets.add(halfOpen(port));
            }
            long deadline = System.nanoTime() + patienceMillis * 1_000_000L;
            int closed = 0;
            for (Socket socket : sockets) {
                int left = (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000L);
                closed += closedByTheServer(socket, left) ? 1 : 0;
            }
            return new int[] {closed, answered(keystore, password, port) ? 1 : 0};
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
            server.stop();
        }
    }

    /** One half-open connection to a listener with a handshake timeout of {@code timeoutMillis}: closed within {@code guardMillis}? */
    public static boolean closedAfterAHandshakeTimeout(String keystore, String password, long timeoutMillis, int guardMillis) throws Exception {
        Undertow server = start(keystore, password, "io.undertow.ssl.handshake-timeout", Long.toString(timeoutMillis));
        try (Socket socket = halfOpen(port(server))) {
            return closedByTheServer(socket, guardMillis);
        } finally {
            server.stop();
        }
    }

    private static Undertow start(String keystore, String password, String property, String value) throws Exception {
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpsListener(0, "127.0.0.1", ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray()))
                .setHandler(exchange -> exchange.getResponseSender().send("ok"))
                .build();
        System.setProperty(property, value);
        try {
            server.start();
        } finally {
            System.clearProperty(property);
        }
        return server;
    }

    private static int port(Undertow server) {
        return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    private static Socket halfOpen(int port) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
        socket.connect(new InetSocketAddress("127.0.0.1", port));
        OutputStream out = socket.getOutputStream();
        out.write(HalfOpenFlood.halfAClientHello());
        out.flush();
        return socket;
    }

    /** Whether the server closed the socket (an end of stream or a reset) before the patience ran out. */
    private static boolean closedByTheServer(Socket socket, int patienceMillis) throws IOException {
        socket.setSoTimeout(patienceMillis);
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // a TLS alert, say: read on to the close
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** A GET from 127.0.0.2 over TLS, answered "ok". */
    private static boolean answered(String keystore, String password, int port) throws Exception {
        Socket plain = new Socket();
        plain.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
        plain.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        try (SSLSocket socket = (SSLSocket) ProxyToDyingBackend.trustingAll().getSocketFactory().createSocket(plain, "127.0.0.1", port, true)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1).endsWith("ok");
        }
    }
}
