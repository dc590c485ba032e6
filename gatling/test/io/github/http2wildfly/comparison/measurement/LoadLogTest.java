package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.http2wildfly.comparison.emulation.Emulation;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadLogTest {

    private static final Cell CELL = new Cell(Door.HTTP_2_TLS, Condition.latency(50));

    @Test
    void theCellsResultHoldsEveryLoadWithItsRoundItsPositionAndWhatItsNetworkSaw() {
        LoadLog log = new LoadLog();
        log.record(3, 0, 812.5, false);
        log.record(1, 2, 790.0, true);
        CellResult result = log.result(CELL, new Emulation.Traffic(4, 2_000_000, 0, 0));
        assertEquals(List.of(812.5, 790.0), result.loadMillis(), "in the order they were loaded");
        assertEquals(List.of(3, 1), result.loadRounds(), "each load with its round, which pairs it with the other cells'");
        assertEquals(List.of(0, 2), result.loadPositions(), "and its place in that round");
        assertEquals(List.of(), result.loadCpuMillis(), "no browser, no CPU time per load");
        assertEquals(1, result.failedLoads());
        assertEquals(4, result.connections());
        assertEquals(2_000_000, result.bytes());
        assertEquals(List.of(3, 1), log.rounds());
    }

    @Test
    void aBrowsersLoadIsOneFailedLoadHoweverManyOfItsRequestsFailedAndItsCountsAddUp() {
        LoadLog log = new LoadLog();
        log.record(0, 1, 900, 3, 501, 1200, 300);
        log.record(1, 0, 880, 0, 501, 1100, 280);
        CellResult result = log.result(CELL, new Emulation.Traffic(0, 0, 0, 0));
        assertEquals(1, result.failedLoads());
        assertEquals(3, result.failedRequests());
        assertEquals(1002, result.requests());
        assertEquals(2300, result.browserCpuMillis());
        assertEquals(580, result.networkCpuMillis());
        assertEquals(List.of(1200.0, 1100.0), result.loadCpuMillis(), "each load's own");
        assertEquals(List.of(1, 0), result.loadPositions());
    }
}
