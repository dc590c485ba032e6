package io.github.http2wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.latency.EchoServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
        system.setProperty(SlowDoors.ROUND_TRIP_PROPERTY, "20");
        system.setProperty("jboss.socket.binding.port-offset", "0");
        for (Door door : Door.values()) {
            EchoServer echo = new EchoServer();
            doors.put(door, echo);
            // the door's own port, and a free one for its slow twin
            system.setProperty(propertyOf(door), Integer.toString(echo.address().getPort()));
            system.setProperty("h2demo." + door.slowPortProperty(), Integer.toString(freePort()));
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
            assertEquals(Duration.ofMillis(20), slow.roundTrip());
            for (Door door : Door.values()) {
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
    void aRoundTripOutsideTheRuleOpensNothing() {
        system.setProperty(SlowDoors.ROUND_TRIP_PROPERTY, "1001");
        assertThrows(IllegalArgumentException.class, () -> SlowDoors.open(system, warnings::add));
    }

    @Test
    void closingEndsEveryThreadAndFreesThePorts() throws IOException {
        SlowDoors slow = SlowDoors.open(system, warnings::add);
        slow.setRoundTrip(Duration.ofMillis(100));
        assertEquals(Duration.ofMillis(100), slow.roundTrip());
        assertEquals(3, slow.liveThreads(), "one acceptor per door while nobody is connected");
        slow.close();
        assertEquals(0, slow.liveThreads());
        for (Door door : Door.values()) {
            try (ServerSocket again = new ServerSocket(door.slowPort(system), 1, LOOPBACK)) {
                assertTrue(again.isBound(), door.label());
            }
        }
    }

    private static String propertyOf(Door door) {
        return switch (door) {
            case HTTP_1_1 -> "h2demo.http.port";
            case HTTP_1_1_TLS -> "h2demo.https.http1.port";
            case HTTP_2_TLS -> "h2demo.https.port";
        };
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, LOOPBACK)) {
            return socket.getLocalPort();
        }
    }
}
