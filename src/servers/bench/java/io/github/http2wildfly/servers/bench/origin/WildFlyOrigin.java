package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.servers.ServerLaunch;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.wildfly.core.launcher.Launcher;

/**
 * A WildFly the build provisioned (target/server, or its stock copy), booted as the comparison's server is: from its
 * configuration as provisioned, read-only, in a base directory of its own with the WAR, its ports shifted by an offset.
 * Every server of the build runs with the server agent, so it ends with the JVM that started it, too.
 */
final class WildFlyOrigin implements Origin {

    private static final Duration BOOT = Duration.ofMinutes(3);
    private static final String UNDERTOW_MODULE = "modules/system/layers/base/io/undertow/core/main";

    private final String name;
    private final Process process;
    private final String host;
    private final int httpsPort;
    private final int httpsHttp1Port;

    private WildFlyOrigin(String name, Process process, String host, int httpsPort, int httpsHttp1Port) {
        this.name = name;
        this.process = process;
        this.host = host;
        this.httpsPort = httpsPort;
        this.httpsHttp1Port = httpsHttp1Port;
    }

    /** Boots {@code home} and returns once door 1 serves the logo; a server that does not is stopped, its log's end said. */
    static WildFlyOrigin start(String name, Path home, OriginSettings settings, int portOffset, Path base) throws IOException, InterruptedException {
        Path log = base.resolveSibling(base.getFileName() + ".log");
        Process process = Launcher.of(ServerLaunch.asProvisioned(home, settings.serverJvm(), portOffset, OriginSettings.PREFIX + "port.offset", base,
                settings.war())).setRedirectErrorStream(true).redirectOutput(log).launch();
        WildFlyOrigin server = new WildFlyOrigin(name, process, "localhost", settings.httpsPort() + portOffset, settings.httpsHttp1Port() + portOffset);
        try {
            server.awaitServing(URI.create("http://localhost:" + (settings.httpPort() + portOffset) + OriginBenchmark.LOGO), log);
            return server;
        } catch (IOException | InterruptedException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private void awaitServing(URI logo, Path log) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(BOOT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " ended before it served (exit " + process.exitValue() + "): " + lastLines(log));
            }
            try {
                if (client.send(HttpRequest.newBuilder(logo).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " did not serve " + logo + " within " + BOOT.toMinutes() + " minutes: " + lastLines(log));
    }

    private static String lastLines(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1);
        return "see " + log + "\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    }

    /** "2.3.23.Final": the Undertow a provisioned server runs, by its module's jar. */
    static String undertowVersion(Path home) throws IOException {
        try (Stream<Path> jars = Files.list(home.resolve(UNDERTOW_MODULE))) {
            return jars.map(jar -> jar.getFileName().toString()).filter(jar -> jar.matches("undertow-core-\\d.*\\.jar"))
                    .map(jar -> jar.substring("undertow-core-".length(), jar.length() - ".jar".length())).findFirst().orElse("of unknown version");
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public URI h2(String path) {
        return URI.create("https://" + host + ":" + httpsPort + path);
    }

    @Override
    public URI h1(String path) {
        return URI.create("https://" + host + ":" + httpsHttp1Port + path);
    }

    @Override
    public String door(boolean http1) {
        return http1 ? "door 3" : "door 2";
    }

    @Override
    public ProcessHandle process() {
        return process.toHandle();
    }

    @Override
    public void close() {
        ServerLaunch.stop(name, process);
    }
}
