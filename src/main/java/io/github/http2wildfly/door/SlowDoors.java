package io.github.http2wildfly.door;

import io.github.http2wildfly.latency.DatagramDelayProxy;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.EmulatingProxy;
import jakarta.servlet.ServletContext;
import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The doors again, as if the server were far away: a {@link DelayProxy} in front of each TCP door,
 * and a {@link DatagramDelayProxy} in front of door 4 (HTTP/3, {@link Http3Door}) where the server has it,
 * on loopback, with the comparison's network model (half the round trip each way, one round trip for
 * the connection set-up, loss and link rate as {@code Flow} and {@code Link} model them, TLS passed
 * through untouched). They open with the application and close
 * with it, so wildfly:run, wildfly:dev (on every redeploy) and a server started from an IDE have them.
 */
public final class SlowDoors implements Closeable {

    /** A browser opens 6 per origin; the cap bounds what a misbehaving client can make the server hold. */
    static final int MAX_CONNECTIONS_PER_DOOR = 64;
    /** Kept-alive connections idle this long are closed when the network changes, so it applies at once. */
    static final Duration IDLE = Duration.ofMillis(500);
    private static final String ATTRIBUTE = SlowDoors.class.getName();
    /** The cluster's slow door (slow-doors.cli), and the offset of the cluster's balancer it leads to. */
    static final String CLUSTER_PORT = Door.PROPERTY_PREFIX + "slow.cluster.port";
    static final String CLUSTER_OFFSET = Door.PROPERTY_PREFIX + "cluster.port.offset";
    static final String CLUSTER_CONTEXT_PATH = Door.PROPERTY_PREFIX + "cluster.context.path";
    /** Loopback: a balancer that runs accepts at once. */
    private static final Duration BALANCER_PROBE = Duration.ofMillis(300);

    private final Map<Door, DelayProxy> open = new EnumMap<>(Door.class);
    private DatagramDelayProxy http3;
    private DelayProxy cluster;
    private InetSocketAddress balancer;
    private String clusterContextPath;
    private volatile SlowNetwork network;

    private SlowDoors(SlowNetwork network) {
        this.network = network;
    }

    /**
     * Opens every slow door whose port is free; a taken port is reported (the same sentence as the
     * build's port check) and that door stays shut, the others open. The network they open with is
     * the server's system properties (wildfly/slow-doors.cli, from the pom's slow.* properties).
     *
     * @throws IllegalArgumentException with the rule of the first bad network setting
     */
    public static SlowDoors open(Properties system, Consumer<String> warning) {
        SlowDoors doors = new SlowDoors(SlowNetwork.parse(system::getProperty));
        InetAddress target = Door.bindAddress(system);
        for (Door door : Door.overTcp()) {
            doors.listen(system, door.label(), door.slowPortProperty(), door.slowPort(system),
                    new InetSocketAddress(target, door.port(system)), warning).ifPresent(proxy -> doors.open.put(door, proxy));
        }
        if (Http3Door.isConfigured(system)) {
            doors.openHttp3Twin(system, warning);
        }
        if (system.getProperty(CLUSTER_PORT) != null && system.getProperty(CLUSTER_CONTEXT_PATH) != null) {
            doors.openClusterDoor(system, warning);
        }
        return doors;
    }

