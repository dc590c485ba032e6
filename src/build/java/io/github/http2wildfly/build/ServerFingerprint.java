package io.github.http2wildfly.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Decides whether the provisioned server still matches what it is made of: the pom (feature pack,
 * layers) and the CLI scripts as filtered with this build's properties (ports, keystore, limits).
 * When it does not, the server directory is deleted so that the wildfly-maven-plugin provisions it
 * again. Comparing contents, not times, catches a -Dproperty on the command line too; and an
 * unchanged server is never touched, so ./mvnw verify leaves a dev server running from it alone.
 *
 * <p>Arguments: {@code server-dir pending-fingerprint-file input...}. The build copies the pending
 * fingerprint into the server directory ({@value #MARKER}) once provisioning succeeded.
 */
public final class ServerFingerprint {

    static final String MARKER = ".provisioned";

    private ServerFingerprint() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new BuildCheckFailure("ServerFingerprint: expected server-dir, pending-fingerprint-file and inputs");
        }
        Path server = Path.of(args[0]);
        Path pending = Path.of(args[1]);
        String fingerprint = of(Stream.of(args).skip(2).map(Path::of).toList());
        Files.writeString(pending, fingerprint);
        if (isCurrent(server, fingerprint)) {
            System.out.println("The server in " + server + " is up to date");
        } else if (Files.exists(server)) {
            System.out.println("The server's configuration changed: provisioning " + server + " again");
            delete(server);
        }
    }

    static boolean isCurrent(Path server, String fingerprint) throws IOException {
        Path marker = server.resolve(MARKER);
        return Files.isRegularFile(marker) && Files.readString(marker).equals(fingerprint);
    }

    /** SHA-256 over the relative names and contents of every file under the inputs, in a stable order. */
    static String of(List<Path> inputs) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (Path input : inputs) {
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

    private static void delete(Path directory) throws IOException {
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
