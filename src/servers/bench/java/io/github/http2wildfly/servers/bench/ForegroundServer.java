package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.servers.ServerLaunch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A server nobody here wrote (HAProxy, nginx, Caddy), started in the foreground with its output in a log file,
 * waited for until it listens on its port, and stopped by its process id: on close, and when Maven ends or is
 * stopped without closing the benchmark (a shutdown hook).
 */
public final class ForegroundServer implements AutoCloseable {

    private static final Duration LISTENING_WITHIN = Duration.ofSeconds(15);

    private final String name;
    private final Process process;

    private ForegroundServer(String name, Process process) {
        this.name = name;
        this.process = process;
    }

    /**
     * @param name as a message calls it ("nginx")
     * @param environment added to the benchmark's own (Caddy's HOME, where it would keep its state)
     * @param port the loopback port it is up on once it listens there
     */
    public static ForegroundServer start(String name, List<String> command, Map<String, String> environment, Path log, int port)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroy, name + "-stop"));
        ForegroundServer server = new ForegroundServer(name, process);
        try {
            server.awaitListening(log, port);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private void awaitListening(Path log, int port) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(LISTENING_WITHIN);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " ended at once: " + Files.readString(log));
            }
            try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException(name + " did not listen on " + port + " within " + LISTENING_WITHIN.toSeconds() + " s: "
                + Files.readString(log));
    }

    /** Its process: its CPU time is counted with its children's. */
    public ProcessHandle process() {
        return process.toHandle();
    }

    /** SIGTERM, then SIGKILL if it has not ended within ServerLaunch's grace. */
    @Override
    public void close() {
        ServerLaunch.stop(name, process);
    }
}
