package io.github.http2wildfly.servers.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.http2wildfly.servers.BuildCheckFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster's settings as the build fills them in, a bad one refused with one line, and the nodes' answers read. */
class ClusterSettingsTest {

    @TempDir
    Path dir;

    private Path settings(String offset) throws IOException {
        return Files.writeString(dir.resolve("cluster.properties"), String.join("\n", "port.offset=" + offset,
                "balancer.home=/b", "node.home=/n", "war=/w.war", "cli.dir=/c", "server.jvm=/s.jvm",
                "bind.address=127.0.0.1", "http.port=8080", "https.port=8443", "certificate=/k.crt", "slow.https.port=8445", "slow.rtt=50"));
    }

    private static Properties hop(String token) {
        Properties commandLine = new Properties();
        commandLine.setProperty(ClusterSettings.HOP, token);
        return commandLine;
    }

    @Test
    void eachHopIsReadAsTheSettingNamesIt() throws IOException {
        for (Hop hop : Hop.values()) {
            assertEquals(hop, ClusterSettings.read(settings("1000"), hop(hop.token())).hop());
        }
        assertEquals(Hop.H2C, ClusterSettings.read(settings("1000"), new Properties()).hop(), "without -Dcluster.hop");
        assertEquals("ajp", Hop.AJP.listener());
        assertEquals("https", Hop.H2.listener());
        assertEquals(Hop.H2C.listener(), Hop.HTTP.listener());
    }

    @Test
    void anUnknownHopIsOneLineNamingTheChoices() throws IOException {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> ClusterSettings.read(settings("1000"), hop("h3")));
        assertEquals("cluster.hop=h3: 'h3' is not one of ajp, http, h2c, h2", failure.getMessage());
    }

    @Test
    void anOffsetThatIsNoWholeNumberInRangeIsOneLine() throws IOException {
        for (String bad : new String[] {"-1", "abc", "60000", ""}) {
            BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> ClusterSettings.read(settings(bad), hop("ajp")));
            assertEquals("cluster.port.offset must be a whole number from 0 to 50000, not '" + bad + "'", failure.getMessage());
        }
    }

    @Test
    void noSettingsFileTellsHowToBuildThem() {
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> ClusterSettings.read(dir.resolve("missing"), new Properties()));
        assertEquals(dir.resolve("missing") + " is missing: build with ./mvnw -Pcluster package first", failure.getMessage());
    }

    @Test
    void aNodesServerTimingNamesTheNodeAndTheHop() {
        String timing = "node;desc=\"node2\", hop;desc=\"h2c\"";
        assertEquals(Optional.of("node2"), Cluster.nodeOf(timing));
        assertEquals(Optional.of("h2c"), Cluster.hopOf(timing));
        assertEquals(Optional.empty(), Cluster.nodeOf("cache;desc=\"hit\""));
    }
}
