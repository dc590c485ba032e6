package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /** What one client got: the TLS version and the protocol, the handshake's refusal, or no answer at all. */
    record Negotiated(String tls, String protocol, String refusal, String silence) {

        static Negotiated refused(String why) {
            return new Negotiated(null, null, why, null);
        }

        static Negotiated noAnswer(String why) {
            return new Negotiated(null, null, null, why);
        }

        boolean h2() {
            return "h2".equals(protocol);
        }
    }

    private final URI url;
    private final CheckTrust trust;
    private final Advice advice;
    private boolean anyH2;

    Negotiation(URI url, CheckTrust trust, Advice advice) {
        this.url = url;
        this.trust = trust;
        this.advice = advice;
    }

    List<Finding> findings() {
        Map<String, Negotiated> clients = new LinkedHashMap<>();
        Map<String, Offer> offers = new LinkedHashMap<>();
        for (Offer offer : List.of(Offer.BOTH, Offer.TLS_1_2)) {
            clients.put("ALPN, OkHttp, " + offer.label, okHttp(offer));
            offers.put("ALPN, OkHttp, " + offer.label, offer);
        }
        for (Offer offer : Offer.values()) {
            clients.put("ALPN, the JDK's HttpClient, " + offer.label, jdk(offer));
            offers.put("ALPN, the JDK's HttpClient, " + offer.label, offer);
        }
        anyH2 = clients.values().stream().anyMatch(Negotiated::h2);
        List<Finding> findings = new ArrayList<>();
        clients.forEach((topic, got) -> findings.add(judge(topic, offers.get(topic), got, anyH2, advice)));
        return findings;
    }

    /** Whether any client got h2 (once the findings are made). */
    boolean anyH2() {
        return anyH2;
    }

    /** What a client that offered {@code offer} and got {@code got} means, when some client got h2 or none did. */
    static Finding judge(String topic, Offer offer, Negotiated got, boolean anyH2, Advice advice) {
        if (got.silence() != null) {
            return new Finding(topic, Grade.FAIL, "no answer: " + got.silence(), "a server should answer every client it accepts");
        }
        if (got.refusal() != null) {
            return switch (offer) {
                case TLS_1_2 -> Finding.info(topic, "refused: " + got.refusal() + " (the server speaks TLS 1.3 alone)",
                        "fine if every client speaks TLS 1.3; for older ones: " + advice.pick(CopyPage.fix("protocols=[TLSv1.3, TLSv1.2]"),
                                "turn TLS 1.2 on beside 1.3"));
                case TLS_1_3 -> new Finding(topic, Grade.WARN, "refused: " + got.refusal() + " (TLS 1.3 is off)", tls13On(advice));
                case BOTH -> new Finding(topic, Grade.FAIL, "refused: " + got.refusal(), advice.pick("see the certificate and the SSL "
                        + "context: " + CopyPage.fix("server-ssl-context"), "see the server's certificate and TLS settings"));
            };
        }
        String seen = got.protocol() + " over " + got.tls();
        if (!got.h2()) {
            if (offer == Offer.TLS_1_3 && anyH2) {
                return new Finding(topic, Grade.WARN, seen + " where other clients get h2" + (advice.wildfly()
                        ? ": stock Undertow offers h2 only to a ClientHello with the TLS 1.2 suite 0xC02F (UNDERTOW-1823, open)" : ""),
                        advice.pick("no line fixes it: the fix is a diff of Undertow's (src/patches/undertow-core/"
                                + "http2-alpn-for-tls13-clients.diff); browsers offer TLS 1.2 too", "browsers offer TLS 1.2 too"));
            }
            return new Finding(topic, Grade.FAIL, seen + ": HTTP/2 is off", advice.pick(CopyPage.fix("enable-http2"), "turn HTTP/2 on"));
        }
        if (offer == Offer.BOTH && !got.tls().equals("TLSv1.3")) {
            return new Finding(topic, Grade.WARN, seen + ": TLS 1.3 is off", tls13On(advice));
        }
        return Finding.pass(topic, seen);
    }

    private static String tls13On(Advice advice) {
        return advice.pick("turn TLS 1.3 on (WildFly's Elytron enables it only where TLS 1.3's suites are named: "
                + CopyPage.fix("cipher-suite-names") + ")", "turn TLS 1.3 on");
    }

    private Negotiated okHttp(Offer offer) {
        ConnectionSpec spec = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS)
                .tlsVersions(java.util.Arrays.stream(offer.protocols).map(TlsVersion::forJavaName).toArray(TlsVersion[]::new)).build();
        OkHttpClient client = trust.okHttp()
                .connectionSpecs(List.of(spec)).protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1))
                .followRedirects(false).connectTimeout(PATIENCE).readTimeout(PATIENCE).callTimeout(PATIENCE).build();
        try (Response response = client.newCall(new Request.Builder().url(url.toString()).build()).execute()) {
            return new Negotiated(response.handshake().tlsVersion().javaName(), response.protocol().toString(), null, null);
        } catch (SSLHandshakeException refused) {
            return Negotiated.refused(Finding.said(refused));
        } catch (IOException failed) {
            return Negotiated.noAnswer(Finding.said(failed));
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
            return new Negotiated(tls, response.version() == HttpClient.Version.HTTP_2 ? "h2" : "http/1.1", null, null);
        } catch (SSLHandshakeException refused) {
            return Negotiated.refused(Finding.said(refused));
        } catch (IOException failed) {
            return Negotiated.noAnswer(Finding.said(failed));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CheckFailure("interrupted");
        }
    }
}
