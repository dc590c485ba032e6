package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.shared.ClusterManagement;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Who may register a node with the balancer. MCMP is plain HTTP on the balancer's management listener: a CONFIG from
 * whoever reaches it registers a node, which is then sent traffic. The balancer's management-access-predicate
 * (balancer.cli) admits only the nodes' address: a CONFIG from another address (127.0.0.2, loopback too) is refused and
 * nothing is registered; the same CONFIG from the nodes' address registers, which shows the predicate is what refused.
 */
@Tag("cluster")
class ClusterRegistrationIT {

    private static final String STRANGER = "stranger";
    private static final String CONFIG = "JVMRoute=" + STRANGER + "&Host=127.0.0.2&Port=9&Type=http";

    @Test
    void aConfigFromAnotherAddressRegistersNoNodeAndTheSameFromTheNodesAddressDoes() throws Exception {
        try (Cluster cluster = ClusterServers.start(ClusterServers.settings().hop())) {
            InetAddress nodes = InetAddress.getLoopbackAddress();
            InetAddress elsewhere = InetAddress.getByName("127.0.0.2");

            String refused = mcmp(cluster, elsewhere, "CONFIG", CONFIG);
            assertFalse(refused.startsWith("HTTP/1.1 200"), "a CONFIG from 127.0.0.2: " + refused);
            assertEquals(Cluster.NODES, ClusterManagement.balancerNodes(cluster).stream().sorted().toList(),
                    "the balancer's nodes after a stranger's CONFIG");

            String admitted = mcmp(cluster, nodes, "CONFIG", CONFIG);
            assertTrue(admitted.startsWith("HTTP/1.1 200"), "the same CONFIG from the nodes' address: " + admitted);
            assertTrue(ClusterManagement.balancerNodes(cluster).contains(STRANGER), "registered from the nodes' address");

            assertTrue(mcmp(cluster, nodes, "REMOVE-APP", "JVMRoute=" + STRANGER).startsWith("HTTP/1.1 200"));
            assertFalse(ClusterManagement.balancerNodes(cluster).contains(STRANGER), "removed again");
        }
    }

    /** One MCMP request (an HTTP method of mod_cluster's, a form body) from a given local address; the status line. */
    private static String mcmp(Cluster cluster, InetAddress from, String method, String body) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), cluster.mcmpPort()), 5_000);
            socket.setSoTimeout(10_000);
            String path = method.equals("REMOVE-APP") ? "/*" : "/";
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return answer.lines().findFirst().orElse("(no answer)");
        }
    }
}
