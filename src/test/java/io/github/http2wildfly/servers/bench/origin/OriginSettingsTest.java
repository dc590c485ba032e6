package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.ComparisonSettingsTest;
import io.github.http2wildfly.servers.BuildCheckFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OriginSettingsTest {

    @TempDir
    Path dir;

    static Properties asTheBuildFillsItIn() throws IOException {
        return ComparisonSettingsTest.asTheBuildFillsIn(Path.of("src/servers/servers.properties"));
    }

    /** target/servers.properties as the build writes it. */
    private Path filledIn() throws IOException {
        Path filled = dir.resolve("servers.properties");
        try (var out = Files.newBufferedWriter(filled)) {
            asTheBuildFillsItIn().store(out, null);
        }
        return filled;
    }

    @Test
    void theFilesDefaultsMeasureBothWildFlysBesideNginxAndCaddyAtTheSeedsRequests() throws IOException {
        OriginSettings settings = OriginSettings.of(asTheBuildFillsItIn());
        assertEquals(List.of(ServerKind.WILDFLY, ServerKind.WILDFLY_STOCK, ServerKind.NGINX, ServerKind.CADDY), settings.servers());
        assertEquals(5, settings.rounds());
        assertEquals(10_000, settings.requests());
        assertEquals(1, settings.warmup());
        assertEquals(5000, settings.portOffset());
        assertFalse(settings.record());
        assertEquals(Path.of("target/servers"), settings.dir());
        assertEquals(Path.of("target/server"), settings.server());
        assertEquals(8443, settings.httpsPort());
        assertEquals(8444, settings.httpsHttp1Port());
        assertEquals(Path.of("undertow-core"), settings.patches().getFileName());
    }

    @Test
    void theCommandLinesValueWinsAndTheCommandNamesIt() throws IOException {
        Path filled = filledIn();
        Properties commandLine = new Properties();
        commandLine.setProperty("servers.bench.rounds", "1");
        commandLine.setProperty("servers.bench.requests", "2000");
        commandLine.setProperty("servers.bench.servers", "nginx,wildfly");
        commandLine.setProperty("servers.bench.record", "true");
        OriginSettings settings = OriginSettings.read(filled, commandLine);
        assertEquals(List.of(ServerKind.NGINX, ServerKind.WILDFLY), settings.servers());
        assertTrue(settings.record());
        assertEquals("./mvnw package exec:java@servers -Dservers.bench.rounds=1 -Dservers.bench.requests=2000 -Dservers.bench.warmup=1"
                + " -Dservers.bench.servers=nginx,wildfly -Dservers.bench.record=true", settings.command());
    }

    @Test
    void aValueOutsideItsRuleIsOneLineNamingIt() throws IOException {
        Path filled = filledIn();
        Properties fewerThanTheClients = new Properties();
        fewerThanTheClients.setProperty("servers.bench.requests", "99");
        assertEquals("servers.bench.requests=99: expected a whole number from 100 to 1000000",
                assertThrows(BuildCheckFailure.class, () -> OriginSettings.read(filled, fewerThanTheClients)).getMessage());
        Properties unknown = new Properties();
        unknown.setProperty("servers.bench.servers", "wildfly,apache");
        assertTrue(assertThrows(BuildCheckFailure.class, () -> OriginSettings.read(filled, unknown)).getMessage()
                .contains("'apache' is not one of wildfly, wildfly-stock, nginx, caddy"));
    }

    @Test
    void nginxAndCaddyAloneAreRefusedForTheyServeAWildFlysCopy() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("servers.bench.servers", "nginx,caddy");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> OriginSettings.of(given)).getMessage().contains("name wildfly or wildfly-stock"));
    }
}
