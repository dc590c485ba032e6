package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.TlsVersion;

/**
 * Which protocol each kind of client gets by ALPN, per TLS version it offers: OkHttp and the JDK's HttpClient (two
 * clients that share no code), each offering TLS 1.3 and 1.2 as browsers do, then TLS 1.2 alone, and a client offering
 * TLS 1.3 alone (which stock Undertow gives HTTP/1.1: UNDERTOW-1823).
 */
final class Negotiation {

    private static final Duration PATIENCE = Duration.ofSeconds(15);

    /** What a client offers. */
    enum Offer {
        BOTH("TLS 1.3 and 1.2 offered", "TLSv1.3", "TLSv1.2"),
        TLS_1_2("TLS 1.2 alone", "TLSv1.2"),
        TLS_1_3("TLS 1.3 alone", "TLSv1.3");

        private final String label;
        private final String[] protocols;

        Offer(String label, String... protocols) {
            this.label = label;
            this.protocols = protocols;
        }
    }

    /** What one client got: the TLS version and the protocol, or the handshake's refusal. */
    record Negotiated(String tls, String protocol, String refusal) {
    }

    private final URI url;
    private final CheckTrust trust;

    Negotiation(URI url, CheckTrust trust) {
        this.url = url;
        this.trust = trust;
    }

    List<Finding> findings() {
        List<Finding> findings = new ArrayList<>();
        findings.add(judge("ALPN, OkHttp, " + Offer.BOTH.label, Offer.BOTH, okHttp(Offer.BOTH)));
        findings.add(judge("ALPN, OkHttp, " + Offer.TLS_1_2.label, Offer.TLS_1_2, okHttp(Offer.TLS_1_2)));
        for (Offer offer : Offer.values()) {
            findings.add(judge("ALPN, the JDK's HttpClient, " + offer.label, offer, jdk(offer)));
        }
        return findings;
    }

    /** What a client that offered {@code offer} and got {@code got} means for the server's owner. */
    static Finding judge(String topic, Offer offer, Negotiated got) {
        if (got.refusal() != null) {
            return switch (offer) {
                case TLS_1_2 -> Finding.info(topic, "refused: " + got.refusal() + " (the server speaks TLS 1.3 alone)",
                        "fine if every client speaks TLS 1.3; for older ones: " + CopyPage.fix("protocols=[TLSv1.3, TLSv1.2]"));
                case TLS_1_3 -> new Finding(topic, Verdict.WARN, "refused: " + got.refusal() + " (TLS 1.3 is off)", tls13On());
                case BOTH -> new Finding(topic, Verdict.FAIL, "refused: " + got.refusal(), "see the certificate and the SSL context: "
                        + CopyPage.fix("server-ssl-context"));
            };
        }
        String seen = got.protocol() + " over " + got.tls();
        if (!got.protocol().equals("h2")) {
            if (offer == Offer.TLS_1_3) {
                return new Finding(topic, Verdict.WARN, seen + ": stock Undertow offers h2 only to a ClientHello with the TLS 1.2 "
                        + "suite 0xC02F (UNDERTOW-1823, open)", "no line fixes it: the fix is a diff of Undertow's "
                        + "(src/patches/undertow-core/http2-alpn-for-tls13-clients.diff); browsers offer TLS 1.2 too");
            }
            return new Finding(topic, Verdict.FAIL, seen + ": HTTP/2 is off on this listener", CopyPage.fix("enable-http2"));
        }
        if (offer == Offer.BOTH && !got.tls().equals("TLSv1.3")) {
            return new Finding(topic, Verdict.WARN, seen + ": TLS 1.3 is off", tls13On());
        }
        return Finding.pass(topic, seen);
    }

    private static String tls13On() {
        return "turn TLS 1.3 on (WildFly's Elytron enables it only where TLS 1.3's suites are named: " + CopyPage.fix("cipher-suite-names") + ")";
    }

    private Negotiated okHttp(Offer offer) {
        ConnectionSpec spec = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS)
                .tlsVersions(java.util.Arrays.stream(offer.protocols).map(TlsVersion::forJavaName).toArray(TlsVersion[]::new)).build();
        OkHttpClient client = new OkHttpClient.Builder().sslSocketFactory(trust.context().getSocketFactory(), trust.manager())
                .connectionSpecs(List.of(spec)).protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
                .followRedirects(false).callTimeout(PATIENCE).build();
        try (Response response = client.newCall(new Request.Builder().url(url.toString()).build()).execute()) {
            return new Negotiated(response.handshake().tlsVersion().javaName(), response.protocol().toString(), null);
        } catch (SSLHandshakeException refused) {
            return new Negotiated(null, null, Finding.said(refused));
        } catch (IOException failed) {
            throw new CheckFailure("OkHttp offering " + offer.label + " got no answer from " + url + ": " + Finding.said(failed));
        } finally {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    private Negotiated jdk(Offer offer) {
        SSLParameters parameters = new SSLParameters();
        parameters.setProtocols(offer.protocols);
        HttpClient client = HttpClient.newBuilder().sslContext(trust.context()).sslParameters(parameters)
                .version(HttpClient.Version.HTTP_2).connectTimeout(PATIENCE).build();
        try {
            HttpResponse<Void> response = client.send(HttpRequest.newBuilder(url).timeout(PATIENCE).build(),
                    HttpResponse.BodyHandlers.discarding());
            String tls = response.sslSession().map(session -> session.getProtocol()).orElse("?");
            return new Negotiated(tls, response.version() == HttpClient.Version.HTTP_2 ? "h2" : "http/1.1", null);
        } catch (SSLHandshakeException refused) {
            return new Negotiated(null, null, Finding.said(refused));
        } catch (IOException failed) {
            throw new CheckFailure("the JDK's HttpClient offering " + offer.label + " got no answer from " + url + ": " + Finding.said(failed));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CheckFailure("interrupted");
        }
    }
}
