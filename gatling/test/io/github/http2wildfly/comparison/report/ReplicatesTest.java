package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.report.Replicates.Combined;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicatesTest {

    private static final Replicates HEADLINE = Replicates.HEADLINE;

    @TempDir
    Path records;

    /** A recorded run.json with Chromium's two headline cells, h2's rounds at these times and h1-TLS's at 5,000 ms. */
    static Map<String, Object> run(int clientSpeedMillis, double... h2Millis) {
        double[] h1 = new double[h2Millis.length];
        java.util.Arrays.fill(h1, 5000);
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("tool", "chromium");
        tool.put("imageCount", 500);
        tool.put("environment", Map.of("client speed", "a fixed script task in " + clientSpeedMillis
                + " ms (median of 5, 1 to 2) when the leg started, 1 ms (median of 5, 1 to 2) when it ended"));
        tool.put("cells", List.of(cell("HTTP/2 over TLS", null, h2Millis), cell("HTTP/1.1 over TLS", null, h1),
                cell("HTTP/2 over TLS", 0.5, 9000, 9000, 9000)));
        return Map.of("tools", List.of(tool));
    }

    private static Map<String, Object> cell(String door, Double clientCores, double... millis) {
        List<Map<String, Object>> loads = new ArrayList<>();
        for (int round = 0; round < millis.length; round++) {
            loads.add(Map.of("millis", millis[round], "round", round, "position", round % 3));
        }
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("door", door);
        cell.put("condition", HEADLINE.condition());
        cell.put("clientCores", clientCores);
        cell.put("everyLoad", loads);
        return cell;
    }

    private void record(String name, Map<String, Object> run) throws IOException {
        new ObjectMapper().writeValue(records.resolve(name + ".json").toFile(), run);
    }

    @Test
    void eachRecordedRunInTheOrderRecordedGivesItsPairedRoundsAndTheBrowsersSpeedAndACellWithACpuBudgetIsAnotherQuestion() throws IOException {
        record("2026-11-27-headline", run(280, 1000, 1100, 900));
        record("2026-11-27-headline-2", run(140, 1000, 1000));
        Files.writeString(records.resolve("2026-11-27-headline.md"), "a record's page, not its data");
        List<Run> runs = HEADLINE.runs(records);
        assertEquals(List.of("2026-11-27-headline", "2026-11-27-headline-2"), runs.stream().map(Run::name).toList(), "in the order recorded");
        assertEquals(3, runs.get(0).rounds());
        assertEquals(Math.log(1000 / 5000.0) + (Math.log(1.1) + Math.log(0.9)) / 3, runs.get(0).meanLog(), 1e-12);
        assertEquals(280, runs.get(0).clientSpeedMillis().getAsDouble());
        assertEquals(140, runs.get(1).clientSpeedMillis().getAsDouble());
    }

    @Test
    void runsThatAgreeGiveAnIntervalAroundBothAndNoFlag() {
        Combined combined = HEADLINE.combine(List.of(run("a", 0.200, 0.01, 6, 280), run("b", 0.201, 0.01, 6, 280))).orElseThrow();
        assertTrue(combined.low() < 0.200 && combined.high() > 0.201, combined.describe());
        assertEquals(0, combined.betweenRunSd());
        assertEquals("", combined.flag());
    }

    /** Two runs each sure of itself but far apart: the combined interval holds the spread between them, not their own. */
    @Test
    void runsThatDisagreeWidenTheIntervalAndTheLatestIsFlaggedWithTheClientsSpeedWhereItDiffers() {
        Run first = run("2026-11-26-default", 0.17, 0.01, 6, 290);
        Combined combined = HEADLINE.combine(List.of(first, run("2026-11-27-headline", 0.44, 0.01, 6, 580))).orElseThrow();
        assertTrue(combined.betweenRunSd() > 0.3, combined.describe());
        assertTrue(combined.low() < 0.17 && combined.high() > 0.44, combined.describe());
        assertTrue(combined.flag().startsWith("2026-11-27-headline (0.44 [") && combined.flag().endsWith(
                "disagrees with the runs before it (0.17 to 0.17): the client's speed, a fixed task in 580 ms against 290 ms"), combined.flag());
        String unexplained = HEADLINE.combine(List.of(first, run("2026-11-27-headline", 0.44, 0.01, 6, 300))).orElseThrow().flag();
        assertTrue(unexplained.endsWith(": unexplained"), unexplained);
    }

    @Test
    void oneRunIsNoReplicate() {
        assertTrue(HEADLINE.combine(List.of(run("a", 0.2, 0.01, 6, 280))).isEmpty());
    }

    /** A run whose rounds' log ratios have this geometric mean ratio and this standard deviation. */
    private static Run run(String name, double ratio, double sd, int rounds, double speed) {
        return new Run(name, Math.log(ratio), sd * sd / rounds, rounds, java.util.OptionalDouble.of(speed));
    }
}
