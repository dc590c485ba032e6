package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A real network on one Linux machine: two network namespaces, the client's and the server's, each with a
 * TUN device, joined by the {@link LinkEmulator}. What crosses it are real IP packets: the kernel's own TCP,
 * with the congestion control set in each namespace, and real QUIC datagrams, so nothing about TCP is modelled.
 * Addresses are from 198.18.0.0/15 (RFC 2544, for benchmarks), and exist only inside the two namespaces.
 *
 * <p>It leaves nothing behind: the namespaces are not named (nothing under /run/netns), the TUN devices are
 * not persistent, and the one machine-wide setting it touches (which congestion controls a namespace may
 * choose) is put back at once after each use.
 */
public final class Lab implements AutoCloseable {

    public static final InetAddress CLIENT = address(198, 18, 0, 1);
    public static final InetAddress SERVER = address(198, 18, 0, 2);
    private static final String PREFIX = "/24";
    private static final String DEVICE = "h2lab0";
    /** The kernel's own queue in front of a TUN (500 by default) must not drop a burst before the emulator sees it. */
    private static final String TX_QUEUE = "10000";
    private static final String CONGESTION_CONTROL = "net/ipv4/tcp_congestion_control";
    private static final String ALLOWED = "net/ipv4/tcp_allowed_congestion_control";

    private final NetworkNamespace host;
    private final NetworkNamespace client;
    private final NetworkNamespace server;
    private final TunDevice clientDevice;
    private final TunDevice serverDevice;
    private final LinkEmulator link;

    private Lab(NetworkNamespace host, NetworkNamespace client, NetworkNamespace server, TunDevice clientDevice,
            TunDevice serverDevice, LinkEmulator link) {
        this.host = host;
        this.client = client;
        this.server = server;
        this.clientDevice = clientDevice;
        this.serverDevice = serverDevice;
        this.link = link;
    }

    /** Why the lab cannot run on this machine, in one line; empty where it can. */
    public static Optional<String> unavailable() {
        return unavailable(System.getProperty("os.name", ""), isRoot(), Files.exists(Path.of("/dev/net/tun")), Lab::onPath);
    }

    static Optional<String> unavailable(String os, boolean root, boolean tun, java.util.function.Predicate<String> onPath) {
        List<String> missing = new ArrayList<>();
        if (!os.startsWith("Linux")) {
            return Optional.of("The lab needs Linux (network namespaces and TUN); this is " + os);
        }
        if (!root) {
            missing.add("root (network namespaces, TUN devices and congestion controls are root's)");
        }
        if (!tun) {
            missing.add("/dev/net/tun");
        }
        for (String command : List.of("ip", "unshare")) {
            if (!onPath.test(command)) {
                missing.add("the command " + command + (command.equals("ip") ? " (iproute2)" : " (util-linux)"));
            }
        }
        return missing.isEmpty() ? Optional.empty() : Optional.of("The lab needs " + String.join(", ", missing));
    }

    /** The two namespaces, their devices and addresses, and the wire between them, at {@code network}. */
    public static Lab open(Network network, long seed) {
        NetworkNamespace host = NetworkNamespace.host();
        List<AutoCloseable> made = new ArrayList<>(List.of(host));
        try {
            NetworkNamespace client = NetworkNamespace.create("client");
            made.add(client);
            NetworkNamespace server = NetworkNamespace.create("server");
            made.add(server);
            TunDevice clientDevice = device(client, CLIENT);
            made.add(clientDevice);
            TunDevice serverDevice = device(server, SERVER);
            made.add(serverDevice);
            Lab lab = new Lab(host, client, server, clientDevice, serverDevice, new LinkEmulator(clientDevice, serverDevice, network, seed));
            lab.congestionControl(network.congestionControl());
            return lab;
        } catch (RuntimeException e) {
            for (int i = made.size() - 1; i >= 0; i--) {
                closeQuietly(made.get(i));
            }
            throw e;
        }
    }

    private static TunDevice device(NetworkNamespace namespace, InetAddress address) {
        TunDevice device = namespace.call(() -> TunDevice.open(DEVICE));
        try {
            namespace.sysctl("net/ipv6/conf/" + DEVICE + "/disable_ipv6", "1");
            namespace.run("ip", "addr", "add", address.getHostAddress() + PREFIX, "dev", DEVICE);
            namespace.run("ip", "link", "set", DEVICE, "up", "txqueuelen", TX_QUEUE);
            return device;
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }

    /** For the packets from now on: the wire's round trip, loss and rate, and both kernels' congestion control. */
    public void network(Network network, long seed) {
        link.setNetwork(network, seed);
        congestionControl(network.congestionControl());
    }

    /**
     * Both namespaces' TCP senders from their next connection on. A namespace may choose only what the machine
     * allows (Linux's tcp_allowed_congestion_control, "reno bbr" on this project's machines): one it does not
     * allow is added for the moment of the choice and the machine's list put back at once.
     */
    private void congestionControl(CongestionControl algorithm) {
        String wanted = algorithm.parameter();
        if (wanted.equals(server.sysctl(CONGESTION_CONTROL)) && wanted.equals(client.sysctl(CONGESTION_CONTROL))) {
            return;
        }
        String allowed = host.sysctl(ALLOWED);
        boolean widen = !List.of(allowed.split("\\s+")).contains(wanted);
        if (widen) {
            host.sysctl(ALLOWED, allowed + " " + wanted);
        }
        try {
            server.sysctl(CONGESTION_CONTROL, wanted);
            client.sysctl(CONGESTION_CONTROL, wanted);
        } finally {
            if (widen) {
                host.sysctl(ALLOWED, allowed);
            }
        }
    }

    /** Where the server runs: a process started here listens on {@link #SERVER}. */
    public NetworkNamespace server() {
        return server;
    }

    /** Where the browser runs: it reaches {@link #SERVER} only over the wire. */
    public NetworkNamespace client() {
        return client;
    }

    /** Both directions, as carried so far. */
    public LinkEmulator.Traffic traffic() {
        return link.upstream().plus(link.downstream());
    }

    /** Client to server so far: its new TCP connections and UDP flows are the client's. */
    public LinkEmulator.Traffic upstream() {
        return link.upstream();
    }

    @Override
    public void close() {
        link.close();
        closeQuietly(clientDevice);
        closeQuietly(serverDevice);
        client.close();
        server.close();
        host.close();
    }

    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(line -> line.startsWith("Uid:") && line.split("\\s+")[2].equals("0"));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    private static InetAddress address(int a, int b, int c, int d) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
