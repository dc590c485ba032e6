package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.shared.ClusterManagement;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.jboss.dmr.ModelNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * WildFly's load balancer in front of two nodes, once per hop setting: HTTP/2 from the client to the balancer
 * (OkHttp and the JDK's client), the hop's protocol as each node received it (its Server-Timing) and as the
 * balancer registered the node (its management model), and both nodes serving; h2 for a client that offers TLS 1.3
 * alone (OpenSSL); over h2 and h2c, one HTTP/2 connection per node and I/O thread of the balancer at most (counted
 * from the sockets), as multiplexing allows.
 */
@Tag("cluster")
class ClusterHopIT {

    private static final int REQUESTS = 40;
    /** The scheme a node registers for each hop: the listener's (h2c is clear-text http, upgraded). */
    private static final Map<Hop, String> SCHEME = Map.of(Hop.AJP, "ajp", Hop.HTTP, "http", Hop.H2C, "http", Hop.H2, "https");

    @ParameterizedTest(name = "hop {0}")
    @EnumSource(Hop.class)
    void clientsSpeakHttp2ToTheBalancerAndBothNodesServeOverTheHopTheSettingNames(Hop hop) throws Exception {
        TrustedClients clients = new TrustedClients();
        try (Cluster cluster = ClusterServers.start(hop)) {
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
            assertEquals(Set.copyOf(Cluster.NODES), okHttpNodes.keySet(), "the nodes that served OkHttp: " + okHttpNodes);

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
            assertEquals(Set.copyOf(Cluster.NODES), jdkNodes, "the nodes that served the JDK's client");

            // a client that offers TLS 1.3 alone gets h2 at the balancer too (http2-alpn-for-tls13-clients.diff)
            assertEquals("TLSv1.3 h2", OpenSslClient.negotiated(cluster.balancer("/"), "-tls1_3", "h2"), "OpenSSL, TLS 1.3 alone");

            for (String node : Cluster.NODES) {
                ModelNode registered = ClusterManagement.balancerNode(cluster, node);
                assertEquals("NODE_UP", registered.get("status").asString(), node + " in the balancer: " + registered);
                String uri = registered.get("uri").asString();
                assertTrue(uri.startsWith(SCHEME.get(hop) + "://"), node + " registered as " + uri + " for hop " + hop.token());
            }
        }
    }
}
