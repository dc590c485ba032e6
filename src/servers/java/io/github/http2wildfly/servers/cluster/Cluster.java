package io.github.http2wildfly.servers.cluster;

import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.PortCheck;
import io.github.http2wildfly.servers.ServerFingerprint;
import io.github.http2wildfly.servers.ServerLaunch;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.Network;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.wildfly.core.launcher.CliCommandBuilder;
import org.wildfly.core.launcher.Launcher;
import org.wildfly.core.launcher.StandaloneCommandBuilder;

/**
 * WildFly's load balancer and two nodes on one machine, each a JVM of its own started from the servers the build
 * provisioned ({@code target/cluster-balancer}, {@code target/cluster-node}), with a base directory of its own
 * under one folder: configuration, deployments, data and log. The balancer's ports are the doors' shifted by its
 * offset, node N's by the offset plus 100 N. The hop is applied to the nodes' copy of the configuration before
 * they boot and to the balancer's (wildfly/cluster/hop-*.cli, with the embedded CLI).
 *
 * <p>{@link #start} returns once both nodes answer through the balancer; {@link #close} stops all three and
 * waits for them. Every server runs with the build's server agent, so it also ends with the JVM that started it.
 */
public final class Cluster implements AutoCloseable {

    /** The undertow-load-balancer layer's MCMP port (socket binding mcmp-management), before the offset. */
    static final int MCMP_PORT = 8090;
    static final int NODE_OFFSET_STEP = 100;
    public static final String BALANCER = "balancer";
    public static final List<String> NODES = List.of("node1", "node2");
    /** As many as a slow door of the single server accepts. */
    private static final int SLOW_DOOR_CONNECTIONS = 64;
    private static final Pattern NODE = Pattern.compile("node;desc=\"([^\"]+)\"");
    private static final Pattern HOP = Pattern.compile("hop;desc=\"([^\"]+)\"");

    private final ClusterSettings settings;
    private final int offset;
    private final Path dir;
    private final Map<String, Process> processes = new LinkedHashMap<>();
    private final HttpClient client;
    private final List<String> jvmFlags;
    private final List<DelayProxy> slowDoors = new ArrayList<>();
    /** A node on a host of its own, or null: all three on loopback. */
    private final NodeLink link;

    private Cluster(ClusterSettings settings, int offset, Path dir, List<String> jvmFlags, NodeLink link) {
        this.settings = settings;
        this.offset = offset;
        this.dir = dir;
        this.jvmFlags = List.copyOf(jvmFlags);
        this.link = link;
        // HTTP/1.1 without an h2c upgrade, as browsers send clear text: HAProxy's h2 to the nodes answers the upgrade 502
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    }

    /**
     * Prepares {@code dir} anew, starts the three servers and waits until both nodes serve through the balancer.
     *
     * @param jvmFlags for every server's JVM besides the heap (the ITs' short-lived servers take the tests' own)
     */
    public static Cluster start(ClusterSettings settings, int offset, Path dir, Duration timeout, List<String> jvmFlags)
            throws IOException, InterruptedException {
        return start(settings, offset, dir, timeout, jvmFlags, null);
    }