    /** A slow door over TCP on loopback at {@code port}; a taken port is one line naming its property, and no door. */
    private Optional<DelayProxy> listen(Properties system, String label, String portProperty, int port, InetSocketAddress target,
            Consumer<String> warning) {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try {
            return Optional.of(DelayProxy.listening(new InetSocketAddress(loopback, port), target, network.emulated(), MAX_CONNECTIONS_PER_DOOR));
        } catch (BindException taken) {
            int offset = Door.portOffset(system);
            warning.accept(PortInUse.message(loopback, portProperty, port - offset, "port.offset", offset));
        } catch (IOException e) {
            warning.accept("Slow door " + label + " on port " + port + " could not open: " + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * The cluster's slow door: the balancer of {@code -Pcluster} (docs/cluster.md) behind this same network, so that
     * the race page can race through it. It opens whether or not the cluster runs: a connection finds out.
     */
    private void openClusterDoor(Properties system, Consumer<String> warning) {
        int offset = Door.portOffset(system);
        int clusterOffset;
        try {
            clusterOffset = Integer.parseInt(system.getProperty(CLUSTER_OFFSET, "").strip());
        } catch (NumberFormatException bad) {
            warning.accept("No slow door for the cluster: " + CLUSTER_OFFSET + " is no whole number: " + system.getProperty(CLUSTER_OFFSET));
            return;
        }
        balancer = new InetSocketAddress(Door.bindAddress(system), Door.HTTP_2_TLS.port(system) - offset + clusterOffset);
        clusterContextPath = system.getProperty(CLUSTER_CONTEXT_PATH);
        cluster = listen(system, "to the cluster", "slow.cluster.port", Integer.parseInt(system.getProperty(CLUSTER_PORT).strip()) + offset,
                balancer, warning).orElse(null);
    }

    /** Where the cluster's nodes serve the application (the WAR's name). */
    public String clusterContextPath() {
        return clusterContextPath;
    }

    /** The cluster's slow door, when it is open and the balancer behind it accepts a connection now. */
    public OptionalInt clusterPort() {
        if (cluster == null) {
            return OptionalInt.empty();
        }
        try (Socket probe = new Socket()) {
            probe.connect(balancer, (int) BALANCER_PROBE.toMillis());
            return OptionalInt.of(cluster.port());
        } catch (IOException notRunning) {
            return OptionalInt.empty();
        }
    }

    /** Door 4's twin, on every loopback address door 4 listens on (it may open later: datagrams wait for no one). */
    private void openHttp3Twin(Properties system, Consumer<String> warning) {
        int port = Door.HTTP_3.slowPort(system);
        List<InetAddress> loopback = Http3Door.loopbackAddresses();
        try {
            http3 = DatagramDelayProxy.listening(loopback.stream().map(address -> new InetSocketAddress(address, port)).toList(),
                    new InetSocketAddress(Http3Door.listenAddresses(system).get(0), Door.HTTP_3.port(system)), network.emulated(),
                    MAX_CONNECTIONS_PER_DOOR);
        } catch (BindException taken) {
            int offset = Door.portOffset(system);
            warning.accept(PortInUse.message(loopback.get(0), Door.HTTP_3.slowPortProperty(), port - offset, "port.offset", offset) + " (UDP)");
        } catch (IOException e) {
            warning.accept("Slow door " + Door.HTTP_3.label() + " on port " + port + " could not open: " + e.getMessage());
        }
    }

    /** The slow doors of this application, or null where the server has none. */
    public static SlowDoors of(ServletContext context) {
        return (SlowDoors) context.getAttribute(ATTRIBUTE);
    }

    void register(ServletContext context) {
        context.setAttribute(ATTRIBUTE, this);
    }

    public SlowNetwork network() {
        return network;
    }

    /** Applies to new connections; idle kept-alive ones are closed so that a browser connects anew. */
    public void setNetwork(SlowNetwork network) {
        this.network = network;
        for (DelayProxy proxy : open.values()) {
            proxy.setNetwork(network.emulated());
            proxy.closeIdleConnections(IDLE);
        }
        if (http3 != null) {
            http3.setNetwork(network.emulated());
        }
        if (cluster != null) {
            cluster.setNetwork(network.emulated());
            cluster.closeIdleConnections(IDLE);
        }
    }

    /**
     * Closes every TCP slow door's connections that have carried nothing for {@link #IDLE}, so that a browser's next
     * load makes new ones, as a fresh browser context does (the race page, before each of its loads, for the same
     * quantity the recorded curve measures); says how many it closed.
     */
    public int closeIdleConnections() {
        int closed = 0;
        for (DelayProxy proxy : open.values()) {
            closed += proxy.closeIdleConnections(IDLE);
        }
        return cluster == null ? closed : closed + cluster.closeIdleConnections(IDLE);
    }

    /** By TCP slow door's name ("HTTP_2_TLS"): the connections it has accepted since it opened; the cluster's as "cluster". */
    public String connectionsAcceptedJson() {
        String doors = open.entrySet().stream().map(door -> "\"" + door.getKey().name() + "\":" + door.getValue().connectionsAccepted())
                .collect(Collectors.joining(","));
        return "{" + doors + (cluster == null ? "" : (doors.isEmpty() ? "" : ",") + "\"cluster\":" + cluster.connectionsAccepted()) + "}";
    }

    /** The port of the door's slow twin, empty when that port was taken (or, for door 4, the server has none). */
    public OptionalInt port(Door door) {
        EmulatingProxy proxy = door.overQuic() ? http3 : open.get(door);
        return proxy == null ? OptionalInt.empty() : OptionalInt.of(proxy.port());
    }

    /** Whether any slow door over TCP still holds its port (none once closed). */
    boolean listening() {
        return open.values().stream().anyMatch(DelayProxy::listening) || (cluster != null && cluster.listening());
    }

    /** Threads of the proxies still running (a test reads it through the lifecycle check). */
    public int liveThreads() {
        return open.values().stream().mapToInt(DelayProxy::liveThreads).sum() + (http3 == null ? 0 : http3.liveThreads())
                + (cluster == null ? 0 : cluster.liveThreads());
    }

    @Override
    public void close() {
        for (DelayProxy proxy : open.values()) {
            try {
                proxy.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        if (http3 != null) {
            http3.close();
        }
        if (cluster != null) {
            try {
                cluster.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(network.toString());
        open.forEach((door, proxy) -> text.append(", ").append(door.label()).append(" on ").append(proxy.port()));
        port(Door.HTTP_3).ifPresent(port -> text.append(", ").append(Door.HTTP_3.label()).append(" on ").append(port).append(" (UDP)"));
        if (cluster != null) {
            text.append(", the cluster's balancer (").append(balancer.getPort()).append(") on ").append(cluster.port());
        }
        return text.toString();
    }
}
