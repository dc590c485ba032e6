package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.servers.ServerLaunch;
import io.github.http2wildfly.comparison.ComparisonFailure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.wildfly.core.launcher.StandaloneCommandBuilder;

/**
 * A WildFly the comparison boots for its run and stops with it: the provisioned server, its configuration as
 * provisioned (read-only), the application in a base directory of its own, started as every server of the build is
 * ({@link ServerLaunch}). The model's server on loopback ({@link ComparisonServer}) and the lab's inside its namespace
 * (LabServer) are each one.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration BOOT = Duration.ofMinutes(3);
    private static final String BOOTED = "WFLYSRV0025";
    private static final String BOOTED_WITH_ERRORS = "WFLYSRV0026";

    private final String name;
    private final Process process;
    private final Path log;

    private ServerProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Where the server is, as the build filled in the comparison's settings file.
     *
     * @param serverDir the provisioned server (target/server)
     * @param war the application
     * @param jvmOptions the JVM options every server of the build takes (target/server.jvm)
     * @param portOffset the comparison's port offset, added to every port
     */
    public record Installation(Path serverDir, Path war, Path jvmOptions, int portOffset) {

        public static final String PORT_OFFSET = "jboss.socket.binding.port-offset";

        public static Installation from(Properties given) {
            String offset = required(given, PORT_OFFSET);
            if (!offset.matches("\\d{1,5}")) {
                throw new ComparisonFailure("comparison.port.offset=" + offset + " is not a port offset (a whole number)");
            }
            Installation installation = new Installation(Path.of(required(given, "comparison.server.dir")),
                    Path.of(required(given, "comparison.war")), Path.of(required(given, "comparison.server.jvm")),
                    Integer.parseInt(offset));
            if (!Files.isRegularFile(installation.war())) {
                throw new ComparisonFailure("The comparison needs the application at " + installation.war()
                        + ": run it with ./mvnw verify -Pgatling");
            }
            return installation;
        }

        private static String required(Properties given, String name) {
            String value = given.getProperty(name, "").strip();
            if (value.isEmpty()) {
                throw new ComparisonFailure(name + " is not set (the build fills it in: target/comparison.properties)");
            }
            return value;
        }

        /**
         * The launcher's command that boots it in {@code base}, a base directory of its own (emptied first) with the
         * application in its deployments; a caller may add options.
         */
        public StandaloneCommandBuilder command(Path base) {
            try {
                return ServerLaunch.asProvisioned(serverDir, jvmOptions, portOffset, "comparison.port.offset", base, war);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot prepare a server in " + base, e);
            }
        }
    }

    /**
     * Waits until the server has booted without errors and {@code answers}; the server is stopped if it does not.
     *
     * @param name what the messages call it ("the comparison's server")
     */
    public static ServerProcess awaitBoot(String name, Process process, Path log, BooleanSupplier answers) {
        ServerProcess server = new ServerProcess(name, process, log);
        try {
            server.awaitBoot(answers);
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private void awaitBoot(BooleanSupplier answers) {
        long deadline = System.nanoTime() + BOOT.toNanos();
        while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
            String console = console();
            if (!process.isAlive()) {
                throw new IllegalStateException(capitalized() + " ended before it booted (" + log + "): "
                        + console.lines().reduce((first, last) -> last).orElse(""));
            }
            if (console.contains(BOOTED_WITH_ERRORS)) {
                throw new IllegalStateException(capitalized() + " booted with errors: see " + log);
            }
            if (console.contains(BOOTED) && answers.getAsBoolean()) {
                return;
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
        throw new IllegalStateException(capitalized() + " did not boot within " + BOOT.toMinutes() + " minutes: see " + log);
    }

    /** Whether the page answers 200 now (a connection refused is "not yet"). */
    public static boolean answers(URI page) {
        try {
            HttpURLConnection get = (HttpURLConnection) page.toURL().openConnection();
            get.setConnectTimeout(1_000);
            get.setReadTimeout(5_000);
            return get.getResponseCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    private String capitalized() {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** What the server has printed, its boot line among it (Environment reads it). */
    public String console() {
        try {
            return Files.isRegularFile(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    public Path log() {
        return log;
    }

    /** Asks it to stop (WildFly stops on SIGTERM), and ends it if it does not in ServerLaunch's grace. */
    @Override
    public void close() {
        ServerLaunch.stop("The lab's server", process);
    }
}
