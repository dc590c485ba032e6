package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.latency.CongestionControl;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The comparison's server's own network setting ({@code POST /http2/network}), for what lives in the server:
 * the congestion control of door 4's QUIC, which quiche sets per server and not per connection. Set before
 * each HTTP/3 load whose cell needs another than the last. HttpURLConnection, because it opens its socket in
 * the calling thread: the lab calls it from a thread inside the server's network namespace.
 */
public final class ServerNetwork {

    private final URI endpoint;
    private CongestionControl current;

    /** @param door1 the server's door 1, {@code http://host:port}, which takes the change from a client that is not a page */
    public ServerNetwork(String door1) {
        this.endpoint = URI.create(door1 + ComparisonSettings.CONTEXT_PATH + "/network");
    }

    /** Door 4 answers loss with {@code algorithm} from its next connection on. */
    public void congestionControl(CongestionControl algorithm) {
        if (algorithm == current) {
            return;
        }
        try {
            HttpURLConnection post = (HttpURLConnection) endpoint.toURL().openConnection();
            post.setRequestMethod("POST");
            post.setDoOutput(true);
            post.setConnectTimeout(5_000);
            post.setReadTimeout(10_000);
            try (OutputStream body = post.getOutputStream()) {
                body.write(("cc=" + algorithm.parameter()).getBytes(StandardCharsets.US_ASCII));
            }
            int status = post.getResponseCode();
            try (InputStream answer = status < 400 ? post.getInputStream() : post.getErrorStream()) {
                String line = answer == null ? "" : new String(answer.readAllBytes(), StandardCharsets.UTF_8).strip();
                if (status != 200) {
                    throw new IllegalStateException("The comparison's server refused cc=" + algorithm.parameter() + " at "
                            + endpoint + ": " + status + " " + line);
                }
            }
            current = algorithm;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot set door 4's congestion control at " + endpoint + ": " + e.getMessage(), e);
        }
    }
}
