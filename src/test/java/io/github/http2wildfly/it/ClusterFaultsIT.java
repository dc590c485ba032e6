package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.shared.ClusterManagement;
import io.github.http2wildfly.cluster.ClusterNode;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.shared.HeadlessChromium;
import io.github.http2wildfly.http.RequestRulesFilter;
import io.github.http2wildfly.page.LogoCount;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Protocol;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Test;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cluster's faults. A node lost in the middle of a page: Chromium loads the 500 logos over HTTP/2 through the
 * balancer's slow door (50 ms), and one node is killed with SIGKILL once a part of the images has arrived, over AJP
 * (WildFly 39's default), h2c (41's, and this project's) and h2. No image is lost: the balancer holds answers whole
 * before relaying them and retries on the survivor what the dead node had begun (src/patches/undertow-core); the next
 * load comes whole from the survivor alone, and the node started again gets its share back. And on the default hop: a
 * node that served, suspended while a soak runs, loses no request, the balancer restarted is found again by the nodes,
 * bad requests get the doors' answers, and nodes that answer nothing get a 504 in the balancer's time, not a hang.
 */
@Tag("cluster")
class ClusterFaultsIT {

    private static final Duration ROUND_TRIP = Duration.ofMillis(50);
    private static final String WALL = "/http2/logos";
    /** Bytes through the slow door before the kill: past the page (about 40 KB), about a fifth of the images. */
    private static final long KILL_AFTER_BYTES = 100_000;
    private static final String VICTIM = "node1";
    private static final String SURVIVOR = "node2";
    /** The bound docs/cluster.md states for a node started again to serve through the balancer (its boot and a STATUS). */
    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    /** The balancer's max-request-time for a node that answers nothing (balancer.cli: 30 s unless told). */
    private static final String REQUEST_TIMEOUT_PROPERTY = "h2demo.cluster.request.timeout";
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** As long as the soak runs (h2load's timing-based mode): past the suspend, whatever the balancer's rate. */
    private static final Duration SOAK = Duration.ofSeconds(8);
    private static final Pattern SOAK_DONE = Pattern.compile("requests: \\d+ total, \\d+ started, (\\d+) done, (\\d+) succeeded,"
            + " 0 failed, 0 errored, 0 timeout");
    private static final Duration SOAK_WARM_UP = Duration.ofSeconds(2);

    @ParameterizedTest(name = "hop {0}")
    @EnumSource(value = Hop.class, names = {"AJP", "H2C", "H2"})
    void aNodeKilledMidPageLosesNoImageTheSurvivorServesTheNextLoadAndTheNodeComesBack(Hop hop) throws Exception {
        try (Cluster cluster = ClusterServers.start(hop); HeadlessChromium chromium = new HeadlessChromium()) {
            DelayProxy slowDoor = cluster.openSlowDoor(Network.latency(ROUND_TRIP));
            CompletableFuture<Long> killed = CompletableFuture.supplyAsync(() -> killOnceThrough(cluster, slowDoor));

            Map<String, String> report = chromium.loadWall(cluster.slowBalancer(WALL).toString());
            long killedAt = killed.get();

            Map<String, Integer> servedBy = servedBy(report);
            int images = Integer.parseInt(report.get("images"));
            System.out.printf("hop %s: %d of 500 images after %s was killed at %d bytes: %s%n", hop.token(), images, VICTIM, killedAt, servedBy);
            assertEquals("h2", report.get("protocol"), report.toString());
            assertEquals("500", report.get("imageEntries"), "every image was asked for: " + report);
            // The balancer holds each answer whole before relaying it (proxy-retries-when-a-node-dies.diff): one the
            // node died in the middle of is retried on the survivor, as is every request that failed before an answer
            assertEquals(500, images, "every image arrived although " + VICTIM + " died mid-page: " + report + balancerSays(cluster));
            assertTrue(servedBy.getOrDefault(VICTIM + " over " + hop.token(), 0) > 0, VICTIM + " served a part before it died: " + servedBy);
            assertTrue(servedBy.getOrDefault(SURVIVOR + " over " + hop.token(), 0) > 0, SURVIVOR + " served the rest: " + servedBy);

            Map<String, String> next = chromium.loadWall(cluster.slowBalancer(WALL).toString());
            assertEquals("500", next.get("images"), next.toString());
            assertEquals(Map.of(SURVIVOR + " over " + hop.token(), 500), servedBy(next), "the load after the kill");

            cluster.launch(VICTIM);
            cluster.awaitNodes(Set.of(VICTIM), NODE_BACK);
            Map<String, String> back = chromium.loadWall(cluster.balancer(WALL).toString());
            assertEquals(Set.of(VICTIM + " over " + hop.token(), SURVIVOR + " over " + hop.token()), servedBy(back).keySet(),
                    "the node back serves its share again: " + back);
        }
    }

    @Test
    void aSuspendedNodeLosesNoRequestARestartedBalancerIsFoundAgainAndBadOrUnansweredRequestsGetClearAnswers() throws Exception {
        Hop hop = ClusterServers.settings().hop();
        try (Cluster cluster = ClusterServers.start(hop, "-D" + REQUEST_TIMEOUT_PROPERTY + "=" + REQUEST_TIMEOUT.toMillis())) {
            // (b) node2 suspended, with time to finish what it has, in the middle of a soak over HTTP/2: node2 serves
            // before, and the soak still runs when it is suspended (else the test would prove nothing)
            assertTrue(servedBy(cluster, 20).containsKey(SURVIVOR), SURVIVOR + " serves before it is suspended");
            Process soak = h2load(cluster, SOAK);
            Thread.sleep(SOAK_WARM_UP.toMillis());
            assertTrue(soak.isAlive(), "the soak still runs when " + SURVIVOR + " is suspended");
            ModelNode suspend = Operations.createOperation("suspend");
            suspend.get("suspend-timeout").set(10);
            ClusterManagement.execute(cluster, SURVIVOR, suspend);
            String summary = awaitOutput(soak);
            assertTrue(summary.contains("Application protocol: h2"), summary);
            Matcher done = SOAK_DONE.matcher(summary);
            assertTrue(done.find(), "every request of the soak succeeded: " + summary);
            assertEquals(done.group(1), done.group(2), summary);
            assertTrue(summary.contains("status codes: " + done.group(2) + " 2xx, 0 3xx, 0 4xx, 0 5xx"), summary);
            System.out.println("the soak: " + done.group(2) + " requests, all 2xx, " + SURVIVOR + " suspended after " + SOAK_WARM_UP.toSeconds() + " s");

            // (c) node2 resumed: the balancer sends it traffic again
            ClusterManagement.execute(cluster, SURVIVOR, Operations.createOperation("resume"));
            cluster.awaitNodes(Set.of(SURVIVOR), NODE_BACK);

            // (d) the balancer restarted: both nodes register again by themselves
            cluster.restart(Cluster.BALANCER);
            cluster.awaitNodes(Set.copyOf(Cluster.NODES), NODE_BACK);

            // (e) bad requests through the balancer: door 2's answers, from the node, over any hop
            OkHttpClient client = new TrustedClients().okHttp();
            assertOneLine(client, cluster.balancer("/http2/logos?count=5&pad=" + "a".repeat(RequestRulesFilter.MAX_URL_CHARS)), 414,
                    RequestRulesFilter.URL_RULE, Map.of());
            assertOneLine(client, cluster.balancer("/http2/logos?count=5"), 431, RequestRulesFilter.HEADERS_RULE,
                    Map.of("X-Padding", "b".repeat(RequestRulesFilter.MAX_HEADER_BYTES)));
            assertOneLine(client, cluster.balancer("/http2/logos?count=5&count=5"), 400, LogoCount.RULE, Map.of());
            assertOneLine(client, cluster.balancer("/http2/logos?report-to=https://evil.example"), 400, ClusterNode.REPORT_TO_RULE, Map.of());

            // (e) nodes that answer nothing (stopped, not gone): 504 once the balancer's request time is up
            for (String node : Cluster.NODES) {
                signal("STOP", cluster.process(node));
            }
            try {
                OkHttpClient patient = client.newBuilder().readTimeout(REQUEST_TIMEOUT.multipliedBy(4)).build();
                try (Response response = patient.newCall(new Request.Builder().url(cluster.balancer("/http2/").toString()).build()).execute()) {
                    assertEquals(504, response.code(), "a request to nodes that answer nothing: Gateway Timeout");
                }
            } finally {
                for (String node : Cluster.NODES) {
                    signal("CONT", cluster.process(node));
                }
            }
        }
    }

    /** Debian's h2load (nghttp2-client): HTTP/2 over TLS to the balancer, 4 connections of 20 streams, logos, for a time. */
    private static Process h2load(Cluster cluster, Duration soak) throws IOException {
        return new ProcessBuilder("h2load", "-D", String.valueOf(soak.toSeconds()), "-c", "4", "-m", "20",
                cluster.balancer("/http2/logo.png").toString()).redirectErrorStream(true).start();
    }

    private static String awaitOutput(Process process) throws Exception {
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "h2load ended");
        return output;
    }

    /** SIGSTOP and SIGCONT, which Java's Process cannot send: a node that hangs, and the same node going on. */
    private static void signal(String signal, Process process) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start().waitFor());
    }

    private static void assertOneLine(OkHttpClient client, URI uri, int status, String rule, Map<String, String> headers) throws IOException {
        Request.Builder request = new Request.Builder().url(uri.toString());
        headers.forEach(request::header);
        try (Response response = client.newCall(request.build()).execute()) {
            assertEquals(status, response.code(), uri.toString().substring(0, Math.min(80, uri.toString().length())));
            assertEquals(Protocol.HTTP_2, response.protocol());
            assertEquals(rule, response.body().string().strip());
        }
    }

    /** What the balancer logged of its failures (a request timed out names the node it waited for, or none). */
    private static String balancerSays(Cluster cluster) throws IOException {
        try (var lines = java.nio.file.Files.lines(cluster.log(Cluster.BALANCER))) {
            return lines.filter(line -> line.contains(" ERROR ") || line.contains(" WARN ") || line.contains("UT005028"))
                    .limit(40).collect(Collectors.joining("\n", "\nthe balancer's log:\n", ""));
        }
    }

    private static long killOnceThrough(Cluster cluster, DelayProxy slowDoor) {
        try {
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (slowDoor.bytesForwarded() < KILL_AFTER_BYTES) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the page never got past " + slowDoor.bytesForwarded() + " bytes");
                }
                Thread.sleep(1);
            }
            long at = slowDoor.bytesForwarded();
            cluster.kill(VICTIM);
            return at;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Which nodes answered {@code requests} requests through the balancer, by their Server-Timing. */
    private static Map<String, Integer> servedBy(Cluster cluster, int requests) throws IOException {
        OkHttpClient client = new TrustedClients().okHttp();
        Map<String, Integer> nodes = new TreeMap<>();
        for (int i = 0; i < requests; i++) {
            try (Response response = client.newCall(new Request.Builder().url(cluster.balancer("/http2/").toString()).build()).execute()) {
                nodes.merge(Cluster.nodeOf(response.header("Server-Timing", "")).orElse("none"), 1, Integer::sum);
            }
        }
        return nodes;
    }

    /** The wall's own count: "node1 over ajp=251,node2 over ajp=249". */
    static Map<String, Integer> servedBy(Map<String, String> report) {
        String servedBy = report.get("servedBy");
        assertFalse(servedBy == null || servedBy.isEmpty(), "the wall counted no node: " + report);
        return Arrays.stream(servedBy.split(",")).map(entry -> entry.split("="))
                .collect(Collectors.toMap(kv -> kv[0], kv -> Integer.parseInt(kv[1]), Integer::sum, TreeMap::new));
    }
}
