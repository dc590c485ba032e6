package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.net.StalledReader;
import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.cluster.ClusterNode;
import io.github.http2wildfly.http.RequestRulesFilter;
import io.github.http2wildfly.page.LogoCount;
import io.github.http2wildfly.page.LogoServlet;
import io.netty.handler.codec.http2.Http2Error;
import io.github.http2wildfly.shared.ClusterManagement;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The cluster's faults other than a node's death (ClusterHopIT), one test each, on one cluster of the default hop
 * that each test leaves as it found it: both nodes serving (checked before each). A node suspended while a soak runs
 * loses no request; a node that hangs beside a healthy one leaves every request to the healthy one (the balancer gives
 * a try {@value #ANSWER_TIMEOUT_MILLIS} ms to begin its answer, then retries it: proxy-retries-when-a-node-dies.diff);
 * clients that stop reading large answers leave the others answered; the balancer restarted is found again by the
 * nodes; bad requests get the doors' answers; when every node hangs, a GET's HTTP/2 stream is refused and an HTTP/1.1
 * GET answered 503 once each node has had its try, and a POST, which is not retried, 504 when its time is up.
 */
@Tag("cluster")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterNodeFaultsIT {

    /** The bound docs/cluster.md states for a node to serve through the balancer again (a boot, or a STATUS). */
    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    /** The balancer's time for a request (balancer.cli: 30 s unless told): the tests wait less. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** The balancer's time for a try to begin its answer (balancer.cli: 10 s unless told). */
    private static final int ANSWER_TIMEOUT_MILLIS = 1_000;
    /** As long as the soak runs (h2load's timing-based mode): past the fault, whatever the balancer's rate. */
    private static final Duration SOAK = Duration.ofSeconds(8);
    private static final Duration SOAK_WARM_UP = Duration.ofSeconds(2);
    /** As many as the issue that found the stall had. */
    private static final int STALLED_READERS = 8;

    private Cluster cluster;

    @BeforeAll
    void startTheCluster() throws Exception {
        cluster = ClusterServers.start(ClusterServers.settings().hop(), "-Dh2demo.cluster.request.timeout=" + REQUEST_TIMEOUT.toMillis(),
                "-Dh2demo.cluster.answer.timeout=" + ANSWER_TIMEOUT_MILLIS);
    }

    @AfterAll
    void stopTheCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void bothNodesServe() throws Exception {
        cluster.awaitNodes(Set.copyOf(Cluster.NODES), NODE_BACK);
    }

    @Test
    void aNodeSuspendedInTheMiddleOfASoakLosesNoRequestAndServesAgainWhenResumed() throws Exception {
        String node = "node2";
        cluster.awaitNodes(Set.of(node), NODE_BACK); // it serves before it is suspended
        BalancerSoak soak = BalancerSoak.start(cluster, SOAK);
        Thread.sleep(SOAK_WARM_UP.toMillis());
        assertTrue(soak.isRunning(), "the soak still runs when " + node + " is suspended");
        ModelNode suspend = Operations.createOperation("suspend");
        suspend.get("suspend-timeout").set(10);
        ClusterManagement.execute(cluster, node, suspend);
        try {
            System.out.println("the soak, " + node + " suspended after " + SOAK_WARM_UP.toSeconds() + " s: " + soak.assertEveryRequestSucceeded());
        } finally {
            ClusterManagement.execute(cluster, node, Operations.createOperation("resume"));
        }
        cluster.awaitNodes(Set.of(node), NODE_BACK); // mod_cluster sends it requests again
    }

    @Test
    void aNodeThatHangsBesideAHealthyOneLeavesEveryRequestOfASoakToTheHealthyOne() throws Exception {
        String node = "node1";
        long givenUpBefore = ClusterServers.triesGivenUp(cluster);
        BalancerSoak soak = BalancerSoak.start(cluster, SOAK);
        Thread.sleep(SOAK_WARM_UP.toMillis());
        assertTrue(soak.isRunning(), "the soak still runs when " + node + " hangs");
        signal("STOP", cluster.process(node)); // it takes connections and answers nothing
        try {
            System.out.println("the soak, " + node + " hung after " + SOAK_WARM_UP.toSeconds() + " s: " + soak.assertEveryRequestSucceeded());
        } finally {
            signal("CONT", cluster.process(node));
        }
        // else the soak never met the hung node (mod_cluster may send a while to one node only, to even out their counts)
        assertTrue(ClusterServers.triesGivenUp(cluster) > givenUpBefore, "the balancer gave tries on " + node + " up and sent them on");
    }

    /**
     * Eight HTTP/2 clients ask for the 2 MB tile and give no flow-control credit back, as stalled readers do; while
     * they stay, a soak of logos through the balancer is answered whole. Before http2-flow-control-per-stream.diff their
     * streams held the balancer's connections to the nodes (1,989 of 2,000 logos failed, then 503 from both nodes out).
     */
    @Test
    void clientsThatStopReadingLargeAnswersLeaveEveryOtherRequestOfASoakAnswered() throws Exception {
        URI door = cluster.balancerClearText("/");
        List<StalledReader> stalled = StalledReader.open(door.getHost(), door.getPort(), "/http2" + LogoServlet.TILE_2M_PATH, STALLED_READERS);
        try {
            StalledReader.awaitStalled(stalled);
            System.out.println("the soak, beside " + STALLED_READERS + " stalled readers of the 2 MB tile: "
                    + BalancerSoak.start(cluster, SOAK).assertEveryRequestSucceeded());
            for (StalledReader reader : stalled) {
                assertTrue(reader.dataReceived() <= StalledReader.OPENING_WINDOW, "a reader that gives no credit back had " + reader.dataReceived());
            }
        } finally {
            for (StalledReader reader : stalled) {
                reader.close();
            }
        }
    }

    @Test
    void aRestartedBalancerIsFoundAgainByBothNodes() throws Exception {
        cluster.restart(Cluster.BALANCER);
        cluster.awaitNodes(Set.copyOf(Cluster.NODES), NODE_BACK);
    }

    @Test
    void badRequestsThroughTheBalancerGetTheDoorsAnswersFromTheNode() throws Exception {
        OkHttpClient client = new TrustedClients().okHttp();
        assertOneLine(client, cluster.balancer("/http2/logos?count=5&pad=" + "a".repeat(RequestRulesFilter.MAX_URL_CHARS)), 414,
                RequestRulesFilter.URL_RULE, Map.of());
        assertOneLine(client, cluster.balancer("/http2/logos?count=5"), 431, RequestRulesFilter.HEADERS_RULE,
                Map.of("X-Padding", "b".repeat(RequestRulesFilter.MAX_HEADER_BYTES)));
        assertOneLine(client, cluster.balancer("/http2/logos?count=5&count=5"), 400, LogoCount.RULE, Map.of());
        assertOneLine(client, cluster.balancer("/http2/logos?report-to=https://evil.example"), 400, ClusterNode.REPORT_TO_RULE, Map.of());
    }

    @Test
    void whenEveryNodeHangsAGetIsAnswered503OnceEachHadItsTryAndAPost504WhenItsTimeIsUp() throws Exception {
        for (String node : Cluster.NODES) {
            signal("STOP", cluster.process(node));
        }
        try (RawHttp2 h2 = RawHttp2.open(new TrustedClients().sslContext(), cluster.balancer("/"))) {
            // HTTP/2: the stream is refused (REFUSED_STREAM: nothing was processed, a client may send it again),
            // once the nodes, both out for their failures, have had their tries (proxy-takes-a-node-out-on-evidence.diff)
            h2.headers(1, h2.get("/http2/"), true);
            h2.flush();
            long deadline = System.nanoTime() + REQUEST_TIMEOUT.multipliedBy(2).toNanos(); // a guard, not a measurement
            while (!h2.resets().containsKey(1) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(Map.of(1, Http2Error.REFUSED_STREAM.code()), h2.resets(), "the stream refused");
            assertEquals(Optional.empty(), h2.awaitStatus(1, Duration.ZERO), "no status over HTTP/2");
            // HTTP/1.1: over HTTP/2 the balancer refuses the stream instead (REFUSED_STREAM), which a client retries
            OkHttpClient patient = new OkHttpClient.Builder().readTimeout(REQUEST_TIMEOUT.multipliedBy(4)).build();
            Request post = new Request.Builder().url(cluster.balancerClearText("/http2/").toString())
                    .post(RequestBody.create("", MediaType.get("text/plain"))).build();
            try (Response response = patient.newCall(post).execute()) {
                assertEquals(504, response.code(), "a POST to nodes that answer nothing, not retried: Gateway Timeout");
            }
            try (Response response = patient.newCall(new Request.Builder().url(cluster.balancerClearText("/http2/").toString()).build()).execute()) {
                assertEquals(503, response.code(), "a GET no node began to answer in time, each tried: Service Unavailable");
            }
        } finally {
            for (String node : Cluster.NODES) {
                signal("CONT", cluster.process(node));
            }
        }
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
}
