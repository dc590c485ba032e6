package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.stream.Stream;
import java.util.zip.ZipOutputStream;
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
        Files.createDirectories(server.resolve("bin"));
        Path war = dir.resolve("war/http2-legacy.war");
        Path notAJdk = Files.createDirectories(dir.resolve("not-a-jdk")); // ALPN built in: no alpn-boot to fetch
        Files.writeString(notAJdk.resolve("release"), "JAVA_VERSION=\"1.8.0_262\"\n");
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> LegacyServer.main(settings(dir, notAJdk,
            dir.resolve("alpn-boot.jar"), dir.resolve("repository"), "org.wildfly:wildfly-dist:10.0.0.Final", server, scripts(), war,
            Path.of("").toAbsolutePath())));
        assertTrue(failure.getMessage().startsWith("jdk8.home=" + notAJdk + " has no bin/java"));
        assertFalse(Files.exists(server.resolve(ServerFingerprint.MARKER)));
        assertTrue(Files.isRegularFile(war), "the WAR does not need the JDK 8");
    }

    @Test
    void aDistributionThatIsNoCoordinateIsOneLineBeforeAnythingIsWritten() {
        Path war = dir.resolve("war/http2-legacy.war");
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> LegacyServer.main(settings(dir, dir,
            dir.resolve("alpn-boot.jar"), dir.resolve("repository"), "wildfly-dist-10.0.0.Final.zip", dir.resolve("server"), dir, war, dir)));
        assertEquals("LegacyServer: expected the distribution as groupId:artifactId:version, not wildfly-dist-10.0.0.Final.zip",
                failure.getMessage());
        assertFalse(Files.exists(war));
    }

    @Test
    void theWarHoldsTheLegacyPageAndTheLogoOnly() throws IOException {
        Path war = dir.resolve("war/http2-legacy.war");
        LegacyServer.writeWar(Path.of("src/legacy/webapp"), Path.of("src/main/webapp/WEB-INF/logo.png"), war);
        try (ZipFile zip = new ZipFile(war.toFile())) {
            assertEquals(List.of("WEB-INF/logo.png", "logos.jsp"), zip.stream().map(ZipEntry::getName).sorted().toList());
            assertEquals(Files.size(Path.of("src/main/webapp/WEB-INF/logo.png")), zip.getEntry("WEB-INF/logo.png").getSize());
        }
    }

    @Test
    void theDistributionReplacesALeftoverAndItsScriptsCanRun() throws IOException {
        Path server = dir.resolve("wildfly-10.0.0.Final");
        Files.createDirectories(server.resolve("half-unpacked"));
        LegacyServer.unpack(zip("wildfly-10.0.0.Final/bin/standalone.sh", "wildfly-10.0.0.Final/README.txt"), server);
        assertTrue(Files.isExecutable(server.resolve("bin/standalone.sh")));
        assertTrue(Files.isRegularFile(server.resolve("README.txt")));
        assertFalse(Files.exists(server.resolve("half-unpacked")));
    }

    @Test
    void anEntryOutsideTheServerIsRefused() throws IOException {
        Path server = dir.resolve("wildfly-10.0.0.Final");
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class,
                () -> LegacyServer.unpack(zip("wildfly-10.0.0.Final/bin/x.sh", "../evil.sh"), server));
        assertTrue(failure.getMessage().endsWith("../evil.sh is outside wildfly-10.0.0.Final"), failure.getMessage());
        assertFalse(Files.exists(dir.getParent().resolve("evil.sh")));
    }

    /** LegacyServer's one argument: a settings file as the build fills target/legacy.properties in. */
    static String[] settings(Path dir, Path jdk8, Path alpnBoot, Path repository, String distribution, Path server, Path scripts,
            Path war, Path project) throws IOException {
        Properties settings = new Properties();
        settings.setProperty("jdk8.home", jdk8.toString());
        settings.setProperty("alpn.boot.jar", alpnBoot.toString());
        settings.setProperty("repository", repository.toString());
        settings.setProperty("distribution", distribution);
        settings.setProperty("server", server.toString());
        settings.setProperty("cli.dir", scripts.toString());
        settings.setProperty("war", war.toString());
        settings.setProperty("project", project.toString());
        Path file = dir.resolve("legacy.properties");
        try (var out = Files.newBufferedWriter(file)) {
            settings.store(out, null);
        }
        return new String[] {file.toString()};
    }

    static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text);
        assertTrue(file.toFile().setExecutable(true));
    }

    static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.sorted().toList();
        }
    }

    private Path zip(String... names) throws IOException {
        Path zip = dir.resolve("wildfly-dist.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String name : names) {
                out.putNextEntry(new ZipEntry(name));
                out.write(("# " + name + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return zip;
    }

    private Path scripts() throws IOException {
        return scripts(dir);
    }

    /** The legacy step's scripts as the build fills them in, in {@code dir}/wildfly. */
    static Path scripts(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("wildfly/legacy"));
        for (String script : LegacyServer.SCRIPTS) {
            Files.writeString(dir.resolve("wildfly").resolve(script), "# " + script + "\n");
        }
        return dir.resolve("wildfly");
    }
}
