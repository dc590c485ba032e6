package io.github.http2wildfly.servers.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.ComparisonSettingsTest;
import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.servers.BuildCheckFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AttackSettingsTest {

    @TempDir
    Path dir;

    private Path filledIn() throws IOException {
        Path filled = dir.resolve("balancers.properties");
        try (var out = Files.newBufferedWriter(filled)) {
            ComparisonSettingsTest.asTheBuildFillsIn(Path.of("src/servers/balancers.properties")).store(out, null);
        }
        return filled;
    }

    @Test
    void theFilesDefaultsRunEveryAttackForTenSecondsWithoutRecording() throws IOException {
        AttackSettings settings = AttackSettings.read(filledIn(), new Properties());
        assertEquals(List.of(Attack.values()), settings.attacks());
        assertEquals(Duration.ofSeconds(10), settings.time());
        assertFalse(settings.record());
    }

    @Test
    void theCommandLineChoosesTheAttacksTheirTimeAndTheRecord() throws IOException {
        Path filled = filledIn();
        Properties commandLine = new Properties();
        commandLine.setProperty("cluster.bench.attacks", "ping-flood, bodiless-posts");
        commandLine.setProperty("cluster.bench.attack.seconds", "3");
        commandLine.setProperty("cluster.bench.record", "true");
        AttackSettings settings = AttackSettings.read(filled, commandLine);
        assertEquals(List.of(Attack.PING_FLOOD, Attack.BODILESS_POSTS), settings.attacks());
        assertEquals(Duration.ofSeconds(3), settings.time());
        assertTrue(settings.record());
    }

    @Test
    void anAttackWithoutANameIsOneLineThatListsTheNames() throws IOException {
        Path filled = filledIn();
        Properties commandLine = new Properties();
        commandLine.setProperty("cluster.bench.attacks", "slowloris");
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> AttackSettings.read(filled, commandLine));
        assertEquals("cluster.bench.attacks=slowloris: 'slowloris' is not one of rapid-reset, continuation-flood, made-you-reset,"
                + " ping-flood, reset-flood, settings-flood, empty-frames, zero-window, data-dribble, resource-loop, cancelled-downloads,"
                + " bodiless-posts, bodiless-posts-past-the-limit, bodiless-posts-undeclared, slow-bodies",
                failure.getMessage());
    }
}
