package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.servers.cluster.Cluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's h2load (nghttp2-client) through the balancer for a time (its timing-based mode, so that it still runs when
 * a fault comes, whatever the balancer's rate) or a number of requests: HTTP/2 over TLS, 4 connections of 20 streams,
 * logos.
 */
final class BalancerSoak {

    private static final Pattern DONE = Pattern.compile("requests: \\d+ total, \\d+ started, (\\d+) done, (\\d+) succeeded,"
            + " 0 failed, 0 errored, 0 timeout");
    private static final Pattern REQUEST_TIMES = Pattern.compile("time for request:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)");

    private final Process h2load;

    private BalancerSoak(Process h2load) {
        this.h2load = h2load;
    }

    static BalancerSoak start(Cluster cluster, Duration duration) throws IOException {
        return start(cluster, "-D", String.valueOf(duration.toSeconds()));
    }

    /** The same for a number of requests rather than a time. */
    static BalancerSoak start(Cluster cluster, int requests) throws IOException {
        return start(cluster, "-n", String.valueOf(requests));
    }

    private static BalancerSoak start(Cluster cluster, String measure, String howMuch) throws IOException {
        return new BalancerSoak(new ProcessBuilder("h2load", measure, howMuch, "-c", "4", "-m", "20",
                cluster.balancer("/http2/logo.png").toString()).redirectErrorStream(true).start());
    }

    boolean isRunning() {
        return h2load.isAlive();
    }

    /** Waits for the end, asserts every request done and answered 2xx over h2, and says how many and how long they took. */
    String assertEveryRequestSucceeded() throws Exception {
        String summary = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(h2load.waitFor(2, TimeUnit.MINUTES), "h2load ended");
        assertTrue(summary.contains("Application protocol: h2"), summary);
        Matcher done = DONE.matcher(summary);
        assertTrue(done.find(), "every request of the soak succeeded: " + summary);
        assertEquals(done.group(1), done.group(2), summary);
        assertTrue(summary.contains("status codes: " + done.group(2) + " 2xx, 0 3xx, 0 4xx, 0 5xx"), summary);
        Matcher times = REQUEST_TIMES.matcher(summary);
        return done.group(2) + " requests, all 2xx; time for a request: "
                + (times.find() ? "min " + times.group(1) + ", max " + times.group(2) + ", mean " + times.group(3) : "not printed");
    }
}
