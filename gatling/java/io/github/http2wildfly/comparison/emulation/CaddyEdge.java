package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.net.FreePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Debian's Caddy as an HTTP/3 edge in front of the comparison's door 1, with the project's key and certificate (so
 * the browser trusts it as it trusts door 4), for the HTTP/3 cells of {@code comparison.h3.edge=caddy}. Like door 4
 * it names the port the client reached in Alt-Svc (a delay proxy's), so that Chromium treats both alike. Stopped by
 * its PID on close.
 */
final class CaddyEdge implements AutoCloseable {

    static final Path CADDY = Path.of("/usr/bin/caddy");

    private final Process process;
    private final InetSocketAddress address;
    private final String version;

    private CaddyEdge(Process process, InetSocketAddress address, String version) {
        this.process = process;
        this.address = address;
        this.version = version;
    }

    /** Caddy on a free port of 127.0.0.1 (UDP for HTTP/3), forwarding to {@code origin}; one line when it cannot. */
    static CaddyEdge start(Path directory, InetSocketAddress origin, TlsIdentity identity) throws IOException {
        if (!Files.isExecutable(CADDY)) {
            throw new ComparisonFailure("comparison.h3.edge=caddy needs Caddy at " + CADDY + " (Debian: apt-get install caddy)");
        }
        Files.createDirectories(directory);
        Path certificate = directory.resolve("edge.crt");
        Path key = directory.resolve("edge.key");
        identity.writePem(certificate, key);
        int port = FreePorts.next();
        Path conf = directory.resolve("Caddyfile");
        // {http.request.port}: the port the client asked for, a delay proxy's, as door 4 names it (Http3Edge#altSvc)
        Files.writeString(conf, """
                {
                  admin off
                  auto_https off
                  storage file_system %1$s/data
                }
                https://:%2$d {
                  bind 127.0.0.1
                  tls %3$s %4$s
                  header Alt-Svc "h3=\\":{http.request.port}\\"; ma=86400"
                  reverse_proxy %5$s:%6$d
                }
                """.formatted(directory, port, certificate, key, origin.getHostString(), origin.getPort()));
        ProcessBuilder builder = new ProcessBuilder(CADDY.toString(), "run", "--config", conf.toString(), "--adapter", "caddyfile")
                .redirectErrorStream(true).redirectOutput(directory.resolve("caddy.log").toFile());
        builder.environment().put("HOME", directory.toString());
        builder.environment().put("XDG_DATA_HOME", directory.toString());
        builder.environment().put("XDG_CONFIG_HOME", directory.toString());
        Process process = builder.start();
        // Maven ends, or is stopped, without closing the run: Caddy, a process of its own, goes with it all the same
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroy, "caddy-edge-stop"));
        CaddyEdge edge = new CaddyEdge(process, new InetSocketAddress("127.0.0.1", port), version());
        try {
            edge.awaitListening(directory.resolve("caddy.log"));
            return edge;
        } catch (IOException | RuntimeException e) {
            edge.close();
            throw e;
        }
    }

    /** Where Chromium's datagrams go (through a delay proxy). */
    InetSocketAddress address() {
        return address;
    }

    String describe() {
        return "HTTP/3 through Caddy " + version + " (quic-go) in front of door 1";
    }

    private void awaitListening(Path log) throws IOException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new ComparisonFailure("Caddy ended at once: " + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
            try (Socket probe = new Socket(address.getAddress(), address.getPort())) {
                return; // TCP is up; Caddy opens its UDP socket for HTTP/3 with it
            } catch (IOException notYet) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while Caddy started", e);
                }
            }
        }
        throw new ComparisonFailure("Caddy did not listen on " + address + " within 15 s: see " + log);
    }

    private static String version() throws IOException {
        Process version = new ProcessBuilder(CADDY.toString(), "version").redirectErrorStream(true).start();
        String line = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return line.isEmpty() ? "(version unknown)" : line.split("\\s+")[0];
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return describe() + " on " + address;
    }
}
