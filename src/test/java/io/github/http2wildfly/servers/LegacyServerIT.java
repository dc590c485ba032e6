package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The legacy server's whole step, its CLI run as a process (a stand-in for jboss-cli.sh): an IT. */
class LegacyServerIT {

    @TempDir
    Path dir;

    @Test
    void theWholeStepRecordsTheServerAndLeavesTheScriptsAsTheBuildFilledThemIn() throws Exception {
        Path jdk8 = Files.createDirectories(dir.resolve("jdk8/bin")).getParent(); // ALPN built in: no alpn-boot to fetch
        Files.writeString(jdk8.resolve("release"), "JAVA_VERSION=\"1.8.0_262\"\n");
        LegacyServerTest.executable(jdk8.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        Path repository = dir.resolve("repository");
        Path distribution = Files.createDirectories(repository.resolve("org/wildfly/wildfly-dist/10.0.0.Final"))
                .resolve("wildfly-dist-10.0.0.Final.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(distribution))) {
            out.putNextEntry(new ZipEntry("wildfly-10.0.0.Final/bin/jboss-cli.sh"));
            out.write("#!/bin/sh\nexit 0\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        Path scripts = LegacyServerTest.scripts(dir);
        List<Path> filledIn = LegacyServerTest.files(scripts);
        Path server = dir.resolve("wildfly-10.0.0.Final");

        LegacyServer.main(LegacyServerTest.settings(dir, jdk8, dir.resolve("alpn-boot.jar"), repository,
                "org.wildfly:wildfly-dist:10.0.0.Final", server, scripts, dir.resolve("war/http2-legacy.war"), Path.of("").toAbsolutePath()));

        assertTrue(ServerFingerprint.isRecorded(server));
        assertTrue(Files.isRegularFile(server.resolve("legacy-patch.cli")));
        assertEquals(filledIn, LegacyServerTest.files(scripts), "the scripts' folder is what every server's fingerprint reads");
    }
}
