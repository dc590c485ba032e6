package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/**
 * One jar by its coordinates: from Maven's local repository where it is there, else fetched from the remote
 * repository into it and checked against the repository's SHA-1. Written here, as the Maven wrapper's downloader is,
 * because the version is known only once the build has read the server's JDK (AlpnBoot), after Maven resolved the
 * build's own artifacts, and Maven's resolver is not on the class path of the build's tools.
 *
 * @param remote the repository's base URL: Maven Central, or the wrapper's own {@code MVNW_REPOURL} mirror
 */
record CentralJar(Path localRepository, URI remote) {

    static final URI CENTRAL = URI.create("https://repo.maven.apache.org/maven2/");

    static CentralJar fromEnvironment(Path localRepository) {
        String mirror = System.getenv("MVNW_REPOURL");
        return new CentralJar(localRepository, mirror == null || mirror.isBlank() ? CENTRAL : URI.create(mirror.endsWith("/") ? mirror : mirror + "/"));
    }

    /** The jar's path in the local repository, fetched there first where missing. */
    Path resolve(String groupId, String artifactId, String version) {
        return resolve(groupId, artifactId, version, "jar");
    }

    /** The artifact's path in the local repository ({@code type}: its extension), fetched there first where missing. */
    Path resolve(String groupId, String artifactId, String version, String type) {
        String path = groupId.replace('.', '/') + "/" + artifactId + "/" + version + "/" + artifactId + "-" + version + "." + type;
        Path local = localRepository.resolve(path);
        if (Files.isRegularFile(local)) {
            return local;
        }
        try {
            HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).connectTimeout(Duration.ofSeconds(20)).build();
            byte[] jar = get(client, remote.resolve(path));
            String published = new String(get(client, remote.resolve(path + ".sha1")), java.nio.charset.StandardCharsets.US_ASCII).strip().split("\\s+")[0];
            String actual = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(jar));
            if (!actual.equalsIgnoreCase(published)) {
                throw new BuildCheckFailure(remote.resolve(path) + " has SHA-1 " + actual + ", the repository publishes " + published);
            }
            Files.createDirectories(local.getParent());
            Path partial = Files.createTempFile(local.getParent(), artifactId, ".part");
            Files.write(partial, jar);
            Files.move(partial, local, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return local;
        } catch (IOException e) {
            throw new UncheckedIOException("could not fetch " + remote.resolve(path) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] get(HttpClient client, URI uri) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofMinutes(2)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
            throw new BuildCheckFailure(uri + " answered " + response.statusCode());
        }
        return response.body();
    }
}
