package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Decides whether the provisioned server still matches what shapes it, and only that: the pom passes the
 * feature pack, the layers, the provisioning plugin, the CLI scripts as filtered with this build's
 * properties (ports, keystore, limits) and the diffs patched into its Undertow (src/patches/undertow-core). When they differ, the server directory is deleted so that the
 * wildfly-maven-plugin provisions it again; an edit anywhere else, in the pom too, leaves it alone, so
 * ./mvnw verify never pulls the directory from under a dev server running beside it. Contents, not
 * times, are compared: a -Dproperty on the command line counts too. No plugin does this: the
 * wildfly-maven-plugin either always provisions again or never does.
 *
 * <p>{@link #check} before provisioning (for each server its feature pack, layers, plugin, scripts and patches: each
 * counts as its text and, when it names a file or folder, with its contents) leaves the fingerprint beside each
 * server directory. Once provisioning succeeded, {@link #record} marks the server with it ({@value #MARKER}) and keeps the configuration as provisioned ({@value #PRISTINE}) for the servers
 * that boot from it read-only (ITs, comparison). A server whose provisioning was interrupted has no
 * marker and is provisioned again.
 */
public final class ServerFingerprint {

    static final String MARKER = ".provisioned";
    public static final String PRISTINE = "standalone/configuration-pristine";

    private ServerFingerprint() {
    }

    static void check(Path server, List<String> inputs) throws IOException {
        String featurePack = inputs.get(0);
        String fingerprint = of(inputs);
        Files.writeString(pending(server), fingerprint);
        if (isCurrent(server, fingerprint)) {
            System.out.println("The server in " + server + " is up to date (" + featurePack + ")");
        } else if (Files.exists(server)) {
            System.out.println("The server's make-up changed: provisioning " + server + " again (" + featurePack + ")");
            delete(server);
        }
    }

    static void record(Path server) throws IOException {
        if (!Files.isDirectory(server)) {
            return; // not provisioned by this build (your page's comparison skips it): nothing to record
        }
        Path configuration = server.resolve("standalone/configuration");
        Path pristine = server.resolve(PRISTINE);
        if (Files.isDirectory(configuration) && !Files.isDirectory(pristine)) {
            Files.createDirectories(pristine);
            try (Stream<Path> files = Files.list(configuration)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".xml") || f.toString().endsWith(".properties")).toList()) {
                    Files.copy(file, pristine.resolve(file.getFileName()));
                }
            }
        }
        if (!isRecorded(server)) { // an unchanged server is not touched at all, not even its marker
            Files.copy(pending(server), server.resolve(MARKER), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** True when the server was recorded with the fingerprint the last check computed. */
    static boolean isRecorded(Path server) throws IOException {
        return isCurrent(server, Files.readString(pending(server)));
    }

    private static Path pending(Path server) {
        return server.resolveSibling(server.getFileName() + ".fingerprint");
    }

    static boolean isCurrent(Path server, String fingerprint) throws IOException {
        Path marker = server.resolve(MARKER);
        return Files.isRegularFile(marker) && Files.readString(marker).equals(fingerprint);
    }

    /** SHA-256 over each input's text and the relative names and contents of every file under it, in a stable order. */
    static String of(List<String> inputs) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String text : inputs) {
            sha256.update(text.getBytes(StandardCharsets.UTF_8));
            sha256.update((byte) 0);
            Path input = Path.of(text);
            if (!Files.exists(input)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(input)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path file : files) {
                sha256.update(input.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
                sha256.update((byte) 0);
                sha256.update(Files.readAllBytes(file));
                sha256.update((byte) 0);
            }
        }
        return HexFormat.of().formatHex(sha256.digest());
    }

    public static void delete(Path directory) throws IOException {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw new BuildCheckFailure("Cannot delete the outdated server " + directory + ": " + e.getCause().getMessage());
        }
    }
}
