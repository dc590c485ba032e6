package io.github.http2wildfly.servers.cluster;

import io.github.http2wildfly.servers.BuildCheckFailure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One node of the cluster on a host of its own: a network namespace, reached from the machine over a veth pair,
 * the node at {@link #nodeAddress()}, the machine's end at {@link #hostAddress()} (both from 198.18.0.0/15, RFC 2544;
 * the lab takes 198.18.0.0/24). {@link #silence()} cuts the link as a host that dies or a cable pulled would: the
 * node's end goes down, and since the machine knows the node's link address for good (a permanent neighbour entry)
 * it asks nobody; every packet to the node is dropped, none answered, no RST. Needs root (CI runs as root), and
 * {@code ip} (iproute2). {@link #close()} removes the namespace and the pair.
 */
public final class NodeLink implements AutoCloseable {

    private final String node;
    private final String namespace;
    private final String hostEnd;
    private final String hostAddress = "198.19.254.1";
    private final String nodeAddress = "198.19.254.2";

    private NodeLink(String node, String namespace, String hostEnd) {
        this.node = node;
        this.namespace = namespace;
        this.hostEnd = hostEnd;
    }

    /** Whether this process may make namespaces (root, and iproute2's {@code ip}). */
    public static boolean possible() {
        return "root".equals(System.getProperty("user.name"))
                && (Files.isExecutable(Path.of("/usr/sbin/ip")) || Files.isExecutable(Path.of("/sbin/ip")));
    }

    /** A namespace for {@code node}, named after this JVM so that two runs never share one. */
    public static NodeLink open(String node) throws IOException, InterruptedException {
        long pid = ProcessHandle.current().pid();
        NodeLink link = new NodeLink(node, "h2demo-" + node + "-" + pid, "h2dh" + pid % 100_000_000);
        String nodeEnd = "h2dn" + pid % 100_000_000;
        try {
            ip("netns", "add", link.namespace);
            ip("link", "add", link.hostEnd, "type", "veth", "peer", "name", nodeEnd, "netns", link.namespace);
            ip("addr", "add", link.hostAddress + "/30", "dev", link.hostEnd);
            ip("link", "set", link.hostEnd, "up");
            link.inNamespace("addr", "add", link.nodeAddress + "/30", "dev", nodeEnd);
            link.inNamespace("link", "set", nodeEnd, "up");
            link.inNamespace("link", "set", "lo", "up");
            String mac = ip("-n", link.namespace, "-br", "link", "show", nodeEnd).split("\\s+")[2];
            ip("neigh", "replace", link.nodeAddress, "lladdr", mac, "dev", link.hostEnd, "nud", "permanent");
            return link;
        } catch (IOException | InterruptedException | RuntimeException e) {
            link.close();
            throw e;
        }
    }

    public String node() {
        return node;
    }

    /** The node's address, in its namespace: its listeners bind it, and the balancer reaches the node there. */
    public String nodeAddress() {
        return nodeAddress;
    }

    /** The machine's end of the link: the balancer's MCMP listener binds it, so that every node can register. */
    public String hostAddress() {
        return hostAddress;
    }

    /** The command, run in the node's namespace ({@code ip netns exec} replaces itself with it: the same PID). */
    List<String> command(List<String> command) {
        List<String> inNamespace = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        inNamespace.addAll(command);
        return inNamespace;
    }

    /** The link cut: every packet to and from the node dropped from now on, without an answer. */
    public void silence() throws IOException, InterruptedException {
        inNamespace("link", "set", "dev", nodeEnd(), "down");
    }

    /** The link back. */
    public void restore() throws IOException, InterruptedException {
        inNamespace("link", "set", "dev", nodeEnd(), "up");
    }

    @Override
    public void close() {
        try {
            ip("link", "del", hostEnd);
        } catch (IOException | InterruptedException | RuntimeException e) {
            // not made, or gone with the namespace
        }
        try {
            ip("netns", "del", namespace);
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("The namespace " + namespace + " was not removed: " + e.getMessage());
        }
    }

    private String nodeEnd() {
        return "h2dn" + hostEnd.substring("h2dh".length());
    }

    private void inNamespace(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("-n", namespace));
        command.addAll(List.of(arguments));
        ip(command.toArray(String[]::new));
    }

    private static String ip(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new BuildCheckFailure(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
