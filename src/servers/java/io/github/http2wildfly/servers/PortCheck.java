package io.github.http2wildfly.servers;

import io.github.http2wildfly.door.PortInUse;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The ports a server is about to bind that are taken, each with the property that moves it (run by
 * {@link ServerAgent} in the server's JVM before WildFly binds any).
 */
public final class PortCheck {

    /** WildFly's management port before the offset, which the wildfly-maven-plugin and Arquillian assume too. */
    public static final int WILDFLY_MANAGEMENT_PORT = 9990;
    /** WildFly's socket binding {@code ajp}, the listener a node registers over the ajp hop. */
    public static final int WILDFLY_AJP_PORT = 8009;
    static final String MANAGEMENT = "WildFly's management port";
    /** {@code /system-property=h2demo.<Maven property>:add(value=<port>)}, as sockets.cli, slow-doors.cli and h3-door.cli say it. */
    private static final Pattern PORT_PROPERTY = Pattern.compile(
            "^/system-property=h2demo\\.([\\w.]+\\.port):add\\(value=(\\d+)\\)", Pattern.MULTILINE);

    private PortCheck() {
    }

    /**
     * The ports the server will have, read from the filtered CLI scripts that give them to it (so this
     * check and the server never disagree), by the Maven property that sets each; and WildFly's own
     * management port, which only the offset moves.
     */
    static Map<String, Integer> portsOf(Path filteredScripts) throws IOException {
        Map<String, Integer> ports = new LinkedHashMap<>();
        List<Path> scripts;
        try (Stream<Path> files = Files.list(filteredScripts)) {
            scripts = files.filter(file -> file.toString().endsWith(".cli")).sorted().toList();
        }
        for (Path script : scripts) {
            Matcher port = PORT_PROPERTY.matcher(Files.readString(script));
            while (port.find()) {
                ports.put(port.group(1), parsePort(port.group(1), port.group(2)));
            }
        }
        ports.put(MANAGEMENT, WILDFLY_MANAGEMENT_PORT);
        return ports;
    }

    /**
     * @return one message per port that cannot be bound, each naming the property that moves it
     */
    static List<String> takenPorts(InetAddress address, Map<String, Integer> ports, int offset,
            String offsetProperty) {
        List<String> taken = new ArrayList<>();
        ports.forEach((property, base) -> {
            int port = base + offset;
            if (port > 65535) {
                taken.add(property + "=" + base + " plus " + offsetProperty + "=" + offset + " is past 65535");
            } else if (!canBind(address, port) && property.equals(MANAGEMENT)) {
                taken.add("Port " + port + " on " + address.getHostAddress() + " is already in use (" + MANAGEMENT + " "
                        + base + " + " + offsetProperty + "=" + offset + "): stop what listens there, or move every port with -D"
                        + offsetProperty + "=<offset>");
            } else if (isUdp(property) ? !canBindUdp(address, port) : !canBind(address, port)) {
                taken.add(PortInUse.message(address, property, base, offsetProperty, offset) + (isUdp(property) ? " (UDP)" : ""));
            }
        });
        return taken;
    }

    /** Door 4 and its twin (h3-door.cli) listen on UDP; every other door on TCP. */
    static boolean isUdp(String property) {
        return property.startsWith("h3.") || property.contains(".h3.");
    }

    private static boolean canBindUdp(InetAddress address, int port) {
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(address, port))) {
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }

    private static boolean canBind(InetAddress address, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(address, port));
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }

    static int parsePort(String property, String value) {
        try {
            int port = Integer.parseInt(value.strip());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new BuildCheckFailure(property + "=" + value + " is not a port number (0 to 65535)");
    }

    static InetAddress address(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (IOException unknown) {
            throw new BuildCheckFailure("bind.address=" + host + " is not an address of this machine");
        }
    }
}
