package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * HTTP/2 without TLS (h2c) on a clear-text URL: by prior knowledge (OkHttp) and by Upgrade (the JDK's HttpClient, a
 * GET and then a POST with a body, each on a connection of its own). Browsers never speak h2c; balancers and
 * service meshes do, so its absence is said, not failed.
 */
final class ClearText {

    private static final Duration PATIENCE = Duration.ofSeconds(15);
    private static final String ON = "/subsystem=undertow/server=default-server/http-listener=default:"
            + "write-attribute(name=enable-http2, value=true) (the default on WildFly)";

    private final URI url;
    private final String on;
    private boolean priorKnowledge;

    ClearText(URI url, Advice advice) {
        this.url = url;
        this.on = advice.pick(ON, "turn h2c on");
    }

    /** Whether h2c by prior knowledge was answered (once the findings are made). */
    boolean speaksH2c() {
        return priorKnowledge;
    }

    List<Finding> findings() {
        return List.of(priorKnowledge(), upgrade("GET", HttpRequest.BodyPublishers.noBody()),
                upgrade("POST with a 10,000-byte body", HttpRequest.BodyPublishers.ofString("x".repeat(10_000))));
    }

    private Finding priorKnowledge() {
        String topic = "h2c by prior knowledge, OkHttp";
        OkHttpClient client = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).followRedirects(false)
                .connectTimeout(PATIENCE).readTimeout(PATIENCE).callTimeout(PATIENCE).build();
        try (Response response = client.newCall(new Request.Builder().url(url.toString()).build()).execute()) {
            priorKnowledge = true;
            return Finding.pass(topic, "h2, answered " + response.code());
        } catch (IOException refused) {
            return Finding.info(topic, "no h2c by prior knowledge: " + Finding.said(refused), "where a balancer needs it: " + on);
        } finally {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    private Finding upgrade(String what, HttpRequest.BodyPublisher body) {
        String topic = "h2c by Upgrade, " + what + ", the JDK's HttpClient";
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(PATIENCE).build();
        try {
            HttpResponse<Void> response = client.send(HttpRequest.newBuilder(url).timeout(PATIENCE)
                    .method(what.startsWith("POST") ? "POST" : "GET", body).build(), HttpResponse.BodyHandlers.discarding());
            if (response.version() == HttpClient.Version.HTTP_2) {
                return Finding.pass(topic, "upgraded to h2, answered " + response.statusCode());
            }
            return Finding.info(topic, "not upgraded: HTTP/1.1, answered " + response.statusCode(), "where a client needs it: " + on);
        } catch (IOException failed) {
            return new Finding(topic, Grade.WARN, "no answer to an Upgrade request: " + Finding.said(failed),
                    "a server should answer it, upgraded or in HTTP/1.1");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CheckFailure("interrupted");
        }
    }
}
