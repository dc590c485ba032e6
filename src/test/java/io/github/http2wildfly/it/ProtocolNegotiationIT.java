package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.TlsVersion;
import org.junit.jupiter.api.Test;

/**
 * Which protocol each door really negotiates, seen by OkHttp and confirmed by the JDK's HttpClient.
 */
class ProtocolNegotiationIT extends DeployedWarTest {

    private final TrustedClients clients = new TrustedClients();

    @Test
    void http2DoorNegotiatesHttp2ByAlpn() throws IOException {
        try (Response response = get(clients.okHttp(), Door.HTTP_2_TLS)) {
            assertEquals(200, response.code());
            assertEquals(Protocol.HTTP_2, response.protocol());
            assertNotNull(response.handshake(), "TLS handshake");
        }
    }

    @Test
    void http1TlsDoorAnswersHttp11AlthoughTheClientOffersH2() throws IOException {
        OkHttpClient client = clients.okHttp();
        assertTrue(client.protocols().contains(Protocol.HTTP_2), "the client offers h2");
        try (Response response = get(client, Door.HTTP_1_1_TLS)) {
            assertEquals(200, response.code());
            assertEquals(Protocol.HTTP_1_1, response.protocol());
            assertNotNull(response.handshake(), "TLS handshake");
        }
    }

    @Test
    void cleartextDoorAnswersHttp11() throws IOException {
        try (Response response = get(clients.okHttp(), Door.HTTP_1_1)) {
            assertEquals(200, response.code());
            assertEquals(Protocol.HTTP_1_1, response.protocol());
            assertEquals(null, response.handshake(), "no TLS on the cleartext door");
        }
    }

    @Test
    void cleartextDoorSpeaksH2cToClientsWithPriorKnowledge() throws IOException {
        OkHttpClient priorKnowledge = clients.okHttpBuilder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).build();
        try (Response response = get(priorKnowledge, Door.HTTP_1_1)) {
            assertEquals(200, response.code());
            assertEquals(Protocol.H2_PRIOR_KNOWLEDGE, response.protocol());
        }
    }

    @Test
    void bothTlsDoorsNegotiateTls13() throws IOException {
        for (Door door : List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS)) {
            try (Response response = get(clients.okHttp(), door)) {
                assertEquals(TlsVersion.TLS_1_3, response.handshake().tlsVersion(), door.label());
            }
        }
    }

    @Test
    void tls12IsStillAccepted() throws IOException {
        ConnectionSpec tls12Only = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS)
                .tlsVersions(TlsVersion.TLS_1_2).build();
        OkHttpClient client = clients.okHttpBuilder().connectionSpecs(List.of(tls12Only)).build();
        try (Response response = get(client, Door.HTTP_2_TLS)) {
            assertEquals(TlsVersion.TLS_1_2, response.handshake().tlsVersion());
            assertEquals(Protocol.HTTP_2, response.protocol());
        }
    }

    /**
     * A client that offers TLS 1.3 alone lists no TLS 1.2 suite, and RFC 9113 section 9.2.2's cipher rule is TLS
     * 1.2's: it gets h2 (src/patches/undertow-core/http2-alpn-for-tls13-clients.diff); stock Undertow (-Pstock) answers
     * it http/1.1 (and refuses the handshake of one that offers h2 alone: no_application_protocol). Three clients,
     * each offering h2 and http/1.1: OkHttp, the JDK's HttpClient,
     * and OpenSSL's s_client, which shares no code with the JDK's TLS.
     */
    @Test
    void aClientOfferingTls13AloneGetsH2WithTheFixAndHttp11OnStockUndertow() throws IOException, InterruptedException {
        boolean fixed = ItSettings.serverCarries("http2-alpn-for-tls13-clients.diff");
        ConnectionSpec tls13Only = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS)
                .tlsVersions(TlsVersion.TLS_1_3).build();
        try (Response response = get(clients.okHttpBuilder().connectionSpecs(List.of(tls13Only)).build(), Door.HTTP_2_TLS)) {
            assertEquals(TlsVersion.TLS_1_3, response.handshake().tlsVersion());
            assertEquals(fixed ? Protocol.HTTP_2 : Protocol.HTTP_1_1, response.protocol());
        }
        SSLParameters tls13 = new SSLParameters();
        tls13.setProtocols(new String[] {"TLSv1.3"});
        HttpClient jdk = HttpClient.newBuilder().sslContext(clients.sslContext()).sslParameters(tls13)
                .version(HttpClient.Version.HTTP_2).build();
        assertEquals(fixed ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1, jdkGet(jdk, Door.HTTP_2_TLS).version());
        assertEquals(fixed ? "TLSv1.3 h2" : "TLSv1.3 http/1.1",
                OpenSslClient.negotiated(doors.uri(Door.HTTP_2_TLS, "/"), "-tls1_3", "h2,http/1.1"));
    }

    @Test
    void tls11IsRefusedByTheServer() throws IOException {
        URI door = doors.uri(Door.HTTP_2_TLS, "/");
        try (SSLSocket socket = (SSLSocket) clients.sslContext().getSocketFactory()
                .createSocket(door.getHost(), door.getPort())) {
            socket.setEnabledProtocols(new String[] {"TLSv1.1"});
            SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, socket::startHandshake);
            // Only a server alert proves the server refused: the JDK's own refusal to offer TLS 1.1
            // would say "No appropriate protocol" (see LegacyTlsClientForTests).
            assertTrue(refused.getMessage().contains("Received fatal alert"),
                    "expected the server's alert, got: " + refused.getMessage());
        }
    }

    @Test
    void theJdkHttpClientAgrees() throws IOException, InterruptedException {
        HttpClient jdk = clients.jdkHttpClient();
        assertEquals(HttpClient.Version.HTTP_2, jdkGet(jdk, Door.HTTP_2_TLS).version());
        assertEquals(HttpClient.Version.HTTP_1_1, jdkGet(jdk, Door.HTTP_1_1_TLS).version());
    }

    private Response get(OkHttpClient client, Door door) throws IOException {
        return client.newCall(new Request.Builder().url(doors.uri(door, "/logos?count=3").toString()).build()).execute();
    }

    private HttpResponse<Void> jdkGet(HttpClient client, Door door) throws IOException, InterruptedException {
        HttpResponse<Void> response = client.send(HttpRequest.newBuilder(doors.uri(door, "/logos?count=3")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(200, response.statusCode(), door.label());
        return response;
    }
}
