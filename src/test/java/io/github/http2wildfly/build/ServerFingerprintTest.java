package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerFingerprintTest {

    @TempDir
    Path dir;
    Path pom;
    Path scripts;
    Path server;
    Path pending;

    @BeforeEach
    void aProvisionedServer() throws IOException {
        pom = Files.writeString(dir.resolve("pom.xml"), "<project/>");
        scripts = Files.createDirectories(dir.resolve("wildfly"));
        Files.writeString(scripts.resolve("sockets.cli"), "/system-property=h2demo.https.port:add(value=8443)");
        server = dir.resolve("server");
        pending = dir.resolve("server.fingerprint");
        run();
        // what the wildfly-maven-plugin and then the build do when there is no server
        Files.createDirectories(server.resolve("standalone"));
        Files.copy(pending, server.resolve(ServerFingerprint.MARKER));
    }

    @Test
    void anUnchangedServerIsLeftAlone() throws IOException {
        run();
        assertTrue(Files.isDirectory(server.resolve("standalone")));
    }

    @Test
    void aChangedValueInAScriptDeletesTheServer() throws IOException {
        Files.writeString(scripts.resolve("sockets.cli"), "/system-property=h2demo.https.port:add(value=9443)");
        run();
        assertFalse(Files.exists(server));
    }

    @Test
    void aNewScriptOrAChangedPomDeletesTheServer() throws IOException {
        Files.writeString(scripts.resolve("more.cli"), "# another concern");
        run();
        assertFalse(Files.exists(server));
    }

    @Test
    void aServerWithoutMarkerIsIncompleteAndDeleted() throws IOException {
        Files.delete(server.resolve(ServerFingerprint.MARKER));
        run();
        assertFalse(Files.exists(server));
    }

    @Test
    void theFingerprintDependsOnNamesAndContentsOnly() throws IOException {
        String before = ServerFingerprint.of(List.of(pom, scripts));
        Files.setLastModifiedTime(pom, Files.getLastModifiedTime(pom).from(java.time.Instant.EPOCH));
        assertEquals(before, ServerFingerprint.of(List.of(pom, scripts)));
        Files.move(scripts.resolve("sockets.cli"), scripts.resolve("ports.cli"));
        assertNotEquals(before, ServerFingerprint.of(List.of(pom, scripts)));
    }

    private void run() throws IOException {
        ServerFingerprint.main(new String[] {server.toString(), pending.toString(), pom.toString(), scripts.toString()});
    }
}
