package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.HalfOpenFlood;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import io.github.http2wildfly.measure.attack.RawHttp2;
import io.github.http2wildfly.page.LogoServlet;
import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.shared.ClusterManagement;
import io.github.http2wildfly.shared.ThreadDumps;
import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue shield through WildFly's balancer, on a cluster of its own with the default settings (no shortened timers):
 * one client's slow bodies, half-open handshakes, large headers, malformed fields and requests for what a node lacks
 * cost only their sender. Meanwhile a bystander at another
 * client address asks the balancer for the logo ten times a second on a fresh connection each, whether or not the last
 * was answered; served means its 200 and whole body within 1 s.
 */
@Tag("cluster")
@Tag(BrowserRaceIT.TIMINGS) // a share served within 1 s: CI runs it alone
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterShieldIT {

    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    /** Longer than the guard's grace many times over, and than the balancer's 30 s request time. */
    private static final Duration SLOW_BODIES = Duration.ofSeconds(60);
    /** Longer than the balancer's 30 s request time. */
    private static final Duration SHUT_WINDOWS = Duration.ofSeconds(40);
    /** How long after the client left its bodies or windows may still hold a node's thread. */
    private static final Duration AFTER = Duration.ofSeconds(35);
    /** Longer than twice the handshake timeout (tls.handshake.timeout, 10 s). */
    private static final Duration HALF_OPEN = Duration.ofSeconds(25);

    private final TrustedClients clients = new TrustedClients();
    private Cluster cluster;

    @BeforeAll
    void startTheCluster() throws Exception {
        cluster = ClusterServers.start(ClusterServers.settings().hop());
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
    void oneClientsSlowBodiesLeaveAnotherAddressServedAndNoNodeThreadWaitingOnceItLeaves() throws Exception {
        Beside slowBodies = beside(Attack.SLOW_BODIES, SLOW_BODIES);
        assertTrue(slowBodies.seen().availability() >= 0.98, "the bystander beside the slow bodies: " + slowBodies);
        assertEquals(List.of(), ThreadDumps.onceNoneOrAfter(AFTER, () -> nodeThreadsIn(ThreadDumps.BODY_READ)), "node threads still in a body read " + AFTER.toSeconds()
                + " s after the client left");
    }

    /**
     * Zero window (CVE-2019-9517) through the balancer: 400 downloads of the 2 MB tile on a window of 0, held open.
     * The balancer passes each to a node, whose servlet blocks writing it: without the nodes' share per client (counted
     * by the X-Forwarded-For the balancer adds) the attacker's streams held every task thread of both nodes.
     */
    @Test
    void oneClientsShutWindowsLeaveAnotherAddressServedAndNoNodeThreadWritingOnceItLeaves() throws Exception {
        Beside zeroWindow = beside(Attack.ZERO_WINDOW, SHUT_WINDOWS);
        assertTrue(zeroWindow.seen().availability() >= 0.98, "the bystander beside the zero window: " + zeroWindow);
        assertEquals(List.of(), ThreadDumps.onceNoneOrAfter(AFTER, () -> nodeThreadsIn(ThreadDumps.ANSWER_WRITE)),
                "node threads still in an answer's write " + AFTER.toSeconds() + " s after the client left");
    }

    @Test
    void elevenThousandHalfOpenHandshakesFromOneAddressLeaveAnotherServedThroughTheBalancer() throws Exception {
        URI logo = cluster.balancer("/http2" + LogoServlet.LOGO_PATH);
        HalfOpenFlood.Held held;
        OpenLoopBystander.Seen seen;
        try (OpenLoopBystander bystander = bystander(logo)) {
            held = HalfOpenFlood.against(new InetSocketAddress(logo.getHost(), logo.getPort()), InetAddress.getByName("127.0.0.1"),
                    11_000, HALF_OPEN, Duration.ofSeconds(1));
            bystander.close();
            seen = bystander.seen();
        }
        System.out.println("half-open handshakes against the balancer: " + held + "; the bystander: " + seen);
        assertTrue(seen.availability() >= 0.98, "the bystander beside " + held + ": " + seen);
    }

    /**
     * Requests with one header of 17,000 to 19,990 bytes, from a neighbour on connections of its own, beside a soak of
     * 20,000 logos: the balancer adds its own X-Forwarded-* headers, and a node that refused the larger list (its limit
     * was the balancer's own, 20,000 bytes) ended the hop's connection, which other clients' requests shared. Each
     * neighbour's request is answered 431 by the node or ends its own connection at the balancer; the soak all 2xx.
     */
    @Test
    void aNeighboursLargeHeadersFailOnlyItsOwnRequestsBesideASoakOf20000Logos() throws Exception {
        BalancerSoak soak = BalancerSoak.start(cluster, 20_000);
        List<String> neighbour = new ArrayList<>();
        OkHttpClient client = clients.okHttp();
        while (soak.isRunning()) {
            for (int size = 17_000; size <= 19_990 && soak.isRunning(); size += 165) {
                Request request = new Request.Builder().url(cluster.balancer("/http2" + LogoServlet.LOGO_PATH).toString())
                        .header("x-large", "a".repeat(size)).build();
                try (Response response = client.newBuilder().connectionPool(new ConnectionPool()).build().newCall(request).execute()) {
                    neighbour.add(size + ": " + response.code());
                } catch (IOException ownConnectionEnded) {
                    neighbour.add(size + ": " + ownConnectionEnded.getMessage());
                }
            }
        }
        System.out.println("the soak, beside " + neighbour.size() + " requests with large headers: " + soak.assertEveryRequestSucceeded());
        assertTrue(neighbour.stream().noneMatch(answer -> answer.endsWith(": 200")), "a large header list taken as a request: " + neighbour);
    }

    /**
     * Six anonymous GETs of what a node lacks (door 4's traffic: a node has no door 4), then 20 logos: both nodes
     * serve them. A node answered 503 there, and the balancer counted a node's 503 as its failure, so any client could
     * take a node out of rotation.
     */
    @Test
    void sixGetsOfWhatANodeLacksLeaveBothNodesInRotation() throws Exception {
        OkHttpClient client = clients.okHttp();
        for (int i = 0; i < 6; i++) {
            try (Response response = client.newCall(new Request.Builder().url(cluster.balancer("/http2/edge-traffic").toString()).build())
                    .execute()) {
                assertEquals(404, response.code(), "what a node lacks");
            }
        }
        Set<String> served = new TreeSet<>();
        for (int i = 0; i < 20; i++) {
            try (Response response = client.newCall(new Request.Builder().url(cluster.balancer("/http2" + LogoServlet.LOGO_PATH).toString())
                    .build()).execute()) {
                assertEquals(200, response.code());
                Cluster.nodeOf(response.header("Server-Timing", "")).ifPresent(served::add);
            }
        }
        assertEquals(Set.copyOf(Cluster.NODES), served, "the nodes that served 20 logos after six GETs of what a node lacks");
    }

    /**
     * Malformed requests (CR LF in a value, upgrade) through the balancer: each stream reset with PROTOCOL_ERROR by the
     * balancer's own Undertow, a GET after it on the same connection answered; the balancer passed them on to a node.
     */
    @Test
    void malformedFieldsAreRefusedByTheBalancerWithTheirStreamAlone() throws Exception {
        String logo = "/http2" + LogoServlet.LOGO_PATH;
        for (String[] field : List.of(new String[] {"x-split", "a\r\nx-injected: 1"}, new String[] {"upgrade", "websocket"})) {
            try (RawHttp2 client = RawHttp2.open(clients.sslContext(), cluster.balancer("/"))) {
                client.headers(1, client.unchecked("GET", logo).add(field[0], field[1]), true);
                client.headers(3, client.get(logo), true);
                client.flush();
                assertEquals(Optional.of("200"), client.awaitStatus(3, Duration.ofSeconds(10)), "the GET after " + field[0]);
                assertEquals(Http2Error.PROTOCOL_ERROR.code(), client.resets().get(1), field[0] + ": " + client.statuses());
            }
        }
    }

    /** What an attack through the balancer did, and what the bystander beside it saw. */
    private record Beside(Outcome attack, OpenLoopBystander.Seen seen) {
        @Override
        public String toString() {
            return seen + "; the attack: " + attack.summary();
        }
    }

    /** One attack through the balancer for {@code time}, the open-loop bystander beside it. */
    private Beside beside(Attack attack, Duration time) throws Exception {
        URI logo = cluster.balancer("/http2" + LogoServlet.LOGO_PATH);
        try (OpenLoopBystander bystander = bystander(logo)) {
            Outcome outcome = attack.against(new Attack.Target(clients.sslContext(), cluster.balancer("/"), logo.getPath(),
                    "/http2" + LogoServlet.TILE_2M_PATH, time));
            bystander.close();
            Beside beside = new Beside(outcome, bystander.seen());
            System.out.println(attack.label() + " through the balancer: " + beside);
            return beside;
        }
    }

    private OpenLoopBystander bystander(URI url) throws Exception {
        return OpenLoopBystander.start(clients.okHttp(), url, InetAddress.getByName("127.0.0.2"), Duration.ofMillis(100), Duration.ofSeconds(1));
    }

    /** The nodes' threads whose stack is in a method of {@code className} now, each with its node's name. */
    private List<String> nodeThreadsIn(String className) throws Exception {
        List<String> in = new ArrayList<>();
        for (String node : Cluster.NODES) {
            ThreadDumps.in(ClusterManagement.execute(cluster, node, ThreadDumps.operation()), className)
                    .forEach(thread -> in.add(node + ": " + thread));
        }
        return in;
    }
}
