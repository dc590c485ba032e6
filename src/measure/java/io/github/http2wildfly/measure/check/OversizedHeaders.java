package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A request whose one header is 64 KiB, over HTTP/2 and over HTTP/1.1: a server should answer it (431 or 400), not
 * drop the connection, which a client reports as a network error with nothing to show its user. An answer with the
 * page's own status is the request accepted.
 */
final class OversizedHeaders {

    static final int BYTES = 64 * 1024;
    private static final Duration PATIENCE = Duration.ofSeconds(15);

    private final URI url;
    private final CheckTrust trust;
    private final int pageStatus;
    private final Advice advice;

    OversizedHeaders(URI url, CheckTrust trust, int pageStatus, Advice advice) {
        this.url = url;
        this.trust = trust;
        this.pageStatus = pageStatus;
        this.advice = advice;
    }

    /** Over h2 where the server speaks it over TLS ({@code h2}), and over HTTP/1.1. */
    List<Finding> findings(boolean h2) {
        List<Finding> findings = new ArrayList<>();
        if (h2) {
            findings.add(judge("a 64 KiB header over h2", pageStatus, send(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1)), advice));
        }
        findings.add(judge("a 64 KiB header over HTTP/1.1", pageStatus, send(List.of(Protocol.HTTP_1_1)), advice));
        return findings;
    }

    /** The answer's status (with its protocol where it is not the one asked for), or what the client saw instead. */
    private String send(List<Protocol> protocols) {
        OkHttpClient client = trust.okHttp()
                .protocols(protocols).followRedirects(false).retryOnConnectionFailure(false).connectTimeout(PATIENCE).readTimeout(PATIENCE)
                .callTimeout(PATIENCE).build();
        try (Response response = client.newCall(new Request.Builder().url(url.toString()).header("X-Check-Oversized", "a".repeat(BYTES))
                .build()).execute()) {
            return response.protocol() == protocols.get(0) ? Integer.toString(response.code())
                    : "not over " + protocols.get(0) + ": answered " + response.code() + " over " + response.protocol();
        } catch (IOException dropped) {
            return "no answer: " + Finding.said(dropped);
        } finally {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    static Finding judge(String topic, int pageStatus, String answer, Advice advice) {
        if (answer.startsWith("not over")) {
            return Finding.info(topic, answer, "");
        }
        if (answer.startsWith("no answer")) {
            return new Finding(topic, Grade.WARN, answer, "a client sees a network error; an answer (431) tells it why");
        }
        int status = Integer.parseInt(answer);
        if (status == pageStatus) {
            return Finding.info(topic, "accepted: answered " + status + ", as the page does",
                    advice.pick("the listener's max-header-size bounds what one request may carry", "the server's header limit bounds it"));
        }
        if (status >= 400 && status < 500) {
            return Finding.pass(topic, "answered " + status);
        }
        if (status >= 500) {
            return new Finding(topic, Grade.WARN, "answered " + status + ": a server error for a client's mistake",
                    "a 4xx (431) says whose mistake it is");
        }
        return Finding.info(topic, "answered " + status + " (the page answers " + pageStatus + ")", "");
    }
}
