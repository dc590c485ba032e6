package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.net.FreePorts;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortCheckTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path dir;

    private Path scripts(String sockets) throws IOException {
        Files.writeString(dir.resolve("sockets.cli"), sockets);
        Files.writeString(dir.resolve("README.md"), "/system-property=h2demo.http.port:add(value=1)");
        return dir;
    }

    @Test
    void aTakenPortIsNamedWithThePropertiesThatMoveIt() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, LOOPBACK)) {
            int port = taken.getLocalPort();
            List<String> problems = PortCheck.takenPorts(LOOPBACK, Map.of("https.port", port - 100), 100, "it.port.offset");
            assertEquals(List.of("Port " + port + " on " + LOOPBACK.getHostAddress() + " is already in use (https.port="
                    + (port - 100) + " + it.port.offset=100): stop what listens there, or move it with"
                    + " -Dhttps.port=<port> or every port with -Dit.port.offset=<offset>"), problems);
        }
    }

    @Test
    void door4sPortsAreCheckedOnUdpWhereItListens() throws IOException {
        try (DatagramSocket taken = udpTakenTcpFree()) {
            int port = taken.getLocalPort();
            List<String> problems = PortCheck.takenPorts(LOOPBACK, Map.of("slow.h3.port", port, "http.port", port), 0, "port.offset");
            assertEquals(List.of("Port " + port + " on " + LOOPBACK.getHostAddress() + " is already in use (slow.h3.port=" + port
                    + "): stop what listens there, or move it with -Dslow.h3.port=<port> or every port with -Dport.offset=<offset> (UDP)"),
                    problems, "UDP taken, the TCP port of the same number free");
        }
    }

    /** A UDP socket on a port whose TCP twin is free (and stays so: no client draws it, see FreePorts). */
    private static DatagramSocket udpTakenTcpFree() throws IOException {
        return new DatagramSocket(new InetSocketAddress(LOOPBACK, FreePorts.next()));
    }

    @Test
    void freePortsPass() throws IOException {
        int free = FreePorts.next();
        assertTrue(PortCheck.takenPorts(LOOPBACK, Map.of("http.port", free), 0, "port.offset").isEmpty());
    }

    @Test
    void thePortsAreTheOnesTheFilteredScriptsGiveTheServerAndWildFlysManagementPort() throws IOException {
        Path scripts = scripts("/system-property=h2demo.https.http1.port:add(value=8444)\n# a comment\n"
                + "/system-property=h2demo.slow.rtt:add(value=50)\n/system-property=h2demo.slow.http.port:add(value=8081)\n");
        assertEquals(Map.of("https.http1.port", 8444, "slow.http.port", 8081, PortCheck.MANAGEMENT, 9990),
                PortCheck.portsOf(scripts));
    }

    @Test
    void anOffsetPastTheLastPortIsRefused() {
        List<String> problems = PortCheck.takenPorts(LOOPBACK, Map.of("https.port", 65500), 100, "port.offset");
        assertEquals(List.of("https.port=65500 plus port.offset=100 is past 65535"), problems);
    }

    @Test
    void anOffsetThatIsNoNumberIsRefused() {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> PortCheck.parsePort("port.offset", "80a"));
        assertEquals("port.offset=80a is not a port number (0 to 65535)", failure.getMessage());
    }
}
