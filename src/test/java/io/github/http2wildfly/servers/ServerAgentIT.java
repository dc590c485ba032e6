package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.it.ItSettings;
import io.github.http2wildfly.measure.net.FreePorts;
import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Servers stand-ins (a sleeping JVM) started with the agent, as the build starts WildFly. */
class ServerAgentIT {

    @TempDir
    Path dir;
    private Path agent;
    private Path scripts;

    /** The agent's manifest alone: its classes come from this test's class path, as the pom's jar holds them. */
    @BeforeEach
    void agentJar() throws IOException {
        agent = dir.resolve("agent.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), ServerAgent.class.getName());
        try (OutputStream file = Files.newOutputStream(agent); JarOutputStream jar = new JarOutputStream(file, manifest)) {
            jar.flush();
        }
        scripts = Files.createDirectories(dir.resolve("scripts"));
    }

    /** The agent as target/server.jvm gives it, and the knob of the offset as each server's launch names it. */
    private List<String> agentOptions(String offsetKnob) {
        return List.of("-javaagent:" + agent + "=" + scripts + ",127.0.0.1", "-D" + ServerAgent.PORT_OFFSET_KNOB + "=" + offsetKnob);
    }

    private static String[] command(List<String> agent, String... more) {
        List<String> options = new ArrayList<>(agent);
        options.addAll(List.of(more));
        return options.toArray(String[]::new);
    }

    /** An offset that moves WildFly's management port (9990) to a port free now, as a dev server may hold 9990. */
    private static int freeOffset() throws IOException {
        return FreePorts.next() - PortCheck.WILDFLY_MANAGEMENT_PORT;
    }

    private void serverOn(int port) throws IOException {
        Files.writeString(scripts.resolve("sockets.cli"), "/system-property=h2demo.http.port:add(value=" + port + ")\n");
    }

    /**
     * The jar the pom builds for the servers (maven-jar-plugin's server-agent, from the build's own classes): every
     * project class its classes use must be in it, or the agent fails on a server's first taken port.
     */
    @Test
    void theBuildsAgentJarHoldsEveryProjectClassItsClassesUse() throws IOException {
        Path built = ItSettings.path("server.agent.jar");
        assertTrue(Files.isRegularFile(built), built + " is missing: ./mvnw package builds it");
        try (JarFile jar = new JarFile(built.toFile())) {
            Set<String> held = jar.stream().map(JarEntry::getName).collect(Collectors.toSet());
            Set<String> used = new TreeSet<>();
            for (JarEntry entry : Collections.list(jar.entries())) {
                if (entry.getName().endsWith(".class")) {
                    // a class's constant pool names the classes it uses, in internal form
                    Matcher reference = Pattern.compile("io/github/http2wildfly/[\\w/$]+").matcher(
                            new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.ISO_8859_1));
                    while (reference.find()) {
                        used.add(reference.group() + ".class");
                    }
                }
            }
            assertTrue(held.contains(ServerAgent.class.getName().replace('.', '/') + ".class"), held.toString());
            used.removeAll(held);
            assertEquals(Set.of(), used, "used by the agent's classes, missing from " + built);
        }
    }

    /** A JVM started with the agent by this test's JVM keeps running while it runs (its launcher is a JVM). */
    @Test
    void aServerLaunchedByAJvmOnFreePortsKeepsRunning() throws Exception {
        int offset = freeOffset();
        serverOn(PortCheck.WILDFLY_MANAGEMENT_PORT);
        Process server = new ProcessBuilder(ShortLivedJava.command(command(agentOptions("port.offset"),
                "-Djboss.socket.binding.port-offset=" + offset, "-cp", System.getProperty("java.class.path"), Sleeper.class.getName()))).start();
        try {
            // The agent decides before main: once main runs, only a wrong exit-with-launcher could still end it.
            assertEquals(Sleeper.RUNNING, server.inputReader().readLine());
            assertFalse(server.waitFor(300, TimeUnit.MILLISECONDS), "it stopped although its launcher runs");
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    @Test
    void aTakenPortEndsTheServerBeforeItStartsWithOneLineNamingTheProperties() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            serverOn(port - 100);
            Process server = new ProcessBuilder(ShortLivedJava.command(command(agentOptions("it.port.offset"),
                    "-Djboss.socket.binding.port-offset=100", "-cp", System.getProperty("java.class.path"), Sleeper.class.getName())))
                    .redirectErrorStream(true).start();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server kept running");
            assertEquals(1, server.exitValue());
            String line = "Port " + port + " on 127.0.0.1 is already in use (http.port=" + (port - 100)
                    + " + it.port.offset=100): stop what listens there, or move it with -Dhttp.port=<port> or every port with"
                    + " -Dit.port.offset=<offset>";
            String output = new String(server.getInputStream().readAllBytes());
            assertTrue(output.lines().anyMatch(line::equals), output);
        }
    }

