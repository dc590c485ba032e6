package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.Hop;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import io.github.http2wildfly.shared.ClusterManagement;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * WildFly's load balancer in front of two nodes, one cluster per hop setting (a cluster's three boots are most of
 * a test's time, so both tests share it). First, HTTP/2 from the client to the balancer (OkHttp and the JDK's
 * client), the hop's protocol as each node received it (its Server-Timing) and as the balancer registered the node
 * (its management model), and both nodes serving; h2 for a client that offers TLS 1.3 alone (OpenSSL); over h2 and
 * h2c, one HTTP/2 connection per node and I/O thread of the balancer at most (counted from the sockets), as
 * multiplexing allows.
 * <p>
 * Then a node lost in the middle of a page: Chromium loads the 500 logos over HTTP/2 through the balancer's slow door
 * (50 ms), and one node is killed with SIGKILL once a part of the images has arrived, over AJP (WildFly 39's
 * default), h2c (41's, and this project's) and h2. No image is lost: the balancer holds answers whole before relaying
 * them and retries on the survivor what the dead node had begun (src/patches/undertow-core); the next load comes
 * whole from the survivor alone, and the node started again serves at once and shares the two loads after. The
 * other faults are ClusterNodeFaultsIT's.
 * <p>
 * Last, who may register a node ({@link WhoMayRegisterANode}), on the same cluster rather than one booted for two
 * checks of a second.
 */
