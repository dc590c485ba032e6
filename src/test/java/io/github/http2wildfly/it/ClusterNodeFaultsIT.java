package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.attack.RawHttp2;
import io.github.http2wildfly.measure.net.CancellingClient;
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
import java.util.ArrayList;
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
    /** Fewer than a node's task threads (32 on 2 cores), which a reader that stalls holds until it leaves. */
    private static final int LEAVING_READERS = 24;
    /** Past the 77 that hung both nodes, and past the balancer's rapid-reset defence on a client connection (200). */
    private static final int CANCELS = 450;
    /** How long a client waits for an answer before it calls the server hung: a guard, not a measurement. */
    private static final Duration ANSWER_PATIENCE = Duration.ofSeconds(10);
    /** The balancer's stream idle timeout here (60 s by default): a reader that stops for good is given up after it. */
    private static final Duration STREAM_IDLE = Duration.ofSeconds(3);
    /** More than both nodes' task threads (32 each on 2 cores): stalled for good, they would hold every one of them. */
    private static final int READERS_GONE_SILENT = 80;
    /** The slow download: the 2 MB tile in about 50 s. */
    private static final String SLOW_RATE = "40K";
    /** As many as the probe opened on each of its four connections. */
    private static final int BODILESS_POSTS = 2_000;
    /** A quarter of the balancer's 512 MB heap: its bodies' budget (16 MiB) and WildFly's own, with room to spare. */
    private static final long BALANCER_HEAP_BOUND = 128L << 20;

    private Cluster cluster;

    @BeforeAll
    void startTheCluster() throws Exception {
        cluster = ClusterServers.start(ClusterServers.settings().hop(), "-Dh2demo.cluster.request.timeout=" + REQUEST_TIMEOUT.toMillis(),
                "-Dh2demo.cluster.answer.timeout=" + ANSWER_TIMEOUT_MILLIS, "-Dh2demo.cluster.stream.idle.timeout=" + STREAM_IDLE.toMillis());
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

    /**
     * Downloads of the 2 MB tile that their clients leave once begun, as browsers do when their user leaves a page of
     * large images: readers that stall (the balancer's next frame waits for their window) and then reset their stream,
     * then {@value #CANCELS} downloads cancelled at their headers by a client with nghttp2's window, which opens its
     * connection again when the balancer's rapid-reset defence closes it. Then both nodes, asked directly, and the
     * balancer answer, and a soak through the balancer is answered whole. Before the cancel reached the node
     * (proxy-stops-abandoned-tries.diff), 77 such cancels left every task thread of both nodes writing for ever.
     */
    @Test
    void downloadsTheirClientsLeaveLeaveBothNodesAndTheBalancerServing() throws Exception {
        URI door = cluster.balancerClearText("/");
        String tile = "/http2" + LogoServlet.TILE_2M_PATH;
        List<StalledReader> leaving = StalledReader.open(door.getHost(), door.getPort(), tile, LEAVING_READERS);
        try {
            StalledReader.awaitStalled(leaving);
            for (StalledReader reader : leaving) {
                reader.cancel();
            }
        } finally {
            for (StalledReader reader : leaving) {
                reader.close();
            }
        }
        try (CancellingClient cancelling = new CancellingClient(door.getHost(), door.getPort())) {
            int answered = cancelling.cancelAtHeaders(tile, CANCELS, ANSWER_PATIENCE);
            System.out.println(answered + " of " + CANCELS + " downloads cancelled at their headers, over "
                    + cancelling.connections() + " connections");
            assertTrue(answered > CANCELS / 2, "most downloads began before they were cancelled: " + answered);
        }
        OkHttpClient patient = new TrustedClients().okHttp().newBuilder().readTimeout(ANSWER_PATIENCE).build();
        for (String node : Cluster.NODES) {
            assertAnswers(patient, cluster.node(node, "/http2" + LogoServlet.LOGO_PATH), node + ", asked directly");
        }
        assertAnswers(patient, cluster.balancer("/http2" + LogoServlet.LOGO_PATH), "the balancer");
        System.out.println("the soak, after the downloads left: " + BalancerSoak.start(cluster, SOAK).assertEveryRequestSucceeded());
    }

    /**
     * Four connections that each open {@value #BODILESS_POSTS} POSTs declaring a 64 KiB body and send none of it (about
     * 100 bytes a request), beside a soak: every request of the soak is answered, the balancer refuses the streams
     * past its limit, and its heap holds no more than its bodies' budget (proxy-sends-again-what-a-node-never-processed.diff:
     * bodies filled as they arrive, within a budget; before, each declared body was allocated whole, and 8,000 filled
     * the balancer's 512 MB heap for good).
     */
    @Test
    void postsThatDeclareBodiesTheyNeverSendLeaveEveryOtherRequestAnsweredAndTheBalancersHeapBounded() throws Exception {
        BalancerSoak soak = BalancerSoak.start(cluster, SOAK);
        List<RawHttp2> flood = new ArrayList<>();
        try {
            for (int connection = 0; connection < 4; connection++) {
                RawHttp2 h2 = RawHttp2.open(new TrustedClients().sslContext(), cluster.balancer("/"));
                flood.add(h2);
                for (int i = 0; i < BODILESS_POSTS; i++) {
                    h2.headers(2 * i + 1, h2.post("/http2/").setInt("content-length", 65_536), false);
                    if (i % 100 == 99 && !h2.flush()) {
                        break; // the balancer closed the connection
                    }
                }
                h2.flush();
            }
            System.out.println("the soak, beside " + flood.size() + " connections of " + BODILESS_POSTS + " bodiless POSTs: "
                    + soak.assertEveryRequestSucceeded());
            long heapUsed = heapUsedAfterGc();
            System.out.println("the balancer's heap after a GC, the POSTs still open: " + (heapUsed >> 20) + " MiB");
            assertTrue(heapUsed < BALANCER_HEAP_BOUND, "the balancer's heap holds " + (heapUsed >> 20) + " MiB");
            for (RawHttp2 h2 : flood) {
                System.out.println("a flooding connection: " + h2.resets().size() + " streams reset, " + h2.end());
            }
        } finally {
            for (RawHttp2 h2 : flood) {
                h2.close();
            }
        }
        assertAnswers(new TrustedClients().okHttp().newBuilder().readTimeout(ANSWER_PATIENCE).build(),
                cluster.balancer("/http2" + LogoServlet.LOGO_PATH), "the balancer, once the POSTs left");
        try (var log = java.nio.file.Files.lines(cluster.log(Cluster.BALANCER))) {
            assertEquals(0, log.filter(line -> line.contains("OutOfMemoryError")).count(), "OutOfMemoryError in the balancer's log");
        }
    }

    /**
     * Readers of the 2 MB tile that stop for good without resetting their streams, more than both nodes' task threads:
     * each is given up after the balancer's stream idle time (3 s here), its stream reset, and both nodes,
     * asked directly, and the balancer answer. Without it each held a node's writer for as long as it stayed connected.
     */
    @Test
    void readersThatStopForGoodAreGivenUpAndLeaveBothNodesServing() throws Exception {
        URI door = cluster.balancerClearText("/");
        List<StalledReader> silent = StalledReader.open(door.getHost(), door.getPort(), "/http2" + LogoServlet.TILE_2M_PATH, READERS_GONE_SILENT);
        try {
            StalledReader.awaitStill(silent);
            Thread.sleep(STREAM_IDLE.multipliedBy(3).toMillis());
            assertEquals(READERS_GONE_SILENT, silent.stream().filter(StalledReader::resetByTheServer).count(),
                    "readers given up after " + STREAM_IDLE.toSeconds() + " s without taking anything");
            OkHttpClient patient = new TrustedClients().okHttp().newBuilder().readTimeout(ANSWER_PATIENCE).build();
            for (String node : Cluster.NODES) {
                assertAnswers(patient, cluster.node(node, "/http2" + LogoServlet.LOGO_PATH), node + ", asked directly");
            }
            assertAnswers(patient, cluster.balancer("/http2" + LogoServlet.LOGO_PATH), "the balancer");
        } finally {
            for (StalledReader reader : silent) {
                reader.close();
            }
        }
    }

    /**
     * Slow is not hostile: a download of the 2 MB tile that moves at 40 KB/s (curl's --limit-rate, about 50 s) comes
     * whole through the balancer, past its request time (the IT sets 5 s), beside what frees streams whose clients
     * left: only a stream its client resets, or whose client gives no credit back, is given up.
     */
    @Test
    void aDownloadThatMovesSlowlyComesWholeThroughTheBalancer() throws Exception {
        String tile = cluster.balancer("/http2" + LogoServlet.TILE_2M_PATH).toString();
        String whole = curl(tile);
        assertTrue(whole.startsWith("200 "), "the tile at full speed: " + whole);
        assertEquals(whole, curl(tile, "--limit-rate", SLOW_RATE), "the tile at " + SLOW_RATE + "/s: status and bytes");
    }

    /** curl over HTTP/2 with the project's certificate: "status bytes-downloaded". */
    private String curl(String url, String... options) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--http2", "--max-time", "300", "--cacert",
                ClusterServers.settings().certificate().toString(), "-o", "/dev/null", "-w", "%{http_code} %{size_download}"));
        command.addAll(List.of(options));
        command.add(url);
        Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(curl.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        assertEquals(0, curl.waitFor(), "curl: " + output);
        return output;
    }

    private long heapUsedAfterGc() throws IOException {
        ModelNode memory = Operations.createAddress("core-service", "platform-mbean", "type", "memory");
        ClusterManagement.execute(cluster, Cluster.BALANCER, Operations.createOperation("gc", memory));
        return ClusterManagement.execute(cluster, Cluster.BALANCER, Operations.createReadAttributeOperation(memory, "heap-memory-usage"))
                .get("used").asLong();
    }

    private static void assertAnswers(OkHttpClient client, URI uri, String who) throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(uri.toString()).build()).execute()) {
            assertEquals(200, response.code(), who);
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
