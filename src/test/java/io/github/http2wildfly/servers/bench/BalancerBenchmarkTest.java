package io.github.http2wildfly.servers.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.http2wildfly.measure.statistics.RatioInterval;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BalancerBenchmarkTest {

    private static Map.Entry<String, RatioInterval> hop(String token, double low, double high) {
        return Map.entry(token, new RatioInterval((low + high) / 2, low, high, 5, 0.95));
    }

    @Test
    void frontsAreRankedOnlyWhereTheirIntervalsAreApart() {
        assertEquals("h2 costs more than ajp, http", BalancerRecord.ranking(List.of(hop("ajp", 1.00, 1.10), hop("http", 1.02, 1.12),
                hop("h2c", 1.05, 1.30), hop("h2", 1.20, 1.40)), "costs more than"));
    }

    @Test
    void overlappingIntervalsAreNoDifferenceFound() {
        assertEquals("no difference found", BalancerRecord.ranking(List.of(hop("ajp", 1.00, 1.10), hop("http", 1.05, 1.20),
                hop("h2", 0.95, 1.15)), "costs more than"));
    }
}
