package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.build.ServerFingerprint;
import io.github.http2wildfly.build.ServerLaunch;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * The comparison's server again, inside the lab's server namespace, on {@link Lab#SERVER}: the same provisioned
 * WildFly, configuration (read-only), ports and application as the model's server, with its own base directory.
 * Started here and not by the wildfly-maven-plugin because only a process started from inside the namespace
 * lives in it; started as every server of the build is ({@link ServerLaunch}).
 */
public final class LabServer implements AutoCloseable {

    private static final Duration BOOT = Duration.ofMinutes(3);
    private static final String BOOTED = "WFLYSRV0025";
    private static final String BOOTED_WITH_ERRORS = "WFLYSRV0026";

    private final Process process;
    private final Path log;

    private LabServer(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Boots the server in the lab and waits until the application answers on door 1. */
    public static LabServer start(Lab lab, LabSettings settings, ComparisonSettings comparison, int portOffset) {
        Path base = settings.baseDir();
        try {
            deleteRecursively(base);
            Files.createDirectories(base.resolve("deployments"));
            Files.copy(settings.war(), base.resolve("deployments").resolve(settings.war().getFileName()), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare the lab's server in " + base, e);
        }
        String address = Lab.SERVER.getHostAddress();
        List<String> command = ServerLaunch.standalone(settings.serverDir(), settings.serverJvm(), portOffset,
                        "comparison.port.offset", base)
                .addJavaOption("-Djboss.bind.address=" + address)
                .setConfigurationDirectory(settings.serverDir().resolve(ServerFingerprint.PRISTINE))
                .setServerReadOnlyConfiguration("standalone.xml")
                .build();
        Path log = base.resolve("console.log");
        Process process = lab.server().start(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()));
        LabServer server = new LabServer(process, log);
        try {
            server.awaitBoot(lab, comparison);
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    private void awaitBoot(Lab lab, ComparisonSettings comparison) {
        long deadline = System.nanoTime() + BOOT.toNanos();
        while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
            String console = console();
            if (!process.isAlive()) {
                throw new IllegalStateException("The lab's server ended before it booted (" + log + "): "
                        + console.lines().reduce((first, last) -> last).orElse(""));
            }
            if (console.contains(BOOTED_WITH_ERRORS)) {
                throw new IllegalStateException("The lab's server booted with errors: see " + log);
            }
            if (console.contains(BOOTED) && answers(lab, comparison)) {
                return;
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
        throw new IllegalStateException("The lab's server did not boot within " + BOOT.toMinutes() + " minutes: see " + log);
    }

    /** The application's landing page, asked from inside the server's namespace. */
    private static boolean answers(Lab lab, ComparisonSettings comparison) {
        URI page = URI.create("http://" + Lab.SERVER.getHostAddress() + ":"
                + comparison.ports().get(io.github.http2wildfly.door.Door.HTTP_1_1) + ComparisonSettings.CONTEXT_PATH + "/");
        return lab.server().call(() -> {
            try {
                HttpURLConnection get = (HttpURLConnection) page.toURL().openConnection();
                get.setConnectTimeout(1_000);
                get.setReadTimeout(5_000);
                return get.getResponseCode() == 200;
            } catch (IOException notYet) {
                return false;
            }
        });
    }

    /** What the server has printed, its boot line among it (Environment reads it). */
    String console() {
        try {
            return Files.isRegularFile(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "";
        }
    }

    public Path log() {
        return log;
    }

    /** Asks it to stop (WildFly stops on SIGTERM), and ends it if it does not within 30 s. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
