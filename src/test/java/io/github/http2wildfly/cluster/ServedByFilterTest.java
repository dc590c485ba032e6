package io.github.http2wildfly.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.servers.cluster.Cluster;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a node writes is what the cluster's readers (the launcher, the ITs, the wall's script) read; and where a
 * node's wall may send its figures.
 */
class ServedByFilterTest {

    @Test
    void theHeaderNamesTheNodeAndTheHopAsServerTimingEntries() {
        String header = ServedByFilter.serverTiming("node1", "ajp");
        assertEquals("node;desc=\"node1\", hop;desc=\"ajp\"", header);
        assertEquals(Optional.of("node1"), Cluster.nodeOf(header));
        assertEquals(Optional.of("ajp"), Cluster.hopOf(header));
    }

    @Test
    void aNodesWallReportsOnlyToAnHttpsOriginOnItsOwnHost() {
        assertTrue(ClusterNode.mayReportTo("https://localhost:8543", "localhost"));
        for (String bad : List.of("http://localhost:8543", "https://evil.example:443", "https://localhost", "https://localhost:8543/",
                "https://x@localhost:8543", "https://localhost:8543?a", "not a uri", "")) {
            assertFalse(ClusterNode.mayReportTo(bad, "localhost"), bad);
        }
    }
}
