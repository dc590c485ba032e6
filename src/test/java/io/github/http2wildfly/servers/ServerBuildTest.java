package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerBuildTest {

    @TempDir
    Path dir;

    @Test
    void anUnknownStepOrNoSettingsFileIsRefusedWithOneLine() {
        assertEquals("ServerBuild: expected the step, before or after, and the settings file, not provision target/build.properties",
                assertThrows(BuildCheckFailure.class, () -> ServerBuild.main(new String[] {"provision", "target/build.properties"}))
                        .getMessage());
        assertEquals("ServerBuild: expected the step, before or after, and the settings file, not after",
                assertThrows(BuildCheckFailure.class, () -> ServerBuild.main(new String[] {"after"})).getMessage());
    }

    @Test
    void aMissingSettingIsNamedWithItsFile() throws IOException {
        Path file = file("server.single=" + dir.resolve("server") + "=web-server");
        assertEquals("ServerBuild: " + file + " has no undertow.sources", assertThrows(BuildCheckFailure.class,
                () -> ServerBuild.main(new String[] {"after", file.toString()})).getMessage());
    }

    @Test
    void aSettingNoStepKnowsIsATypoNamed() throws IOException {
        Path file = file("keystor=" + dir.resolve("localhost.p12"), "undertow.sources=x", "undertow.patches=y");
        assertEquals("ServerBuild: " + file + " has unknown settings [keystor]", assertThrows(BuildCheckFailure.class,
                () -> ServerBuild.main(new String[] {"after", file.toString()})).getMessage());
    }

    @Test
    void aServerWithoutItsLayersIsRefusedWithOneLine() throws IOException {
        Path file = file("server.node=" + dir.resolve("node"), "undertow.sources=x", "undertow.patches=y");
        assertEquals("ServerBuild: expected server.node=dir=layers in " + file + ", not " + dir.resolve("node"),
                assertThrows(BuildCheckFailure.class, () -> ServerBuild.main(new String[] {"after", file.toString()})).getMessage());
    }

    @Test
    void afterRecordsTheServersProvisionedAndLeavesTheOthersAlone() throws Exception {
        Path provisioned = dir.resolve("server");
        Path notProvisioned = dir.resolve("cluster-node");
        Files.createDirectories(dir.resolve("wildfly"));
        for (Path server : List.of(provisioned, notProvisioned)) {
            ServerFingerprint.check(server, List.of("org.wildfly:wildfly-galleon-pack:39.0.1.Final", dir.resolve("wildfly").toString()));
        }
        Files.createDirectories(provisioned.resolve("standalone/configuration"));
        Files.writeString(provisioned.resolve("standalone/configuration/standalone.xml"), "<server/>");

        after(provisioned, notProvisioned);

        assertTrue(ServerFingerprint.isRecorded(provisioned));
        assertTrue(Files.isRegularFile(provisioned.resolve(ServerFingerprint.PRISTINE).resolve("standalone.xml")));
        assertFalse(Files.exists(notProvisioned));
    }

    private void after(Path... servers) throws Exception {
        Path patches = dir.resolve("patches");
        Files.createDirectories(patches);
        List<String> lines = new ArrayList<>(List.of("undertow.sources=" + dir.resolve("undertow-core-sources.jar"),
                "undertow.patches=" + patches));
        for (int i = 0; i < servers.length; i++) {
            lines.add("server." + i + "=" + servers[i] + "=web-server");
        }
        ServerBuild.main(new String[] {"after", file(lines.toArray(String[]::new)).toString()});
    }

    /** A settings file as the build fills target/build.properties in, of these lines. */
    private Path file(String... lines) throws IOException {
        return Files.write(dir.resolve("build.properties"), List.of(lines));
    }
}
