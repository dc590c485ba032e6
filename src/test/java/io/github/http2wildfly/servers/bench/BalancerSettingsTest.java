package io.github.http2wildfly.servers.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.http2wildfly.comparison.settings.ComparisonSettingsTest;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.cluster.Hop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BalancerSettingsTest {

    @TempDir
    Path dir;

    private static Properties asTheBuildFillsItIn() throws IOException {
        return ComparisonSettingsTest.asTheBuildFillsIn(Path.of("src/servers/balancers.properties"));
    }

    @Test
    void theFilesDefaultsMeasureEveryHopAndTheOtherBalancersUnderTheComparisonsRule() throws IOException {
        BalancerSettings settings = BalancerSettings.of(asTheBuildFillsItIn());
        assertEquals(List.of(Hop.AJP, Hop.HTTP, Hop.H2C, Hop.H2), settings.hops());
        assertEquals(List.of(ExternalFront.Kind.HAPROXY_H2, ExternalFront.Kind.HAPROXY_HTTP, ExternalFront.Kind.NGINX), settings.others());
        assertEquals(new StoppingRule(3, 12, 0.05), settings.rule());
        assertEquals(5, settings.h2loadRounds());
        assertEquals(3, settings.kills());
        assertEquals(Path.of("target/cluster.properties"), settings.cluster());
        assertEquals(Path.of("target/balancers"), settings.dir());
        assertEquals(Path.of("undertow-core"), settings.patches().getFileName());
    }

    @Test
    void theCommandLinesValueWinsOverTheFilesDefault() throws IOException {
        Path filled = dir.resolve("balancers.properties");
        try (var out = Files.newBufferedWriter(filled)) {
            asTheBuildFillsItIn().store(out, null);
        }
        Properties commandLine = new Properties();
        commandLine.setProperty("cluster.bench.kills", "0");
        commandLine.setProperty("cluster.bench.fronts", "h2,nginx");
        commandLine.setProperty("cluster.hop", "ajp"); // the cluster's, not the benchmark's: left to ClusterSettings
        BalancerSettings settings = BalancerSettings.read(filled, commandLine);
        assertEquals(0, settings.kills());
        assertEquals(List.of(Hop.H2), settings.hops());
        assertEquals(List.of(ExternalFront.Kind.NGINX), settings.others());
        assertEquals(new StoppingRule(3, 12, 0.05), settings.rule());
    }

    @Test
    void aValueOutsideItsRuleIsOneLineNamingItsProperty() throws IOException {
        assertEquals("cluster.bench.kills=-1: expected a whole number from 0 to 100", refusal("cluster.bench.kills", "-1"));
        assertEquals("cluster.bench.loads.max=2: expected a whole number from 3 to 1000", refusal("cluster.bench.loads.max", "2"));
        assertEquals("cluster.bench.h2load.rounds=x: expected a whole number from 1 to 100", refusal("cluster.bench.h2load.rounds", "x"));
        assertEquals("cluster.bench.fronts takes ajp, http, h2c, h2, wildfly-openssl, haproxy-h2, haproxy-http, nginx, each once: h2,squid",
                refusal("cluster.bench.fronts", "h2,squid"));
        assertEquals("cluster.bench.fronts takes ajp, http, h2c, h2, wildfly-openssl, haproxy-h2, haproxy-http, nginx, each once: h2, h2",
                refusal("cluster.bench.fronts", "h2, h2"));
    }

    @Test
    void aFileTheBuildHasNotFilledInSaysHowToBuildIt() {
        Path missing = dir.resolve("balancers.properties");
        assertEquals(missing + " is missing: build with ./mvnw -Pcluster package first",
                assertThrows(BuildCheckFailure.class, () -> BalancerSettings.read(missing, new Properties())).getMessage());
    }

    private static String refusal(String name, String value) throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty(name, value);
        return assertThrows(IllegalArgumentException.class, () -> BalancerSettings.of(given)).getMessage();
    }
}
