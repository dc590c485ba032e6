package io.github.http2wildfly.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.measure.net.EchoServer;
import io.github.http2wildfly.measure.net.FreePorts;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The slow doors as the application opens them, in front of three echo servers standing in for the doors. */
class SlowDoorsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final Map<Door, EchoServer> doors = new EnumMap<>(Door.class);
    private final Properties system = new Properties();
    private final List<String> warnings = new ArrayList<>();

    @BeforeEach
    void doorsAndTheirProperties() throws IOException {
        system.setProperty("h2demo.slow.rtt", "20");
        system.setProperty("h2demo.slow.loss", "0");
        system.setProperty("h2demo.slow.bandwidth", "0");
        system.setProperty("h2demo.slow.cc", "reno");
        system.setProperty("jboss.socket.binding.port-offset", "0");
        for (Door door : Door.overTcp()) {
            EchoServer echo = new EchoServer();
            doors.put(door, echo);
            system.setProperty(propertyOf(door), Integer.toString(echo.address().getPort()));
        }
        slowTwinsOnFreePorts();
    }

    /**
     * A free port for each door's slow twin, drawn again for each opening in a test: a port just let go is free for
     * anyone (a fresh-clone CI once found door 2's twin taken when a test opened the doors a second time).
     */
    private void slowTwinsOnFreePorts() throws IOException {
        for (Door door : Door.overTcp()) {
            system.setProperty("h2demo." + door.slowPortProperty(), Integer.toString(FreePorts.next()));
        }
    }

    @AfterEach
    void closeDoors() throws IOException {
        for (EchoServer echo : doors.values()) {
            echo.close();
        }
    }

    @Test
    void eachSlowDoorLeadsToItsTwin() throws IOException {
        try (SlowDoors slow = SlowDoors.open(system, warnings::add)) {
            assertEquals(List.of(), warnings);
            assertEquals("{\"rtt\":20,\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\"}", slow.network().json());
            for (Door door : Door.overTcp()) {
                int port = slow.port(door).orElseThrow();
                assertEquals(door.slowPort(system), port);
                try (Socket socket = new Socket(LOOPBACK, port)) {
                    socket.setSoTimeout(10_000);
                    socket.getOutputStream().write('x');
                    assertEquals('x', socket.getInputStream().read(), door.label());
                }
            }
        }
    }

    @Test
    void door4sTwinRelaysDatagramsUnderTheSameNetworkAndClosesWithTheOthers() throws Exception {
        try (DatagramSocket door4 = new DatagramSocket(new InetSocketAddress(LOOPBACK, 0));
                DatagramSocket browser = new DatagramSocket()) {
            system.setProperty("h2demo.h3.port", Integer.toString(door4.getLocalPort()));
            int twin = FreePorts.next();
            system.setProperty("h2demo.slow.h3.port", Integer.toString(twin));
            SlowDoors slow = SlowDoors.open(system, warnings::add);
            assertEquals(twin, slow.port(Door.HTTP_3).orElseThrow());
            slow.setNetwork(slow.network().with(Map.of(NetworkSetting.ROUND_TRIP, 60), null));
            door4.setSoTimeout(10_000);
            long sent = System.nanoTime();
            browser.send(new DatagramPacket(new byte[] {'q'}, 1, LOOPBACK, twin));
            DatagramPacket arrived = new DatagramPacket(new byte[8], 8);
            door4.receive(arrived);
            assertTrue(System.nanoTime() - sent >= Duration.ofMillis(30).toNanos(), "half the changed round trip");
            assertEquals('q', arrived.getData()[0]);
            assertTrue(slow.toString().endsWith(", HTTP/3 over QUIC on " + twin + " (UDP)"), slow.toString());
            assertEquals(3 + 2, slow.liveThreads(), "three acceptors, the twin's reader and deliverer");
            slow.close();
            assertEquals(0, slow.liveThreads());
            FreePorts.awaitFreedUdp(twin);
        }
    }

    @Test
    void aTakenPortIsOneLineNamingItsPropertyAndTheOtherDoorsOpen() throws IOException {
        int taken = Door.HTTP_2_TLS.slowPort(system);
        try (ServerSocket squatter = new ServerSocket(taken, 1, LOOPBACK); SlowDoors slow = SlowDoors.open(system, warnings::add)) {
            assertEquals(List.of("Port " + taken + " on 127.0.0.1 is already in use (slow.https.port=" + taken
                    + "): stop what listens there, or move it with -Dslow.https.port=<port> or every port with"
                    + " -Dport.offset=<offset>"), warnings);
            assertTrue(slow.port(Door.HTTP_2_TLS).isEmpty());
            assertTrue(slow.port(Door.HTTP_1_1_TLS).isPresent());
            assertTrue(slow.port(Door.HTTP_1_1).isPresent());
        }
    }

    @Test
    void aSettingOutsideItsRuleOpensNothing() {
        system.setProperty("h2demo.slow.loss", "21");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> SlowDoors.open(system, warnings::add));
        assertEquals(NetworkSetting.LOSS.rule(), refused.getMessage());
        system.remove("h2demo.slow.bandwidth");
        system.setProperty("h2demo.slow.loss", "0");
        assertEquals(NetworkSetting.BANDWIDTH.rule(), assertThrows(IllegalArgumentException.class,
                () -> SlowDoors.open(system, warnings::add)).getMessage(), "a server without the property");
        system.setProperty("h2demo.slow.bandwidth", "0");
        system.setProperty("h2demo.slow.cc", "vegas");
        assertEquals("cc must be one of reno, cubic, bbr", assertThrows(IllegalArgumentException.class,
                () -> SlowDoors.open(system, warnings::add)).getMessage());
    }

    @Test
    void aNewNetworkKeepsWhatItDoesNotChange() throws IOException {
        try (SlowDoors slow = SlowDoors.open(system, warnings::add)) {
            slow.setNetwork(slow.network().with(Map.of(NetworkSetting.LOSS, 2, NetworkSetting.BANDWIDTH, 10), null));
            assertEquals("{\"rtt\":20,\"loss\":2,\"bandwidth\":10,\"cc\":\"reno\"}", slow.network().json());
            assertEquals(new Network(Duration.ofMillis(20), 0.02, 10_000_000, CongestionControl.RENO), slow.network().emulated());
            slow.setNetwork(slow.network().with(Map.of(), CongestionControl.BBR));
            assertEquals(new Network(Duration.ofMillis(20), 0.02, 10_000_000, CongestionControl.BBR), slow.network().emulated());
            assertEquals("rtt 20 ms, loss 2 %, bandwidth 10 Mbit/s, BBR, HTTP/1.1 on " + Door.HTTP_1_1.slowPort(system)
                    + ", HTTP/1.1 over TLS on " + Door.HTTP_1_1_TLS.slowPort(system) + ", HTTP/2 over TLS on "
                    + Door.HTTP_2_TLS.slowPort(system), slow.toString());
        }
    }

    @Test
    void theClustersSlowDoorLeadsToTheBalancerAndIsOfferedOnlyWhileOneAnswers() throws IOException {
        int door2 = doors.get(Door.HTTP_2_TLS).address().getPort();
        system.setProperty("h2demo.slow.cluster.port", Integer.toString(FreePorts.next()));
        system.setProperty("h2demo.cluster.context.path", "/http2");
        try (EchoServer balancer = new EchoServer()) {
            // the balancer's door 2 is door 2's port plus the cluster's offset
            system.setProperty("h2demo.cluster.port.offset", Integer.toString(balancer.address().getPort() - door2));
            try (SlowDoors slow = SlowDoors.open(system, warnings::add)) {
                assertEquals(List.of(), warnings);
                try (Socket socket = new Socket(LOOPBACK, slow.clusterPort().orElseThrow())) {
                    socket.setSoTimeout(10_000);
                    socket.getOutputStream().write('x');
                    assertEquals('x', socket.getInputStream().read(), "through the cluster's slow door");
                }
            }
        }
        // port 0 behind it: nothing can ever listen there
        slowTwinsOnFreePorts();
        system.setProperty("h2demo.slow.cluster.port", Integer.toString(FreePorts.next()));
        system.setProperty("h2demo.cluster.port.offset", Integer.toString(-door2));
        try (SlowDoors slow = SlowDoors.open(system, warnings::add)) {
            assertEquals(List.of(), warnings);
            assertEquals(OptionalInt.empty(), slow.clusterPort(), "no balancer answers: no lane");
        }
        slowTwinsOnFreePorts();
        system.setProperty("h2demo.cluster.port.offset", "x");
        try (SlowDoors slow = SlowDoors.open(system, warnings::add)) {
            assertEquals(List.of("No slow door for the cluster: h2demo.cluster.port.offset is no whole number: x"), warnings);
        }
    }

    @Test
    void closingEndsEveryThreadAndFreesThePorts() throws IOException {
        SlowDoors slow = SlowDoors.open(system, warnings::add);
        slow.setNetwork(slow.network().with(Map.of(NetworkSetting.ROUND_TRIP, 100), null));
        assertEquals(100, slow.network().get(NetworkSetting.ROUND_TRIP));
        assertEquals(3, slow.liveThreads(), "one acceptor per door while nobody is connected");
        assertTrue(slow.listening());
        slow.close();
        assertEquals(0, slow.liveThreads());
        // Its own sockets, not a connection to the freed ports: in fresh-clone CI runs such a connection was now and
        // then accepted, by a process another test class had just started, which holds this JVM's sockets for some
        // milliseconds (FreePorts.awaitFreedUdp): that says nothing of ours.
        assertFalse(slow.listening(), "a slow door still holds its port");
    }

    private static String propertyOf(Door door) {
        return switch (door) {
            case HTTP_1_1 -> "h2demo.http.port";
            case HTTP_1_1_TLS -> "h2demo.https.http1.port";
            case HTTP_2_TLS -> "h2demo.https.port";
            case HTTP_3 -> "h2demo.h3.port";
        };
    }
}
