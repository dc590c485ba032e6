package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicatesTest {

    private static final Replicates HEADLINE = Replicates.HEADLINE;

    @TempDir
    Path records;

    /**
     * A recorded run.json with Chromium's headline cells: h2's rounds at these times, h1-TLS's at 5,000 ms, h2 on loopback
     * at {@code loopbackMillis} each round, and a cell with a CPU budget of half a core that loaded h2 alone.
     */
    static Map<String, Object> run(double loopbackMillis, double... h2Millis) {
        double[] h1 = new double[h2Millis.length];
        Arrays.fill(h1, 5000);
        double[] loopback = new double[h2Millis.length];
        Arrays.fill(loopback, loopbackMillis);
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("tool", "chromium");
        tool.put("imageCount", 500);
        tool.put("environment", Map.of("seed of the losses and the orders", "48151623"));
        tool.put("cells", List.of(cell("HTTP/2 over TLS", 50, null, h2Millis), cell("HTTP/1.1 over TLS", 50, null, h1),
                cell("HTTP/2 over TLS", 0, null, loopback), cell("HTTP/2 over TLS", 50, 0.5, 9000, 9000, 9000)));
        return Map.of("tools", List.of(tool));
    }

    /** A cell's loads, one a round; the h2 cell loads first in even rounds, second in odd ones. */
    static Map<String, Object> cell(String door, int rtt, Double clientCores, double... millis) {
        List<Map<String, Object>> loads = new ArrayList<>();
        for (int round = 0; round < millis.length; round++) {
            int h2Position = round % 2 == 0 ? 0 : 1;
            loads.add(Map.of("millis", millis[round], "round", round, "position", door.startsWith("HTTP/2") ? h2Position : 1 - h2Position));
        }
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("door", door);
        cell.put("condition", rtt + " ms, 0 % loss, no rate limit, logo images, NewReno"
                + (clientCores == null ? "" : ", client " + clientCores + " cores"));
        cell.put("clientCores", clientCores);
        cell.put("everyLoad", loads);
        return cell;
    }

    private void record(String name, Map<String, Object> run) throws IOException {
        new ObjectMapper().writeValue(records.resolve(name + ".json").toFile(), run);
    }

    @Test
    void eachRecordedRunInTheOrderRecordedGivesItsPairedRoundsItsLoopbackSpeedAndTheSecondsSaved() throws IOException {
        record("2026-11-27-headline", run(2000, 1000, 1100, 900));
        record("2026-11-27-headline-2", run(700, 1000, 1000));
        Files.writeString(records.resolve("2026-11-27-headline.md"), "a record's page, not its data");
        List<Run> runs = HEADLINE.runs(records);
        assertEquals(List.of("2026-11-27-headline", "2026-11-27-headline-2"), runs.stream().map(Run::name).toList(), "in the order recorded");
        Run first = runs.get(0);
        assertEquals(3, first.rounds());
        assertEquals(Math.log(1000 / 5000.0) + (Math.log(1.1) + Math.log(0.9)) / 3, first.meanLog(), 1e-12);
        assertEquals(2.0, first.loopbackSeconds(), 1e-12);
        assertEquals(4.0, first.savedSeconds(), 1e-12);
        assertEquals("48151623", first.seed());
        assertTrue(first.fromLoads());
        assertEquals(List.of(true, false, true), first.orders().stream().map(Replicates.Led::ofFirst).toList());
        assertEquals(0.7, runs.get(1).loopbackSeconds(), 1e-12);
    }

    /** The run of 2026-11-26 kept no loads: its record's table gives each budget's ratio, interval, loads and loopback time. */
    @Test
    void anOlderRecordIsReadFromItsTableAtTheConfidenceItsLooksGave() throws IOException {
        String record = Files.readString(Path.of("docs/results/2026-11-26-default.md"));
        List<Run> runs = HEADLINE.fromSummary("2026-11-26-default", record);
        assertEquals(List.of("unlimited", "2 cores", "1 core", "0.5 cores", "0.25 cores"), runs.stream().map(Run::budget).toList());
        Run unlimited = runs.get(0);
        assertEquals(3, unlimited.rounds());
        assertEquals(0.714, unlimited.loopbackSeconds(), 1e-9);
        assertEquals(5.073 - 0.851, unlimited.savedSeconds(), 1e-9);
        // 0.17 [0.14, 0.21] at 1 − 5 % / 6 looks: the mean in the middle of the log interval, its error from its width
        assertEquals(Math.log(Math.sqrt(0.14 * 0.21)), unlimited.meanLog(), 1e-12);
        double t = TDistribution.of(2).inverseSurvivalProbability(0.05 / 6 / 2);
        assertEquals(Math.log(0.21 / 0.14) / 2 / t, Math.sqrt(unlimited.variance()), 1e-12);
        assertTrue(!unlimited.fromLoads());
    }

    @Test
    void aRecordThatStatesNeitherItsLooksNorItsLoadsIsLeftOutByTheRule() throws IOException {
        assertEquals(List.of(), HEADLINE.fromSummary("2026-11-25-two-engines", Files.readString(Path.of("docs/results/2026-11-25-two-engines.md"))));
        assertEquals(List.of(), HEADLINE.fromSummary("2026-11-26-aa", Files.readString(Path.of("docs/results/2026-11-26-aa.md"))),
                "no h2 / h1-TLS column");
    }

    /** A lab run at half a core: the model's cells with the browser's budget are a point; its lab leg and the model without its window are not. */
    @Test
    void aRunWithACpuBudgetGivesAPointAtThatBudgetAndOnlyTheModelsCellsWithTheWindowCount() throws IOException {
        List<Run> runs = HEADLINE.fromLoads("2026-11-28-lab", new ObjectMapper().readTree(Path.of("docs/results/2026-11-28-lab.json").toFile()));
        assertEquals(List.of("0.5 cores"), runs.stream().map(Run::budget).toList());
        assertEquals(4, runs.get(0).rounds());
        assertTrue(runs.get(0).loopbackSeconds() > 1, "the half core's loopback loads: " + runs.get(0).loopbackSeconds());
    }

    @Test
    void aRunOnStockUndertowIsAnotherServersAnswerAndNoPointOfTheCurve() throws IOException {
        Map<String, Object> stock = run(700, 1000, 1100, 900);
        @SuppressWarnings("unchecked")
        Map<String, Object> tool = (Map<String, Object>) ((List<?>) stock.get("tools")).get(0);
        tool.put("environment", Map.of("Undertow", "stock, without this project's diffs"));
        record("2026-11-29-headline", stock);
        assertEquals(List.of(), HEADLINE.runs(records));
    }

    @Test
    void aRecordWithItsLoadsIsReadFromThemNotFromItsTable() throws IOException {
        record("2026-11-28-headline", run(2300, 1000, 1100, 900, 1000));
        Files.writeString(records.resolve("2026-11-28-headline.md"), Files.readString(Path.of("docs/results/2026-11-26-default.md")));
        List<Run> runs = HEADLINE.runs(records);
        assertEquals(1, runs.size());
        assertTrue(runs.get(0).fromLoads());
    }
}
