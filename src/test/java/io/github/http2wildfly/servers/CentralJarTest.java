package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A repository on loopback that serves what each test puts in it, and counts what it was asked. */
class CentralJarTest {

    private static final String JAR = "org/mortbay/jetty/alpn/alpn-boot/8.1.3.v20150130/alpn-boot-8.1.3.v20150130.jar";

    @TempDir
    Path repository;
    private final Map<String, byte[]> served = new ConcurrentHashMap<>();
    private final Map<String, Integer> asked = new ConcurrentHashMap<>();
    private HttpServer remote;

    @BeforeEach
    void start() throws IOException {
        remote = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        remote.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath().substring(1);
            asked.merge(path, 1, Integer::sum);
            byte[] body = served.get(path);
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            if (body != null) {
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        remote.start();
    }

    @AfterEach
    void stop() {
        remote.stop(0);
    }

    private CentralJar central() {
        return new CentralJar(repository, URI.create("http://127.0.0.1:" + remote.getAddress().getPort() + "/"));
    }

    @Test
    void aJarMissingLocallyIsFetchedCheckedAndKeptWhereMavenKeepsIt() throws IOException {
        served.put(JAR, "a jar".getBytes(StandardCharsets.UTF_8));
        served.put(JAR + ".sha1", (sha1("a jar") + "  alpn-boot.jar\n").getBytes(StandardCharsets.US_ASCII));
        Path jar = central().resolve("org.mortbay.jetty.alpn", "alpn-boot", "8.1.3.v20150130");
        assertEquals(repository.resolve(JAR), jar);
        assertEquals("a jar", Files.readString(jar));
        central().resolve("org.mortbay.jetty.alpn", "alpn-boot", "8.1.3.v20150130");
        assertEquals(1, asked.get(JAR), "the second time from the local repository");
    }

    @Test
    void aJarWhoseChecksumDoesNotMatchIsRefusedAndNotKept() {
        served.put(JAR, "a jar, altered".getBytes(StandardCharsets.UTF_8));
        served.put(JAR + ".sha1", sha1("a jar").getBytes(StandardCharsets.US_ASCII));
        BuildCheckFailure refused = assertThrows(BuildCheckFailure.class, () -> central().resolve("org.mortbay.jetty.alpn", "alpn-boot", "8.1.3.v20150130"));
        assertTrue(refused.getMessage().contains("the repository publishes " + sha1("a jar")), refused.getMessage());
        assertFalse(Files.exists(repository.resolve(JAR)));
    }

    @Test
    void aJarTheRepositoryDoesNotHaveSaysSo() {
        BuildCheckFailure refused = assertThrows(BuildCheckFailure.class, () -> central().resolve("org.mortbay.jetty.alpn", "alpn-boot", "8.1.3.v20150130"));
        assertTrue(refused.getMessage().endsWith(JAR + " answered 404"), refused.getMessage());
    }

    private static String sha1(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
