package io.github.http2wildfly.servers;

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

    private static final String FEATURE_PACK = "org.wildfly:wildfly-galleon-pack:39.0.1.Final";
    private static final String LAYERS = "web-server,undertow-https,management";

    @TempDir
    Path dir;
    Path scripts;
    Path patches;
    Path server;

    @BeforeEach
    void aProvisionedServer() throws IOException {
        scripts = Files.createDirectories(dir.resolve("wildfly"));
        Files.writeString(scripts.resolve("sockets.cli"), "/system-property=h2demo.https.port:add(value=8443)");
        patches = Files.createDirectories(dir.resolve("patches"));
        Files.writeString(patches.resolve("fix.diff"), "--- a/io/undertow/A.java");
        server = dir.resolve("server");
        run();
        // what the wildfly-maven-plugin does when there is no server, then the build
        Files.createDirectories(server.resolve("standalone/configuration"));
        Files.writeString(server.resolve("standalone/configuration/standalone.xml"), "<server/>");
        ServerFingerprint.record(server);
    }

    @Test
    void recordingKeepsTheConfigurationAsProvisioned() throws IOException {
        assertEquals("<server/>", Files.readString(server.resolve(ServerFingerprint.PRISTINE).resolve("standalone.xml")));
    }

    @Test
    void anotherFeaturePackVersionDeletesTheServer() throws IOException {
        run("org.wildfly:wildfly-galleon-pack:41.0.0.Final", LAYERS);
        assertFalse(Files.exists(server));
    }

    @Test
    void anotherLayerDeletesTheServer() throws IOException {
        run(FEATURE_PACK, LAYERS + ",jsf");
        assertFalse(Files.exists(server));
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
    void aNewScriptDeletesTheServer() throws IOException {
        Files.writeString(scripts.resolve("more.cli"), "# another concern");
        run();
        assertFalse(Files.exists(server));
    }

    @Test
    void aChangedPatchOfItsUndertowDeletesTheServer() throws IOException {
        Files.writeString(patches.resolve("fix.diff"), "--- a/io/undertow/B.java");
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
        Path script = scripts.resolve("sockets.cli");
        String before = ServerFingerprint.of(List.of(FEATURE_PACK, scripts.toString()));
        Files.setLastModifiedTime(script, Files.getLastModifiedTime(script).from(java.time.Instant.EPOCH));
        assertEquals(before, ServerFingerprint.of(List.of(FEATURE_PACK, scripts.toString())));
        Files.move(script, scripts.resolve("ports.cli"));
        assertNotEquals(before, ServerFingerprint.of(List.of(FEATURE_PACK, scripts.toString())));
    }

    private void run() throws IOException {
        run(FEATURE_PACK, LAYERS);
    }

    private void run(String featurePack, String layers) throws IOException {
        ServerFingerprint.check(server, List.of(featurePack, layers, "wildfly-maven-plugin:1", scripts.toString(), patches.toString()));
    }
}
