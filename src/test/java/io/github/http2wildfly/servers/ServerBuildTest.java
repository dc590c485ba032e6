package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerBuildTest {

    @TempDir
    Path dir;

    @Test
    void aSettingGivenTwiceKeepsBothValuesInOrder() {
        assertEquals(Map.of("server", List.of("a=web-server", "b=web-server,mod_cluster")),
                ServerBuild.settings(List.of("server=a=web-server", "server=b=web-server,mod_cluster")));
    }

    @Test
    void anArgumentWithoutANameIsRefusedWithOneLine() {
        assertEquals("ServerBuild: expected name=value, not =target/server",
                assertThrows(BuildCheckFailure.class, () -> ServerBuild.main(new String[] {"after", "=target/server"})).getMessage());
    }

    @Test
    void anUnknownStepIsRefusedWithOneLine() {
        assertEquals("ServerBuild: expected the step, before or after, then name=value settings, not provision server=x",
                assertThrows(BuildCheckFailure.class, () -> ServerBuild.main(new String[] {"provision", "server=x"})).getMessage());
    }

    @Test
    void aMissingSettingIsNamed() {
        assertEquals("ServerBuild: no undertow.sources=… among its settings", assertThrows(BuildCheckFailure.class,
                () -> ServerBuild.main(new String[] {"after", "server=" + dir.resolve("server")})).getMessage());
    }

    @Test
    void aSettingTheStepDoesNotReadIsRefused() {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> after("server=" + dir.resolve("server"),
                "keystore=" + dir.resolve("localhost.p12")));
        assertEquals("ServerBuild after: unknown settings [keystore]", failure.getMessage());
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

        after("server=" + provisioned, "server=" + notProvisioned);

        assertTrue(ServerFingerprint.isRecorded(provisioned));
        assertTrue(Files.isRegularFile(provisioned.resolve(ServerFingerprint.PRISTINE).resolve("standalone.xml")));
        assertFalse(Files.exists(notProvisioned));
    }

    private void after(String... servers) throws Exception {
        Path patches = dir.resolve("patches");
        Files.createDirectories(patches);
        String[] args = new String[servers.length + 3];
        args[0] = "after";
        args[1] = "undertow.sources=" + dir.resolve("undertow-core-sources.jar");
        args[2] = "undertow.patches=" + patches;
        System.arraycopy(servers, 0, args, 3, servers.length);
        ServerBuild.main(args);
    }
}
