package io.github.http2wildfly.comparison.emulation.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.measure.net.DatagramEcho;
import io.github.http2wildfly.measure.net.RoundTripProbe;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab on this machine, where it can run (root, as CI is): an IT, it starts ip and threads in namespaces. */
class LabIT {

    /** Where this machine can run the lab (root, as CI is): two namespaces, the wire between, nothing left once closed. */
    @Test
    void theBrowsersNamespaceReachesTheServersOnlyOverTheWireAndBothGoWhenItCloses() throws Exception {
        assumeTrue(Lab.unavailable().isEmpty(), () -> Lab.unavailable().orElse(""));
        String host = Files.readSymbolicLink(Path.of("/proc/thread-self/ns/net")).toString();
        String clientNamespace;
        Network network = new Network(Duration.ofMillis(40), 0, Network.UNLIMITED, CongestionControl.CUBIC);
        try (Lab lab = Lab.open(network, 1);
                ServerSocket listener = lab.server().call(() -> new ServerSocket(0, 50, Lab.SERVER))) {
            clientNamespace = lab.client().call(() -> Files.readSymbolicLink(Path.of("/proc/thread-self/ns/net")).toString());
            assertNotEquals(host, clientNamespace);
            assertNotEquals(clientNamespace, lab.server().call(() -> Files.readSymbolicLink(Path.of("/proc/thread-self/ns/net")).toString()));
            assertEquals("cubic", lab.server().sysctl("net/ipv4/tcp_congestion_control"), "the cell's sender, in the server's namespace");
            assertEquals(Files.readString(Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control")).strip(),
                    lab.client().call(() -> Files.readString(Path.of("/proc/sys/net/ipv4/tcp_allowed_congestion_control")).strip()));
            InetSocketAddress server = new InetSocketAddress(Lab.SERVER, listener.getLocalPort());
            double connect = lab.client().call(() -> RoundTripProbe.connects(server, 5, Duration.ofSeconds(5)).median());
            assertTrue(connect >= 40, "a TCP connect across the wire takes its round trip: " + connect + " ms");
            // HTTP/3's datagrams cross the same wire as TCP: the same round trip, not another hop's
            try (DatagramEcho echo = new DatagramEcho(lab.server().call(() -> new DatagramSocket(new InetSocketAddress(Lab.SERVER, 0))))) {
                double datagram = lab.client().call(() -> RoundTripProbe.datagrams(echo.address(), 5, Duration.ofSeconds(5)).median());
                // a lower bound only (the wire's setting): how close the two are is the run's figure, not a test's clock
                assertTrue(datagram >= 40, "a UDP datagram across the wire takes its round trip too: " + datagram + " ms");
            }
            assertTrue(lab.upstream().tcpConnections() >= 5, "the wire saw the client's SYNs");
            assertThrows(IOException.class, () -> {
                try (Socket fromTheHost = new Socket()) {
                    fromTheHost.connect(new InetSocketAddress("127.0.0.1", listener.getLocalPort()), 1000);
                }
            }, "the server's port is not the host's");
        }
        // A namespace's thread may still be on its way out when close returns: it must be gone soon. The JDK's "process
        // reaper", which a process started inside (ip, for the devices) creates there when none is idle, is the JVM's:
        // it waits for its process, then idles until it ends by itself (60 s).
        List<String> left = List.of();
        for (long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos(); System.nanoTime() < deadline; Thread.sleep(50)) {
            try (var tasks = Files.list(Path.of("/proc/self/task"))) {
                left = tasks.filter(task -> namespaceOf(task).equals(clientNamespace)).map(LabIT::threadName)
                        .filter(name -> !name.isEmpty() && !name.equals("process reaper")).toList();
            }
            if (left.isEmpty()) {
                break;
            }
        }
        assertEquals(List.of(), left, "no thread of this JVM is left in the lab's namespaces");
    }

    private static String threadName(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException gone) {
            return ""; // gone
        }
    }

    private static String namespaceOf(Path task) {
        try {
            return Files.readSymbolicLink(task.resolve("ns/net")).toString();
        } catch (IOException gone) {
            return "";
        }
    }
}
