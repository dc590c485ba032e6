package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.H2Frames;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.util.HttpString;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * An HTTP/2 request whose header block ends in a CONTINUATION frame that the server reads after the HEADERS frame, in
 * a read of its own (RFC 9113 section 6.10: the block is one unit, decoded only once its last frame has come). Undertow
 * over TLS with ALPN h2; the client is written here, frame by frame, because no client lets a test split a header
 * block where it likes. Written with Undertow's public API only, as a test case sent upstream would be;
 * {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class HeaderBlockAcrossReads {

    private static final int HEADERS = 0x1;
    private static final int CONTINUATION = 0x9;
    private static final int END_STREAM = 0x1;
    private static final int END_HEADERS = 0x4;

    private HeaderBlockAcrossReads() {
    }

    /**
     * Sends GET / with a header {@code x-late: yes} in the CONTINUATION frame, {@code pauseMillis} after the HEADERS
     * frame; the server answers with that header's value as it saw it. Returns the answer's body ("yes", or "missing"
     * when the request was dispatched before its header block had ended), or "GOAWAY" or "RST_STREAM".
     */
    public static String lateHeaderAsTheServerSawIt(String keystore, String password, int pauseMillis) throws Exception {
        SSLContext tls = ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray());
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpsListener(0, "127.0.0.1", tls)
                .setHandler(exchange -> exchange.getResponseSender().send(String.valueOf(
                        exchange.getRequestHeaders().getFirst(new HttpString("x-late"))).replace("null", "missing")))
                .build();
        server.start();
        try (SSLSocket socket = (SSLSocket) ProxyToDyingBackend.trustingAll().getSocketFactory()
                .createSocket("127.0.0.1", ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort())) {
            SSLParameters parameters = socket.getSSLParameters();
            parameters.setApplicationProtocols(new String[] {"h2"});
            socket.setSSLParameters(parameters);
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            OutputStream out = socket.getOutputStream();
            out.write(H2Frames.PREFACE);
            out.write(H2Frames.frame(0x4, 0, 0, new byte[0])); // SETTINGS, none changed
            out.write(H2Frames.frame(HEADERS, END_STREAM, 1, H2Frames.block((byte) 0x82, (byte) 0x87, (byte) 0x84, (byte) 0x01, "localhost")));
            out.flush();
            Thread.sleep(pauseMillis); // so that the server reads the CONTINUATION frame in a read of its own
            out.write(H2Frames.frame(CONTINUATION, END_HEADERS, 1, H2Frames.block((byte) 0x00, "x-late", "yes")));
            out.flush();
            return answer(new DataInputStream(socket.getInputStream()), out);
        } finally {
            server.stop();
        }
    }

    /** Reads frames until stream 1's answer has ended (its body) or the connection or stream is given up. */
    private static String answer(DataInputStream in, OutputStream out) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (;;) {
            int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int stream = in.readInt() & 0x7fffffff;
            byte[] payload = in.readNBytes(length);
            if (type == 0x7) {
                return "GOAWAY";
            } else if (type == 0x3 && stream == 1) {
                return "RST_STREAM";
            } else if (type == 0x4 && (flags & 0x1) == 0) {
                out.write(H2Frames.frame(0x4, 0x1, 0, new byte[0])); // SETTINGS ACK
                out.flush();
            } else if (type == 0x0 && stream == 1) {
                body.write(payload);
                if ((flags & END_STREAM) != 0) {
                    return body.toString(StandardCharsets.US_ASCII);
                }
            } else if (type == HEADERS && stream == 1 && (flags & END_STREAM) != 0) {
                return body.toString(StandardCharsets.US_ASCII);
            }
        }
    }
}
