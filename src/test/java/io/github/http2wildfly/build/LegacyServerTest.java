package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LegacyServerTest {

    @TempDir
    Path dir;

    @Test
    void theScriptsRunInOrderInsideOneEmbeddedServer() throws IOException {
        Path scripts = scripts();
        assertEquals("embed-server --server-config=standalone.xml\n# sockets.cli\n\n# legacy/ssl-context.cli\n\n"
                + "# legacy/https-listeners.cli\n\nstop-embedded-server\n", LegacyServer.patch(scripts));
    }

    @Test
    void withoutAJdk8TheServerIsNeitherPatchedNorRecorded() throws IOException {
        Path server = Files.createDirectories(dir.resolve("wildfly-10.0.0.Final"));
        ServerFingerprint.check(server, "org.wildfly:wildfly-dist:10.0.0.Final", List.of(scripts()));
        Files.createDirectories(server.resolve("bin"));
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> LegacyServer.main(new String[] {
            dir.resolve("not-a-jdk").toString(), server.toString(), scripts().toString()}));
        assertTrue(failure.getMessage().startsWith("jdk8.home=" + dir.resolve("not-a-jdk") + " has no bin/java"));
        assertFalse(Files.exists(server.resolve(ServerFingerprint.MARKER)));
    }

    private Path scripts() throws IOException {
        Path scripts = Files.createDirectories(dir.resolve("wildfly/legacy"));
        for (String script : LegacyServer.SCRIPTS) {
            Files.writeString(dir.resolve("wildfly").resolve(script), "# " + script + "\n");
        }
        return dir.resolve("wildfly");
    }
}