    /**
     * The same with one node on a host of its own, behind {@code link} (its listeners at the link's node address; the
     * balancer's MCMP listener, which every node registers with, at the link's host address).
     */
    public static Cluster start(ClusterSettings settings, int offset, Path dir, Duration timeout, List<String> jvmFlags, NodeLink link)
            throws IOException, InterruptedException {
        Cluster cluster = new Cluster(settings, offset, dir, jvmFlags, link);
        try {
            cluster.prepare();
            cluster.launch(BALANCER);
            for (String node : NODES) {
                cluster.launch(node);
            }
            cluster.awaitNodes(Set.copyOf(NODES), timeout);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void prepare() throws IOException, InterruptedException {
        if (Files.exists(dir)) {
            ServerFingerprint.delete(dir);
        }
        copyConfiguration(settings.balancerHome(), base(BALANCER));
        Path first = base(NODES.get(0));
        copyConfiguration(settings.nodeHome(), first);
        Process balancerHop = hop(settings.balancerHome(), base(BALANCER), "hop-balancer.cli", Map.of("h2demo.cluster.hop.http2", String.valueOf(settings.hop().http2())));
        Process nodeHop = hop(settings.nodeHome(), first, "hop-node.cli", Map.of("h2demo.cluster.hop.listener", settings.hop().listener()));
        awaitHop(balancerHop, BALANCER);
        awaitHop(nodeHop, NODES.get(0));
        for (String node : NODES) {
            if (!base(node).equals(first)) {
                copyConfiguration(first.resolve("configuration"), base(node));
            }
            Files.createDirectories(base(node).resolve("deployments"));
            Files.copy(settings.war(), base(node).resolve("deployments").resolve(settings.war().getFileName()));
        }
    }

    /** From a provisioned server (its configuration as provisioned) or from another base directory's configuration. */
    private static void copyConfiguration(Path from, Path base) throws IOException {
        Path source = Files.isDirectory(from.resolve(ServerFingerprint.PRISTINE)) ? from.resolve(ServerFingerprint.PRISTINE) : from;
        if (!Files.isRegularFile(source.resolve("standalone.xml"))) {
            throw new BuildCheckFailure("No provisioned server configuration in " + source + ": build with ./mvnw -Pcluster package first");
        }
        Path configuration = Files.createDirectories(base.resolve("configuration"));
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, configuration.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** A script of wildfly/cluster on one base directory's configuration, with WildFly's embedded CLI and these properties. */
    private Process hop(Path home, Path base, String script, Map<String, String> properties) throws IOException {
        CliCommandBuilder cli = CliCommandBuilder.of(home).setScriptFile(settings.cliDir().resolve("cluster").resolve(script))
                .addCliArgument("--resolve-parameter-values").addJavaOptions("-Djboss.server.base.dir=" + base);
        properties.forEach((name, value) -> cli.addJavaOptions("-D" + name + "=" + value));
        return Launcher.of(cli).addEnvironmentVariable("JBOSS_HOME", home.toString()).setRedirectErrorStream(true)
                .redirectOutput(dir.resolve(script + ".log")).launch();
    }

    private void awaitHop(Process cli, String name) throws InterruptedException {
        if (!cli.waitFor(120, TimeUnit.SECONDS) || cli.exitValue() != 0) {
            cli.destroyForcibly();
            throw new BuildCheckFailure("A CLI script of wildfly/cluster failed on the " + name + "'s configuration: see its .cli.log in " + dir);
        }
    }

    /** Starts (or starts again) one of the three, on the base directory prepared for it. */
    public void launch(String name) throws IOException {
        int serverOffset = offsetOf(name);
        StandaloneCommandBuilder server = ServerLaunch.standalone(name.equals(BALANCER) ? settings.balancerHome() : settings.nodeHome(),
                        settings.serverJvm(), serverOffset, "cluster.port.offset", base(name))
                .addJavaOptions("-Djboss.node.name=" + name)
                .addJavaOptions(jvmFlags);
        if (!name.equals(BALANCER)) {
            server.addJavaOption("-Dh2demo.cluster.mcmp.port=" + (MCMP_PORT + offset));
        }
        ProcessBuilder.Redirect log = ProcessBuilder.Redirect.appendTo(log(name).toFile()); // a restart's log follows on
        Process process;
        if (link == null) {
            process = Launcher.of(server).setRedirectErrorStream(true).redirectOutput(log).launch();
        } else {
            // MCMP at the link's host end, which the node on its own host reaches too, and admits its address (balancer.cli,
            // node.cli)
            if (name.equals(BALANCER)) {
                server.addJavaOptions("-Djboss.bind.address.private=" + link.hostAddress(), "-Dh2demo.cluster.remote.node=" + link.nodeAddress());
            } else {
                server.addJavaOption("-Dh2demo.cluster.balancer.host=" + link.hostAddress());
            }
            if (name.equals(link.node())) {
                server.addJavaOption("-Djboss.bind.address=" + link.nodeAddress());
                process = new ProcessBuilder(link.command(server.build())).redirectErrorStream(true).redirectOutput(log).start();
            } else {
                process = Launcher.of(server).setRedirectErrorStream(true).redirectOutput(log).launch();
            }
        }
        processes.put(name, process);
    }

    /** Waits until every node in {@code expected} has answered through the balancer (its clear-text door: no TLS to set up). */
    public void awaitNodes(Set<String> expected, Duration timeout) throws InterruptedException {
        awaitNodes(balancerClearText("/http2/"), expected, timeout);
    }

    /** Waits until every node in {@code expected} has answered at {@code door}, a clear-text door in front of the nodes. */
    public void awaitNodes(URI door, Set<String> expected, Duration timeout) throws InterruptedException {
        Set<String> seen = new TreeSet<>();
        Instant deadline = Instant.now().plus(timeout);
        while (!seen.containsAll(expected)) {
            processes.forEach((name, process) -> {
                if (!process.isAlive()) {
                    throw new BuildCheckFailure("The cluster's " + name + " ended (exit " + process.exitValue() + "): see " + log(name)
                            + lastLines(log(name))); // in the message: the next cluster in this folder deletes the log
                }
            });
            if (Instant.now().isAfter(deadline)) {
                throw new BuildCheckFailure("Only " + seen + " of " + expected + " answered through the balancer within " + timeout.toSeconds()
                        + " s: see the logs in " + dir);
            }
            get(door).flatMap(Cluster::nodeOf).ifPresent(seen::add);
            Thread.sleep(200);
        }
    }

    /** The last lines of one of the three's log, each on a line of its own, or nothing if it cannot be read. */
    public String lastLines(String server) {
        return lastLines(log(server));
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1);
            return "\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    private Optional<HttpResponse<Void>> get(URI door) throws InterruptedException {
        try {
            HttpResponse<Void> response = client.send(HttpRequest.newBuilder(door).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 200 ? Optional.of(response) : Optional.empty();
        } catch (IOException notYet) {
            return Optional.empty();
        }
    }

    /** The node named in an answer's Server-Timing ({@code ServedByFilter}). */
    public static Optional<String> nodeOf(HttpResponse<?> response) {
        return response.headers().firstValue("server-timing").flatMap(value -> group(NODE, value));
    }

    /** The hop's protocol as the node received the request, from the same header. */
    public static Optional<String> hopOf(String serverTiming) {
        return group(HOP, serverTiming);
    }

    /** The node named in a Server-Timing value. */
    public static Optional<String> nodeOf(String serverTiming) {
        return group(NODE, serverTiming);
    }

    private static Optional<String> group(Pattern pattern, String value) {
        Matcher matcher = pattern.matcher(value);
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** The balancer's door 2 (HTTP/2 over TLS). */
    public URI balancer(String path) {
        return URI.create("https://localhost:" + (settings.httpsPort() + offset) + path);
    }

    /**
     * Slow door 2 for the cluster: the project's delay proxy in front of the balancer's door 2, on the balancer's
     * slow door 2 port, closed with the cluster. TLS passes through it, so ALPN still decides end to end.
     */
    public DelayProxy openSlowDoor(Network network) throws IOException {
        DelayProxy door = DelayProxy.listening(new InetSocketAddress(settings.bindAddress(), settings.slowHttpsPort() + offset),
                new InetSocketAddress(settings.bindAddress(), settings.httpsPort() + offset), network, SLOW_DOOR_CONNECTIONS);
        slowDoors.add(door);
        return door;
    }

    /** Slow door 2 in front of the balancer (after {@link #openSlowDoor}). */
    public URI slowBalancer(String path) {
        return URI.create("https://localhost:" + (settings.slowHttpsPort() + offset) + path);
    }

    /** The balancer's door 1 (clear text). */
    public URI balancerClearText(String path) {
        return URI.create("http://localhost:" + (settings.httpPort() + offset) + path);
    }

    /** A node's own door 2, past the balancer. */
    public URI node(String name, String path) {
        return URI.create("https://localhost:" + (settings.httpsPort() + offsetOf(name)) + path);
    }

    public int offsetOf(String name) {
        return name.equals(BALANCER) ? offset : offset + NODE_OFFSET_STEP * (NODES.indexOf(name) + 1);
    }

    /** A node's (or the balancer's) clear-text http listener: h2c and HTTP/1.1. */
    public int httpPort(String name) {
        return settings.httpPort() + offsetOf(name);
    }

    /** A node's (or the balancer's) https listener: door 2. */
    public int httpsPort(String name) {
        return settings.httpsPort() + offsetOf(name);
    }

    /** The port of the listener a node registers for the hop: the balancer's connections to it carry the hop. */
    public int hopPort(String node) {
        return switch (hop()) {
            case AJP -> PortCheck.WILDFLY_AJP_PORT + offsetOf(node);
            case HTTP, H2C -> httpPort(node);
            case H2 -> httpsPort(node);
        };
    }

    /** The balancer's established connections to a node's hop listener, counted from the sockets. */
    public long hopConnections(String node) throws IOException, InterruptedException {
        return connections(processes.get(BALANCER).toHandle(), hopPort(node));
    }

    /**
     * The established TCP connections of a process (and its children: nginx's workers) to a port, counted from the
     * sockets ({@code ss -tnp}, by process id), not from what the process says of its pool.
     */
    public static long connections(ProcessHandle owner, int port) throws IOException, InterruptedException {
        Process ss = new ProcessBuilder("ss", "-tnpH", "state", "established", "dport", "=", ":" + port)
                .redirectErrorStream(true).start();
        Set<String> owners = new TreeSet<>();
        Stream.concat(Stream.of(owner), owner.descendants()).forEach(process -> owners.add("pid=" + process.pid() + ","));
        long connections;
        try (Stream<String> lines = ss.inputReader().lines()) {
            connections = lines.filter(line -> owners.stream().anyMatch(line::contains)).count();
        }
        if (ss.waitFor() != 0) {
            throw new IOException("ss -tnp failed (" + ss.exitValue() + "): the connections to port " + port + " cannot be counted");
        }
        return connections;
    }

    /** The balancer's MCMP listener, where the nodes register. */
    public int mcmpPort() {
        return MCMP_PORT + offset;
    }

    /** WildFly's management port of one of the three. */
    public int managementPort(String name) {
        return PortCheck.WILDFLY_MANAGEMENT_PORT + offsetOf(name);
    }

    public Hop hop() {
        return settings.hop();
    }

    public Process process(String name) {
        return processes.get(name);
    }

    public Path log(String name) {
        return dir.resolve(name + ".log");
    }

    private Path base(String name) {
        return dir.resolve(name);
    }

    /** SIGKILL, as a crash or the kernel's OOM killer would: no graceful shutdown, no goodbye to the balancer. */
    public void kill(String name) throws InterruptedException {
        Process process = processes.get(name);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /**
     * Stops the balancer, applies a script of {@code wildfly/cluster} to its configuration (the embedded CLI) and starts
     * it again: a setting the benchmark compares, such as its TLS on OpenSSL (tls-openssl.cli), the script's properties
     * given. The nodes register again.
     */
    public void reconfigureBalancer(String script, Map<String, String> properties) throws IOException, InterruptedException {
        ServerLaunch.stop(BALANCER, processes.get(BALANCER));
        awaitHop(hop(settings.balancerHome(), base(BALANCER), script, properties), BALANCER);
        launch(BALANCER);
    }

    /** Stops one of the three (SIGTERM: WildFly's own shutdown) and starts it again on its base directory. */
    public void restart(String name) throws IOException {
        ServerLaunch.stop(name, processes.get(name));
        launch(name);
    }

    /**
     * Stops all three (SIGTERM: WildFly's own shutdown) and waits for them, the nodes first, so that they can say
     * goodbye to the balancer; one that has not stopped within ServerLaunch's grace (wedged: a full heap, SIGSTOP) is
     * killed, and the command says so.
     */
    @Override
    public void close() {
        for (DelayProxy door : slowDoors) {
            try {
                door.close();
            } catch (IOException e) {
                System.err.println("The cluster's slow door did not close: " + e.getMessage());
            }
        }
        List<String> nodes = NODES.stream().filter(processes::containsKey).toList();
        nodes.forEach(node -> processes.get(node).destroy()); // both at once; each says goodbye to the balancer
        nodes.forEach(node -> ServerLaunch.awaitEnd(node, processes.get(node)));
        Optional.ofNullable(processes.get(BALANCER)).ifPresent(balancer -> ServerLaunch.stop(BALANCER, balancer));
    }
}
