package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.http.RequestRulesFilter;
import io.github.http2wildfly.page.LogoCount;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every bad request gets one clear answer, the same on every door (and h2c, and every slow door): a
 * status, one line of plain text,
 * never a stack trace or a dropped connection. And the TLS rule: forward-secret AEAD suites only.
 */
@Tag("slow") // every bad request on every way in: -Pslow runs it
class BadRequestsIT extends DeployedWarTest {

    private final TrustedClients clients = new TrustedClients();
    private final OkHttpClient client = clients.okHttp();
    private final OkHttpClient h2c = clients.okHttpBuilder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).build();

    /** No connection left open, through a slow door least of all (SlowDoorsIT counts the proxy's threads). */
    @AfterEach
    void closeConnections() {
        client.connectionPool().evictAll();
        h2c.connectionPool().evictAll();
    }

    /** A way in: a door or slow door, and the client that speaks its protocol. */
    private record Entrance(String label, OkHttpClient client, Function<String, URI> uri) {
    }

    /** The three doors, door 1 once more as h2c (prior knowledge), and the three slow doors. */
    private List<Entrance> everyEntrance() {
        List<Entrance> entrances = new ArrayList<>();
        for (Door door : Door.overTcp()) {
            entrances.add(new Entrance(door.label(), client, path -> doors.uri(door, path)));
        }
        entrances.add(new Entrance("h2c", h2c, path -> doors.uri(Door.HTTP_1_1, path)));
        for (Door door : Door.overTcp()) {
            entrances.add(new Entrance(door.label() + ", far away", client, path -> doors.slowUri(door, path)));
        }
        return entrances;
    }

    @Test
    void aUrlOverTheLimitIs414OnEveryDoor() throws IOException {
        String tooLong = "/logos?count=5&pad=" + "a".repeat(RequestRulesFilter.MAX_URL_CHARS);
        for (Entrance entrance : everyEntrance()) {
            assertOneLine(entrance, 414, RequestRulesFilter.URL_RULE, new Request.Builder().url(entrance.uri().apply(tooLong).toString()));
        }
    }

    @Test
    void headersOverTheLimitAre431OnEveryDoorEvenOverHttp2() throws IOException {
        for (Entrance entrance : everyEntrance()) {
            assertOneLine(entrance, 431, RequestRulesFilter.HEADERS_RULE, new Request.Builder()
                    .url(entrance.uri().apply("/logos?count=5").toString())
                    .header("X-Padding", "b".repeat(RequestRulesFilter.MAX_HEADER_BYTES)));
        }
    }

    /** Undertow's HTTP/2 limit, which no setting moves (limits.cli): pinned, so a change shows. */
    @Test
    void overHttp2AHeaderListOver20000BytesEndsTheConnectionInsteadOf431() throws IOException {
        Request huge = new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/logos?count=5").toString())
                .header("X-Padding", "b".repeat(20_000)).build();
        assertThrows(IOException.class, () -> client.newCall(huge).execute().close());
        for (Door door : List.of(Door.HTTP_1_1, Door.HTTP_1_1_TLS)) {
            assertOneLine(new Entrance(door.label(), client, path -> doors.uri(door, path)), 431, RequestRulesFilter.HEADERS_RULE,
                    new Request.Builder().url(doors.uri(door, "/logos?count=5").toString()).header("X-Padding", "b".repeat(20_000)));
        }
    }

    @Test
    void aCountGivenTwiceIs400OnEveryDoor() throws IOException {
        for (Entrance entrance : everyEntrance()) {
            assertOneLine(entrance, 400, LogoCount.RULE, new Request.Builder().url(entrance.uri().apply("/logos?count=5&count=5").toString()));
        }
    }

    @Test
    void allowNamesWhatIsServedAndTraceIsRefused() throws IOException {
        for (Entrance entrance : everyEntrance()) {
            String wall = entrance.uri().apply("/logos").toString();
            try (Response response = entrance.client().newCall(new Request.Builder().url(wall).method("OPTIONS", null).build()).execute()) {
                assertEquals("GET, HEAD, OPTIONS", response.header("Allow"), entrance.label());
            }
            try (Response response = entrance.client().newCall(new Request.Builder().url(wall).method("TRACE", null).build()).execute()) {
                assertEquals(405, response.code(), entrance.label());
            }
            Request post = new Request.Builder().url(wall).post(RequestBody.create(new byte[0])).build();
            try (Response response = entrance.client().newCall(post).execute()) {
                assertEquals(405, response.code(), entrance.label() + ": POST is not in Allow");
            }
        }
    }

    @Test
    void noAnswerSaysWhatPoweredIt() throws IOException {
        for (Entrance entrance : everyEntrance()) {
            for (String path : List.of("/", "/logos?count=1", "/no-such-page")) {
                Request request = new Request.Builder().url(entrance.uri().apply(path).toString()).build();
                try (Response response = entrance.client().newCall(request).execute()) {
                    assertNull(response.header("X-Powered-By"), entrance.label() + " " + path);
                    assertFalse(response.body().string().contains("Exception"), entrance.label() + " " + path);
                }
            }
        }
    }

    @Test
    void aMalformedHostIs400WithOneLineNot500() throws IOException {
        URI door = doors.uri(Door.HTTP_1_1, "/");
        try (Socket socket = new Socket(door.getHost(), door.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + door.getRawPath() + " HTTP/1.1\r\nHost: [x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = readAll(socket.getInputStream());
            assertTrue(answer.startsWith("HTTP/1.1 400 "), answer);
            assertFalse(answer.contains("Exception") || answer.contains("at io."), answer);
        }
    }

    @Test
    void aTls12ClientOfferingOnlyCbcSuitesIsRefused() throws IOException {
        try (SSLSocket socket = tlsSocket(Door.HTTP_2_TLS)) {
            socket.setEnabledProtocols(new String[] {"TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {"TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
                "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"});
            SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, socket::startHandshake);
            assertTrue(refused.getMessage().contains("Received fatal alert"), refused.getMessage());
        }
    }

    private SSLSocket tlsSocket(Door door) throws IOException {
        URI uri = doors.uri(door, "/");
        SSLSocket socket = (SSLSocket) clients.sslContext().getSocketFactory().createSocket(uri.getHost(), uri.getPort());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private static void assertOneLine(Entrance entrance, int status, String line, Request.Builder request) throws IOException {
        try (Response response = entrance.client().newCall(request.build()).execute()) {
            assertEquals(status, response.code(), entrance.label());
            assertEquals("text/plain;charset=UTF-8", response.header("Content-Type"), entrance.label());
            assertEquals(line + "\n", response.body().string(), entrance.label());
        }
    }

    private static String readAll(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }
}
