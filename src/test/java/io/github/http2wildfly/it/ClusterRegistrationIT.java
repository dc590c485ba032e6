package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.shared.ClusterManagement;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Test;

/**
 * Who may register a node with the balancer. MCMP is plain HTTP on the balancer's management listener: a CONFIG from
 * whoever reaches it registers a node, which is then sent traffic. The balancer's management-access-predicate
 * (balancer.cli) admits only the nodes' address: a CONFIG from another address (127.0.0.2, loopback too) is refused and
 * nothing is registered; the same CONFIG from the nodes' address registers, which shows the predicate is what refused.
 */
@Tag("cluster")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterRegistrationIT {

    private static final String STRANGER = "stranger";
    private static final String CONFIG = "JVMRoute=" + STRANGER + "&Host=127.0.0.2&Port=9&Type=http";

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