    @Test
    void argumentsThatAreNotScriptsAndAddressAndABadOffsetAreSaidSo() {
        assertEquals(List.of("The server agent needs scripts,address; got nonsense"),
                ServerAgent.takenPorts("nonsense", null, "0", "port.offset"));
        assertEquals(List.of("comparison.port.offset=x is not a port number (0 to 65535)"),
                ServerAgent.takenPorts(scripts + ",127.0.0.1", null, "x", "comparison.port.offset"));
    }

    /** The lab's server and a node on a host of its own bind another address than the build's: the check follows. */
    @Test
    void theAddressWildFlyIsToldToBindIsTheOneChecked() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.2"))) {
            serverOn(taken.getLocalPort());
            // only the port taken on 127.0.0.2 counts here: WildFly's management port, checked too, may be anyone's
            assertTrue(ServerAgent.takenPorts(scripts + ",127.0.0.1", null, "0", "port.offset").stream()
                    .noneMatch(line -> line.startsWith("Port " + taken.getLocalPort() + " ")), "127.0.0.1's port is free");
            assertTrue(ServerAgent.takenPorts(scripts + ",127.0.0.1", "127.0.0.2", "0", "port.offset").stream()
                    .anyMatch(line -> line.startsWith("Port " + taken.getLocalPort() + " on 127.0.0.2 is already in use")));
        }
    }

    /** Its parent is a shell, not a JVM: as when the launcher ended before the agent ran, and init adopted it. */
    @Test
    void aServerWhoseLauncherIsGoneStopsAtOnce() throws Exception {
        serverOn(PortCheck.WILDFLY_MANAGEMENT_PORT);
        assertTrue(ExitWithLauncher.isJava(ProcessHandle.current()));
        List<String> javaInAShell = new ArrayList<>(List.of("sh", "-c", "\"$@\"; echo exit=$?", "sh"));
        javaInAShell.addAll(ShortLivedJava.command(command(agentOptions("port.offset"),
                "-Djboss.socket.binding.port-offset=" + freeOffset(), "-cp", System.getProperty("java.class.path"), Sleeper.class.getName())));
        Process shell = new ProcessBuilder(javaInAShell).redirectErrorStream(true).start();
        try {
            assertTrue(shell.waitFor(30, TimeUnit.SECONDS), "the server kept running");
            String output = new String(shell.getInputStream().readAllBytes());
            assertTrue(output.contains("The server's launcher ended before the server started: stopping")
                    && output.contains("exit=0"), output);
        } finally {
            shell.destroyForcibly();
        }
    }

    /**
     * A server whose launcher (a JVM) goes away once the server runs, and whose shutdown then hangs (as a server's with a
     * full heap may): it halts once the stop's grace is up instead of keeping its ports for ever.
     */
    @Test
    void aServerWhoseLauncherGoesAwayAndWhoseShutdownHangsHaltsAfterTheGrace() throws Exception {
        serverOn(PortCheck.WILDFLY_MANAGEMENT_PORT);
        List<String> server = ShortLivedJava.command(command(agentOptions("port.offset"), "-D" + ServerAgent.STOP_GRACE + "=1",
                "-Djboss.socket.binding.port-offset=" + freeOffset(), "-cp", System.getProperty("java.class.path"), WedgedSleeper.class.getName()));
        List<String> launcher = new ArrayList<>(ShortLivedJava.command("-cp", System.getProperty("java.class.path"),
                LeavingLauncher.class.getName()));
        launcher.addAll(server);
        Process leaving = new ProcessBuilder(launcher).redirectErrorStream(true).start();
        String output = new String(leaving.getInputStream().readAllBytes());
        assertTrue(leaving.waitFor(30, TimeUnit.SECONDS), "the launcher left");
        Matcher pid = Pattern.compile(LeavingLauncher.SERVER + "(\\d+)").matcher(output);
        assertTrue(pid.find(), output);
        Optional<ProcessHandle> wedged = ProcessHandle.of(Long.parseLong(pid.group(1)));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a guard, not a measurement
            while (wedged.map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertFalse(wedged.map(ProcessHandle::isAlive).orElse(false), "the server kept running, its shutdown hung");
        } finally {
            wedged.ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Starts the server its arguments name, waits until it runs with its shutdown hook, says its process and leaves. */
    public static final class LeavingLauncher {
        static final String SERVER = "server process ";

        public static void main(String[] args) throws Exception {
            Process server = new ProcessBuilder(args).redirectErrorStream(true).start();
            new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream())).readLine(); // its hook is in
            System.out.println(SERVER + server.pid());
        }
    }

    /** A server whose shutdown never ends: its hook sleeps. */
    public static final class WedgedSleeper {
        public static void main(String[] args) throws InterruptedException {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Thread.sleep(600_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            System.out.println(Sleeper.RUNNING);
            Thread.sleep(600_000);
        }
    }

    /** Stands in for a server: runs until stopped. */
    public static final class Sleeper {
        static final String RUNNING = "main is running";

        public static void main(String[] args) throws InterruptedException {
            System.out.println(RUNNING);
            Thread.sleep(60_000);
        }
    }
}
