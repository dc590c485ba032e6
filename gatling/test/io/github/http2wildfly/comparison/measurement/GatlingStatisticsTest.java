package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gatling's statistics as its own reader finds them in a real simulation.log: the fixture is a run of
 * {@code ./mvnw verify -Pgatling -DskipITs -Dcomparison.count=2 -Dcomparison.rtts=0 -Dcomparison.loads=2 -Dcomparison.warmup.loads=0}
 * (three doors, two loads each of the page and its two images). Gatling's reader refuses a log of another
 * Gatling version: after a change of version.gatling, run that command again and copy its simulation.log here.
 * The group means are the ones Gatling's HTML report of that run shows.
 */
class GatlingStatisticsTest {

    static final Path FIXTURE = Path.of("gatling/test/fixture");
    static final String RUN = "pageloadsimulation-fixture";

    @TempDir
    Path dir;

    @Test
    void everyGroupHasItsRequestsAndGatlingsOwnMean() {
        Map<String, GatlingStatistics.GroupStatistics> groups = GatlingStatistics.read(FIXTURE, RUN);
        assertEquals(Map.of(
                "HTTP_1_1@0ms", new GatlingStatistics.GroupStatistics(6, 0, 806),
                "HTTP_1_1_TLS@0ms", new GatlingStatistics.GroupStatistics(6, 0, 184),
                "HTTP_2_TLS@0ms", new GatlingStatistics.GroupStatistics(6, 0, 305)), groups);
    }

    @Test
    void theStatisticsJoinTheSimulationsOwnResults() throws IOException {
        Path gatling = gatlingRun();
        Path results = new ToolResults("gatling", 65_535, 2, Map.of(ImageSize.LOGO, 670L),
                List.of(new CellResult(Door.HTTP_2_TLS, Condition.latency(0), List.of(300.0, 310.0), 0, 0, 0, 2, 5000, 0, 0, 0, 0,
                        null)),
                Map.of(), Map.of())
                .write(dir);
        GatlingStatistics.addTo(results, gatling);
        CellResult cell = ToolResults.read(results).cells().get(0);
        assertEquals(6, cell.requests());
        assertEquals(0, cell.failedRequests());
        assertEquals(305.0, cell.toolMeanMillis());
        assertTrue(ToolResults.read(results).environment().get("Gatling report").contains(RUN));
    }

    @Test
    void aCellGatlingDidNotRecordIsAClearFailure() throws IOException {
        Path gatling = gatlingRun();
        Path results = new ToolResults("gatling", 65_535, 2, Map.of(ImageSize.LOGO, 670L),
                List.of(new CellResult(Door.HTTP_2_TLS, new Condition(50, 2, 0, ImageSize.LOGO, CongestionControl.RENO), List.of(300.0), 0, 0, 0, 1,
                        5000, 0, 0, 0, 0, null)), Map.of(), Map.of())
                .write(dir);
        ComparisonFailure failure = assertThrows(ComparisonFailure.class, () -> GatlingStatistics.addTo(results, gatling));
        assertEquals("Gatling's run " + RUN + " has no group HTTP_2_TLS@50ms-2pct, which gatling.json measured:"
                + " the two do not belong to the same run", failure.getMessage());
    }

    /** The fixture as Gatling leaves a run: a directory of its own in the results folder. */
    private Path gatlingRun() throws IOException {
        Path run = Files.createDirectories(dir.resolve("gatling").resolve(RUN));
        Files.copy(FIXTURE.resolve(RUN).resolve("simulation.log"), run.resolve("simulation.log"));
        return run;
    }
}