@Tag("cluster")
@ParameterizedClass(name = "hop {0}")
@EnumSource(Hop.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterHopIT {

    /**
     * Requests from each client, one after the other. mod_cluster elects the node elected least since it last evened
     * the counts (every health-check-interval, 10 s): after the 100 logos one node may be ahead by up to about as many,
     * and the next requests all go to the other until it has caught up (a fresh-clone CI saw 40 of 40 on node2 over
     * the http hop, whose pools fill unevenly in a burst). Past that, they alternate.
     */
    private static final int REQUESTS = 250;
    /** The scheme a node registers for each hop: the listener's (h2c is clear-text http, upgraded). */
    private static final Map<Hop, String> SCHEME = Map.of(Hop.AJP, "ajp", Hop.HTTP, "http", Hop.H2C, "http", Hop.H2, "https");
    /** The hops a node is killed over: WildFly 39's default, 41's and this project's, and TLS. */
    private static final Set<Hop> KILLED_OVER = EnumSet.of(Hop.AJP, Hop.H2C, Hop.H2);
    private static final Duration ROUND_TRIP = Duration.ofMillis(50);
    private static final String WALL = "/http2/logos";
    /** Bytes through the slow door before the kill: past the page (about 40 KB), about a fifth of the images. */
    private static final long KILL_AFTER_BYTES = 100_000;
    private static final String VICTIM = "node1";
    private static final String SURVIVOR = "node2";
    /** The bound docs/cluster.md states for a node started again to serve through the balancer (its boot and a STATUS). */
    private static final Duration NODE_BACK = Duration.ofSeconds(120);

    private static Cluster cluster;

    @Parameter
    Hop hop;

    @BeforeParameterizedClassInvocation
    static void startTheCluster(Hop hop) throws IOException, InterruptedException {
        cluster = ClusterServers.start(hop);
    }

    @AfterParameterizedClassInvocation
    static void stopTheCluster() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    @Test
    @Order(1)
    void clientsSpeakHttp2ToTheBalancerAndBothNodesServeOverTheHopTheSettingNames() throws Exception {
        TrustedClients clients = new TrustedClients();
        OkHttpClient okHttp = clients.okHttp();
        WallImages.fetchEvery(okHttp, cluster.balancer("/http2/logos?count=100"), Protocol.HTTP_2);
        if (hop.http2()) {
            int ioThreads = ClusterManagement.balancerIoThreads(cluster);
            for (String node : Cluster.NODES) {
                long connections = cluster.hopConnections(node);
                assertTrue(connections >= 1 && connections <= ioThreads, "the balancer's connections to " + node
                        + " after 100 logos over " + hop.token() + ": " + connections + " (its I/O threads: " + ioThreads + ")");
            }
        }

        Map<String, Integer> okHttpNodes = new TreeMap<>();
        Set<String> okHttpHops = new TreeSet<>();
        for (int i = 0; i < REQUESTS; i++) {
            try (Response response = okHttp.newCall(new Request.Builder().url(cluster.balancer("/http2/").toString()).build()).execute()) {
                assertEquals(200, response.code());
                assertEquals(Protocol.HTTP_2, response.protocol(), "OkHttp to the balancer");
                String timing = response.header("Server-Timing", "");
                okHttpNodes.merge(Cluster.nodeOf(timing).orElse("none"), 1, Integer::sum);
                okHttpHops.add(Cluster.hopOf(timing).orElse("none"));
            }
        }
        assertEquals(Set.of(hop.token()), okHttpHops, "what the nodes received, OkHttp's requests");
        assertEquals(Set.copyOf(Cluster.NODES), okHttpNodes.keySet(), "the nodes that served OkHttp: " + okHttpNodes + balancersView());

        HttpClient jdk = clients.jdkHttpClient();
        Set<String> jdkNodes = new TreeSet<>();
        for (int i = 0; i < REQUESTS; i++) {
            HttpResponse<String> response = jdk.send(HttpRequest.newBuilder(cluster.balancer("/http2/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(HttpClient.Version.HTTP_2, response.version(), "the JDK's client to the balancer");
            String timing = response.headers().firstValue("server-timing").orElse("");
            assertEquals(hop.token(), Cluster.hopOf(timing).orElse("none"), "what the node received, the JDK's request");
            jdkNodes.add(Cluster.nodeOf(timing).orElse("none"));
        }
        assertEquals(Set.copyOf(Cluster.NODES), jdkNodes, "the nodes that served the JDK's client" + balancersView());

        // a client that offers TLS 1.3 alone gets h2 at the balancer too (http2-alpn-for-tls13-clients.diff)
        assertEquals("TLSv1.3 h2", OpenSslClient.negotiated(cluster.balancer("/"), "-tls1_3", "h2"), "OpenSSL, TLS 1.3 alone");

        for (String node : Cluster.NODES) {
            ModelNode registered = ClusterManagement.balancerNode(cluster, node);
            assertEquals("NODE_UP", registered.get("status").asString(), node + " in the balancer: " + registered);
            String uri = registered.get("uri").asString();
            assertTrue(uri.startsWith(SCHEME.get(hop) + "://"), node + " registered as " + uri + " for hop " + hop.token());
        }
    }

    /**
     * What the balancer makes of each node and how many tries its log says it gave up, for a failure's message: a
     * fresh-clone CI once saw one node alone serve 40 requests over the http hop, and the next hop's cluster deletes the log.
     */
    private static String balancersView() throws IOException {
        StringBuilder view = new StringBuilder("; the balancer's view:");
        for (String node : Cluster.NODES) {
            view.append(' ').append(node).append(' ').append(ClusterManagement.balancerNode(cluster, node).toJSONString(true));
        }
        return view.append("; tries given up: ").append(ClusterServers.triesGivenUp(cluster))
                .append("; its log's last lines:").append(cluster.lastLines(Cluster.BALANCER)).toString();
    }

    @Test
    @Order(2) // last: it kills a node (and starts it again)
    void aNodeKilledMidPageLosesNoImageTheSurvivorServesTheNextLoadAndTheNodeComesBack() throws Exception {
        assumeTrue(KILLED_OVER.contains(hop), "the kill runs over " + KILLED_OVER + ": plain HTTP/1.1 fails over as AJP does");
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            DelayProxy slowDoor = cluster.openSlowDoor(Network.latency(ROUND_TRIP));
            CompletableFuture<Long> killed = CompletableFuture.supplyAsync(() -> killOnceThrough(slowDoor));

            Map<String, String> report = chromium.loadWall(cluster.slowBalancer(WALL).toString());
            long killedAt = killed.get();

            Map<String, Integer> servedBy = servedBy(report);
            int images = Integer.parseInt(report.get("images"));
            System.out.printf("hop %s: %d of 500 images after %s was killed at %d bytes: %s%n", hop.token(), images, VICTIM, killedAt, servedBy);
            assertEquals("h2", report.get("protocol"), report.toString());
            assertEquals("500", report.get("imageEntries"), "every image was asked for: " + report);
            // The balancer holds each answer whole before relaying it (proxy-retries-when-a-node-dies.diff): one the
            // node died in the middle of is retried on the survivor, as is every request that failed before an answer
            assertEquals(500, images, "every image arrived although " + VICTIM + " died mid-page: " + report + balancerSays());
            assertTrue(servedBy.getOrDefault(VICTIM + " over " + hop.token(), 0) > 0, VICTIM + " served a part before it died: " + servedBy);
            assertTrue(servedBy.getOrDefault(SURVIVOR + " over " + hop.token(), 0) > 0, SURVIVOR + " served the rest: " + servedBy);

            Map<String, String> next = chromium.loadWall(cluster.slowBalancer(WALL).toString());
            assertEquals("500", next.get("images"), next.toString());
            assertEquals(Map.of(SURVIVOR + " over " + hop.token(), 500), servedBy(next), "the load after the kill");

            cluster.launch(VICTIM);
            cluster.awaitNodes(Set.of(VICTIM), NODE_BACK);
            // mod_cluster elects the node with the lowest load status: requests since the balancer's last load update
            // (every 10 s, Undertow's NodeLbStatus) plus the count of the interval before. The node back starts at 0, so
            // it may take the whole first load while the survivor's count of the load before still stands; the load
            // after that evens them out.
            Map<String, String> back = chromium.loadWall(cluster.balancer(WALL).toString());
            Map<String, String> after = chromium.loadWall(cluster.balancer(WALL).toString());
            assertTrue(servedBy(back).getOrDefault(VICTIM + " over " + hop.token(), 0) > 0, "the node back serves at once: " + back);
            Map<String, Integer> both = new TreeMap<>(servedBy(back));
            servedBy(after).forEach((node, count) -> both.merge(node, count, Integer::sum));
            assertEquals(Set.of(VICTIM + " over " + hop.token(), SURVIVOR + " over " + hop.token()), both.keySet(),
                    "the two loads after it are shared: " + back + "\n" + after);
        }
    }

    /** What the balancer logged of its failures, each kind once with how often and when first and last. */
    private static String balancerSays() throws IOException {
        Map<String, List<String>> kinds = new TreeMap<>();
        try (var lines = java.nio.file.Files.lines(cluster.log(Cluster.BALANCER))) {
            lines.filter(line -> line.contains(" ERROR ") || line.contains(" WARN ")).forEach(line -> {
                String[] timeAndRest = line.split(" ", 2); // 11:44:54,058 ERROR [io.undertow.proxy] (default I/O-3) UT005028: ...
                String kind = timeAndRest.length < 2 ? line : timeAndRest[1].replaceAll("\\d+", "#");
                kinds.computeIfAbsent(kind.substring(0, Math.min(300, kind.length())), k -> new ArrayList<>()).add(timeAndRest[0]);
            });
        }
        return kinds.entrySet().stream().map(kind -> kind.getValue().size() + " x, " + kind.getValue().get(0) + " to "
                + kind.getValue().get(kind.getValue().size() - 1) + ": " + kind.getKey()).collect(Collectors.joining("\n", "\nthe balancer's log:\n", ""));
    }

    private static long killOnceThrough(DelayProxy slowDoor) {
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

    /** The wall's own count: "node1 over ajp=251,node2 over ajp=249". */
    static Map<String, Integer> servedBy(Map<String, String> report) {
        String servedBy = report.get("servedBy");
        assertFalse(servedBy == null || servedBy.isEmpty(), "the wall counted no node: " + report);
        return Arrays.stream(servedBy.split(",")).map(entry -> entry.split("="))
                .collect(Collectors.toMap(kv -> kv[0], kv -> Integer.parseInt(kv[1]), Integer::sum, TreeMap::new));
    }

    /**
     * Who may register a node with the balancer. MCMP is plain HTTP on the balancer's management listener: a CONFIG from
     * whoever reaches it registers a node, which is then sent traffic. The balancer's management-access-predicate
     * (balancer.cli) admits only the nodes' address: a CONFIG from another address (127.0.0.2, loopback too) is refused
     * and nothing is registered; the same CONFIG from the nodes' address registers, which shows the predicate is what
     * refused. After the kill: both nodes registered again first.
     */
    @Nested
    class WhoMayRegisterANode {

        private static final String STRANGER = "stranger";
        private static final String CONFIG = "JVMRoute=" + STRANGER + "&Host=127.0.0.2&Port=9&Type=http";

        @BeforeEach
        void bothNodesRegistered() throws Exception {
            cluster.awaitNodes(Set.copyOf(Cluster.NODES), NODE_BACK);
        }

        @Test
        void aConfigFromAnotherAddressRegistersNoNodeAndTheSameFromTheNodesAddressDoes() throws Exception {
            InetAddress nodes = InetAddress.getLoopbackAddress();
            InetAddress elsewhere = InetAddress.getByName("127.0.0.2");

            String refused = mcmp(elsewhere, "CONFIG", CONFIG);
            assertFalse(refused.startsWith("HTTP/1.1 200"), "a CONFIG from 127.0.0.2: " + refused);
            assertEquals(Cluster.NODES, ClusterManagement.balancerNodes(cluster).stream().sorted().toList(),
                    "the balancer's nodes after a stranger's CONFIG");

            String admitted = mcmp(nodes, "CONFIG", CONFIG);
            assertTrue(admitted.startsWith("HTTP/1.1 200"), "the same CONFIG from the nodes' address: " + admitted);
            assertTrue(ClusterManagement.balancerNodes(cluster).contains(STRANGER), "registered from the nodes' address");

            assertTrue(mcmp(nodes, "REMOVE-APP", "JVMRoute=" + STRANGER).startsWith("HTTP/1.1 200"));
            assertFalse(ClusterManagement.balancerNodes(cluster).contains(STRANGER), "removed again");
        }

        /** The predicate refuses MCMP, not clients: WildFly sends a request the predicate refuses past the proxy (a 404). */
        @Test
        void aClientAtAnotherAddressIsStillSentToTheNodes() throws Exception {
            String answer = request(cluster.httpPort(Cluster.BALANCER), InetAddress.getByName("127.0.0.2"), "GET", "/http2/", "");
            assertTrue(answer.startsWith("HTTP/1.1 200"), "a GET from 127.0.0.2 through the balancer: " + answer.lines().findFirst().orElse(""));
            assertTrue(Cluster.nodeOf(answer.lines().filter(line -> line.regionMatches(true, 0, "Server-Timing:", 0, 14)).findFirst().orElse(""))
                    .isPresent(), "answered by a node: " + answer);
        }

        /** One MCMP request (an HTTP method of mod_cluster's, a form body) from a given local address; the status line. */
        private String mcmp(InetAddress from, String method, String body) throws IOException {
            String path = method.equals("REMOVE-APP") ? "/*" : "/";
            return request(cluster.mcmpPort(), from, method, path, body).lines().findFirst().orElse("(no answer)");
        }

        /** One HTTP/1.1 request from a given local address to a port of the balancer's; the answer's head. */
        private static String request(int port, InetAddress from, String method, String path, String body) throws IOException {
            try (Socket socket = new Socket()) {
                socket.bind(new InetSocketAddress(from, 0));
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
                socket.setSoTimeout(10_000);
                OutputStream out = socket.getOutputStream();
                out.write((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                        + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                int head = answer.indexOf("\r\n\r\n");
                return head < 0 ? answer : answer.substring(0, head);
            }
        }
    }
}
