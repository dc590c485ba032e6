package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.comparison.settings.RunRecord;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.page.LabPoint;
import io.github.http2wildfly.page.LabPoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

    /** A run that does not record itself (no comparison.record), its grid the default. */
    private static final RunRecord NOT_RECORDED = RunRecord.of(new java.util.Properties());

    private static final Map<String, String> ENVIRONMENT = Map.of("client", "Gatling");

    @TempDir
    Path dir;

    @Test
    void percentilesAreLoadsThatHappened() {
        CellResult cell = CellResult.of(Door.HTTP_2_TLS, Condition.latency(50), 900, 700, 800, 1000, 600);
        assertEquals(600, cell.min());
        assertEquals(800, cell.median());
        assertEquals(1000, cell.percentile(95));
        assertEquals(1000, cell.max());
        assertEquals(800, cell.mean());
    }

    @Test
    void aGoodRunHasNoProblemsAndItsRatio() {
        Comparison comparison = new Comparison(results(Map.of(50, 50.8), cell(Door.HTTP_1_1_TLS, 50, 4600),
                cell(Door.HTTP_2_TLS, 50, 800)));
        assertEquals(List.of(), comparison.problems());
        assertEquals(800 / 4600.0, comparison.http2Ratio(Condition.latency(50), Door.HTTP_1_1_TLS).orElseThrow(), 0.001,
                "the geometric mean of the rounds' ratios, near the ratio of medians");
    }

    @Test
    void http2NotFasterAtTheLargestRttIsAProblem() {
        Comparison comparison = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 0, 200), cell(Door.HTTP_2_TLS, 0, 150),
                cell(Door.HTTP_1_1_TLS, 100, 900), cell(Door.HTTP_2_TLS, 100, 1000)));
        List<String> problems = comparison.problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("gatling: at 100 ms RTT HTTP/2 was not shown faster than HTTP/1.1 over TLS (h2 / h1-TLS 1.11 [")
                && problems.get(0).endsWith("]: HTTP/1.1 over TLS faster (3 loads))"), problems.get(0));
    }

    @Test
    void failuresCalibrationAndDisagreementAreProblems() {
        CellResult failing = new CellResult(Door.HTTP_2_TLS, Condition.latency(50), List.of(800.0), 1, 501, 3, 1, 1000, 0, 0, 0, 0,
                1000.0);
        List<String> problems = new Comparison(results(Map.of(50, 60.0), failing)).problems();
        String where = "gatling HTTP_2_TLS at 50 ms, 0 % loss, no rate limit, logo images, NewReno";
        assertEquals(List.of(where + ": 1 failed loads, 3 failed requests",
                where + ": our mean 800 ms disagrees with gatling's own 1000 ms",
                "gatling: the delay proxy measured 60.0 ms for an RTT of 50 ms (more than 10% off): the machine is too busy"
                        + " to emulate latency"), problems);
    }

    @Test
    void theBuildLogShowsPacketsPerPageWhereTheNetworkCountedThemTheBrowsersCpuWhereItWasCountedAndDashesElsewhere() {
        CellResult packetsOnly = new CellResult(Door.HTTP_3, Condition.latency(50), List.of(1200.0, 1300.0), 0, 1002, 0, 2,
                800_000, 922, 1440, 0, 0, null);
        CellResult cpuOnly = new CellResult(Door.HTTP_1_1_TLS, Condition.latency(50), List.of(1200.0, 1300.0), 0, 1002, 0, 12,
                800_000, 0, 0, 1_500, 640, null);
        String table = ComparisonReport.table(new Comparison(results(Map.of(), packetsOnly, cpuOnly, cell(Door.HTTP_2_TLS, 50, 1300))));
        assertTrue(table.lines().anyMatch(line -> line.startsWith("HTTP/3 over QUIC") && line.endsWith(" 461     720       -       -")), table);
        assertTrue(table.lines().anyMatch(line -> line.startsWith("HTTP/1.1 over TLS") && line.endsWith("   -       -     750     320")), table);
        assertTrue(table.lines().anyMatch(line -> line.startsWith("HTTP/2 over TLS") && line.endsWith("   -       -       -       -")), table);
    }

    @Test
    void theRunsDataHoldsPacketsAndTheBrowsersCpuPerPageWhereTheyWereCountedAndNullElsewhere() throws Exception {
        CellResult counted = new CellResult(Door.HTTP_3, Condition.latency(50), List.of(1200.0, 1300.0), 0, 1002, 0, 2, 800_000,
                922, 1440, 1_500, 640, null);
        results(Map.of(), counted, cell(Door.HTTP_2_TLS, 50, 1300)).write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
        JsonNode cells = run().at("/tools/0/cells");
        JsonNode http3 = cells.get(0);
        assertEquals(List.of(461.0, 720.0, 750.0, 320.0), List.of(http3.get("packetsUpPerPage").asDouble(),
                http3.get("packetsDownPerPage").asDouble(), http3.get("browserCpuPerPage").asDouble(), http3.get("networkCpuPerPage").asDouble()));
        JsonNode http2 = cells.get(1);
        assertTrue(http2.get("packetsUpPerPage").isNull() && http2.get("browserCpuPerPage").isNull(), "not counted: null, a dash on the page");
    }

    @Test
    void theRunsDataHoldsEveryLoadWithItsRoundItsPositionAndItsCpuTime() throws Exception {
        CellResult measured = new CellResult(Door.HTTP_2_TLS, Condition.latency(50), List.of(1200.0, 1300.0), 0, 1002, 0, 2, 800_000,
                0, 0, 2_600, 900, null, List.of(0, 1), List.of(1, 0), List.of(1_250.0, 1_350.0));
        results(Map.of(), measured, cell(Door.HTTP_1_1_TLS, 50, 4600)).write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
        JsonNode loads = run().at("/tools/0/cells/0/everyLoad");
        assertEquals(2, loads.size(), loads.toString());
        assertEquals(List.of(1300.0, 1.0, 0.0, 1350.0), List.of(loads.get(1).get("millis").asDouble(), loads.get(1).get("round").asDouble(),
                loads.get(1).get("position").asDouble(), loads.get(1).get("cpuMillis").asDouble()), loads.toString());
        JsonNode withoutPositions = run().at("/tools/0/cells/1/everyLoad/0");
        assertTrue(withoutPositions.get("position").isNull() && withoutPositions.get("cpuMillis").isNull(), withoutPositions.toString());
    }

    @Test
    void theRunsDataSaysWhatLoadingFirstInItsRoundDidToEachPair() throws Exception {
        orderedRun().write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
        JsonNode effect = run().at("/tools/0/ratios/0/intervals").get("h2 / h1-TLS").get("orderEffect");
        assertEquals(1.2, effect.get("firstFactor").asDouble(), 0.01, effect.toString());
        assertTrue(effect.get("low").asDouble() > 1, "found: " + effect);
        assertEquals(List.of(2, 2), List.of(effect.get("firstLed").asInt(), effect.get("secondLed").asInt()));
    }

    @Test
    void aRecordedRunKeepsEveryLoadBesideItsRecordWhichSaysWhatLoadingFirstDid() throws Exception {
        orderedRun().write(dir);
        Path records = dir.resolve("records");
        java.util.Properties given = new java.util.Properties();
        given.setProperty(RunRecord.RECORD, "true");
        given.setProperty(RunRecord.RECORD_DIRECTORY, records.toString());
        ComparisonReport.report(dir, RunRecord.of(given));
        String name = java.time.LocalDate.now() + "-default";
        JsonNode kept = new ObjectMapper().readTree(records.resolve(name + ".json").toFile());
        assertEquals(4, kept.at("/tools/0/cells/0/everyLoad").size(), "every load of the record's figures");
        String record = Files.readString(records.resolve(name + ".md"));
        assertTrue(record.contains("| 50 ms, 0 % loss, no rate limit, logo images, NewReno | h2 / h1-TLS | 1.20 ["), record);
        assertTrue(record.contains(", found | 2 / 2 |"), record);
    }

    /** Whichever loads first in its round pays 20 %: in rounds 0 and 2 h2 led, in 1 and 3 h1-TLS did. */
    private static ToolResults orderedRun() {
        CellResult h2 = new CellResult(Door.HTTP_2_TLS, Condition.latency(50), List.of(1200.0, 1010.0, 1190.0, 990.0), 0, 2000, 0, 4,
                800_000, 0, 0, 0, 0, null, List.of(0, 1, 2, 3), List.of(0, 1, 0, 1), null);
        CellResult h1 = new CellResult(Door.HTTP_1_1_TLS, Condition.latency(50), List.of(2000.0, 2400.0, 2000.0, 2400.0), 0, 2000, 0,
                24, 800_000, 0, 0, 0, 0, null, List.of(0, 1, 2, 3), List.of(1, 0, 1, 0), null);
        return results(Map.of(), h2, h1);
    }

    @Test
    void http2LosingUnderLossIsAFindingNotAFailure() {
        Comparison comparison = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, lossy(50, 5), 6000), cell(Door.HTTP_2_TLS, lossy(50, 5), 6500)));
        assertEquals(List.of(), comparison.problems());
    }

    @Test
    void theCrossoverIsBetweenTheLastLossHttp2WonAndTheFirstItDidNot() {
        Comparison comparison = new Comparison(results(Map.of(),
                cell(Door.HTTP_1_1_TLS, 0, 300), cell(Door.HTTP_2_TLS, 0, 200),
                cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, lossy(50, 2), 5000), cell(Door.HTTP_2_TLS, lossy(50, 2), 4000),
                cell(Door.HTTP_1_1_TLS, lossy(50, 5), 6000), cell(Door.HTTP_2_TLS, lossy(50, 5), 6600)));
        List<Comparison.Series> series = comparison.lossSeries();
        assertEquals(1, series.size(), "RTT 0 is no series: CPU-bound, no network to lose on");
        assertEquals(List.of(0, 2, 5), series.get(0).values());
        String statement = series.get(0).statement();
        assertTrue(statement.startsWith("RTT 50 ms, no rate limit, logo images, NewReno, h2 / h1-TLS: 0 % loss: HTTP/2 over TLS faster"
                + " (3 loads) 0.17 [") && statement.contains("; 2 % loss: HTTP/2 over TLS faster (3 loads) 0.80 [")
                && statement.contains("; 5 % loss: HTTP/1.1 over TLS faster (3 loads) 1.10 [")
                && statement.endsWith(". The verdict changes between 2 % loss and 5 % loss."), statement);
        assertEquals(4.0, series.get(0).crossingLoss().orElseThrow(), 0.05);
        assertEquals(List.of(), comparison.bandwidthSeries(), "one link rate: nothing to chart");
    }

    @Test
    void withoutACrossoverTheReportSaysSo() {
        Condition slow = new Condition(50, 0, 2, ImageSize.LOGO, CongestionControl.RENO);
        Comparison comparison = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, slow, 6000), cell(Door.HTTP_2_TLS, slow, 2000)));
        String statement = comparison.bandwidthSeries().get(0).statement();
        assertTrue(statement.startsWith("RTT 50 ms, 0 % loss, logo images, NewReno, h2 / h1-TLS: no rate limit: HTTP/2 over TLS faster")
                && statement.contains("; 2 Mbit/s: HTTP/2 over TLS faster (3 loads) 0.33 [") && !statement.contains("changes"), statement);
    }

    @Test
    void aVerdictThatTheLoadsCannotDecideChangesNothingAlongTheSeries() {
        Condition lossy = lossy(50, 2);
        CellResult spread = new CellResult(Door.HTTP_2_TLS, lossy, List.of(3000.0, 6000.0, 4500.0), 0, 1503, 0, 3, 1_200_000, 0, 0, 0, 0, null);
        Comparison comparison = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, lossy, 4500), spread, cell(Door.HTTP_1_1_TLS, lossy(50, 5), 6000), cell(Door.HTTP_2_TLS, lossy(50, 5), 2000)));
        Comparison.Series series = comparison.lossSeries().get(0);
        assertEquals(Verdict.Kind.UNDECIDED, series.verdicts().get(1).kind(), series.statement());
        assertTrue(series.statement().contains("2 % loss: undecided after 3 loads") && !series.statement().contains("changes"),
                series.statement());
        assertTrue(series.crossover().isEmpty() && series.crossingLoss().isEmpty());
        Comparison.Series across = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, lossy, 4500), spread, cell(Door.HTTP_1_1_TLS, lossy(50, 5), 6000),
                cell(Door.HTTP_2_TLS, lossy(50, 5), 6600))).lossSeries().get(0);
        assertEquals("between 0 % loss and 5 % loss", across.crossover().orElseThrow(), "from the last decided value, over the undecided one");
    }

    @Test
    void theRatioAlongTheClientsCpuIsASeriesAndABudgetTheBrowserExceededIsAProblem() {
        Condition halfCore = Condition.latency(50).withClientMillicores(500);
        CellResult limited = new CellResult(Door.HTTP_2_TLS, halfCore, List.of(2000.0, 2100.0, 1900.0), 0, 1503, 0, 3, 1_200_000, 0, 0,
                2400, 300, null);
        Comparison comparison = new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, halfCore, 6000), limited));
        Comparison.Series series = comparison.cpuSeries().get(0);
        assertEquals(List.of(0, 500), series.values());
        assertTrue(series.statement().startsWith("RTT 50 ms, 0 % loss, no rate limit, logo images, NewReno, h2 / h1-TLS: unlimited CPU:"
                + " HTTP/2 over TLS faster (3 loads) 0.17 [") && series.statement().contains("; 0.5 cores: HTTP/2 over TLS faster (3 loads) 0.33 ["),
                series.statement());
        assertEquals("50 ms, 0 % loss, no rate limit, logo images, NewReno, client 0.5 cores", halfCore.label());
        assertEquals(List.of(), comparison.problems(), "2.4 s of CPU over 6 s of loads: 0.4 cores");
        CellResult over = new CellResult(Door.HTTP_2_TLS, halfCore, List.of(2000.0, 2100.0, 1900.0), 0, 1503, 0, 3, 1_200_000, 0, 0,
                6000, 300, null);
        assertEquals(List.of("gatling HTTP_2_TLS at 50 ms, 0 % loss, no rate limit, logo images, NewReno, client 0.5 cores: the browser"
                + " used 1.00 cores while it loaded, over its budget of 0.5 cores: the CPU limit did not hold"),
                new Comparison(results(Map.of(), cell(Door.HTTP_1_1_TLS, halfCore, 6000), over)).problems());
    }

    /** RTT 50 ms: HTTP/2 far ahead without loss, behind at 5 %. */
    private void reportOfARunWhereHttp2StopsWinningAt5PercentLoss() throws Exception {
        results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800),
                cell(Door.HTTP_1_1_TLS, lossy(50, 5), 6000), cell(Door.HTTP_2_TLS, lossy(50, 5), 6600)).write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
    }

    @Test
    void theReportChartsTheRatioAgainstLossWithTheLineWhereHttp2StopsWinning() throws Exception {
        reportOfARunWhereHttp2StopsWinningAt5PercentLoss();
        JsonNode series = run().at("/tools/0/series/0");
        assertEquals("h2 / h1-TLS", series.get("pair").asText());
        assertEquals("loss", series.get("dimension").asText());
        assertEquals(4.5, series.get("crossingLoss").asDouble(), 0.05);
        assertTrue(series.get("statement").asText().endsWith("The verdict changes between 0 % loss and 5 % loss."), series.toString());
        assertEquals("HTTP/1.1 over TLS faster (3 loads)", series.at("/verdicts/1").asText());
        assertTrue(run().at("/tools/0/clientWindowBytes").asLong() < 1 << 20, "Gatling's window: the page says what it does");
    }

    @Test
    void aRunOfLargerImagesAloneHasItsReportToo() throws Exception {
        Condition tiles = new Condition(50, 0, 0, ImageSize.KB20, CongestionControl.RENO);
        Condition lossyTiles = new Condition(50, 2, 0, ImageSize.KB20, CongestionControl.RENO);
        new ToolResults("chromium", 15L << 20, 100, Map.of(ImageSize.LOGO, 670L, ImageSize.KB20, 19_355L),
                List.of(cell(Door.HTTP_1_1_TLS, tiles, 1400), cell(Door.HTTP_2_TLS, tiles, 500),
                        cell(Door.HTTP_1_1_TLS, lossyTiles, 1800), cell(Door.HTTP_2_TLS, lossyTiles, 2100)), Map.of(), ENVIRONMENT)
                .write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
        JsonNode chromium = run().at("/tools/0");
        assertEquals("20k", chromium.at("/latency/size").asText());
        assertTrue(chromium.at("/series/0/statement").asText().startsWith("RTT 50 ms, no rate limit, 20k images, NewReno, h2 / h1-TLS:")
                && chromium.at("/series/0/statement").asText().endsWith("The verdict changes between 0 % loss and 2 % loss."),
                chromium.toString());
    }

    @Test
    void theReportIsWrittenEvenWhenTheBuildFails() throws Exception {
        ToolResults gatling = results(Map.of(), cell(Door.HTTP_1_1_TLS, 100, 900), cell(Door.HTTP_2_TLS, 100, 950));
        new ToolResults("chromium", gatling.clientWindowBytes(), gatling.imageCount(), gatling.imageBytes(), gatling.cells(),
                gatling.calibration(), gatling.environment()).write(dir);
        ComparisonFailure failure = assertThrows(ComparisonFailure.class, () -> ComparisonReport.report(dir, NOT_RECORDED));
        assertTrue(failure.getMessage().contains("HTTP/2 was not shown faster"), failure.getMessage());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("\"p50\" : 950.0"), "the page holds the run's data");
    }

    @Test
    void theRunWritesItsSectionOfTheResultsPageWithDateMachineAndEveryMedian() throws Exception {
        reportOfARunWhereHttp2StopsWinningAt5PercentLoss();
        String page = Files.readString(dir.resolve("results.md"));
        assertTrue(page.startsWith("# The comparison of " + java.time.LocalDate.now()) && page.contains("Machine and run: client Gatling.")
                && page.contains("`./mvnw verify -Pgatling`"), page);
        assertTrue(page.contains("| RTT, loss, rate, size | HTTP/1.1 over TLS | HTTP/2 over TLS | h2 / h1-TLS |")
                && page.contains("| 50 ms, 0 % loss, no rate limit, logo images, NewReno | 4,600 | 800 | 0.17 [0.16, 0.19], h2 faster (3 loads) |")
                && page.contains("| 6,000 | 6,600 | 1.10 [1.03, 1.17], h1-TLS faster (3 loads) |"), page);
    }

    @Test
    void aNewRunDoesNotJudgeTheResultsOfAnEarlierOne() throws Exception {
        results(Map.of(), cell(Door.HTTP_1_1_TLS, 100, 900), cell(Door.HTTP_2_TLS, 100, 450)).write(dir);
        Files.writeString(dir.resolve("report.html"), "old");
        Files.writeString(dir.resolve("results.md"), "old");
        Files.writeString(dir.resolve("keep.txt"), "not a result");
        ComparisonReport.clearPreviousRun(dir);
        assertEquals(List.of(dir.resolve("keep.txt")), Files.list(dir).toList());
        assertThrows(ComparisonFailure.class, () -> ComparisonReport.report(dir, NOT_RECORDED));
    }

    @Test
    void noResultsIsAClearFailure() {
        ComparisonFailure failure = assertThrows(ComparisonFailure.class,
                () -> ComparisonReport.report(dir.resolve("missing"), NOT_RECORDED));
        assertTrue(failure.getMessage().startsWith("No results in "), failure.getMessage());
    }

    @Test
    void http3IsChartedAgainstBothAndGatlingsAbsenceIsSaid() throws Exception {
        results(Map.of(), cell(Door.HTTP_1_1_TLS, 50, 4600), cell(Door.HTTP_2_TLS, 50, 800)).write(dir);
        new ToolResults("chromium", 15L << 20, 500, Map.of(ImageSize.LOGO, 670L), List.of(
                cell(Door.HTTP_1_1_TLS, 50, 5000), cell(Door.HTTP_2_TLS, 50, 1500), cell(Door.HTTP_3, 50, 1800),
                cell(Door.HTTP_1_1_TLS, lossy(50, 5), 7000), cell(Door.HTTP_2_TLS, lossy(50, 5), 3000),
                cell(Door.HTTP_3, lossy(50, 5), 2400)), Map.of(), ENVIRONMENT).write(dir);
        ComparisonReport.report(dir, NOT_RECORDED);
        Comparison chromium = ComparisonReport.read(dir).get(0);
        assertEquals(List.of("h2 / h1-TLS", "h3 / h2", "h3 / h1-TLS"), chromium.pairs().stream().map(Pair::label).toList());
        List<Double> ratios = chromium.lossSeries().get(1).ratios();
        assertEquals(1.2, ratios.get(0), 0.005);
        assertEquals(0.8, ratios.get(1), 0.005);
        String statement = chromium.lossSeries().get(1).statement();
        assertTrue(statement.startsWith("RTT 50 ms, no rate limit, logo images, NewReno, h3 / h2: 0 % loss: HTTP/2 over TLS faster")
                && statement.contains("5 % loss: HTTP/3 over QUIC faster (3 loads)")
                && statement.endsWith("The verdict changes between 0 % loss and 5 % loss."), statement);
        JsonNode chromiumData = run().at("/tools/0");
        assertEquals(List.of("HTTP/1.1 over TLS", "HTTP/2 over TLS", "HTTP/3 over QUIC"),
                chromiumData.get("doors").valueStream().map(JsonNode::asText).toList());
        assertTrue(chromiumData.get("series").valueStream().anyMatch(one -> one.get("pair").asText().equals("h3 / h2")));
        assertEquals(List.of("HTTP/1.1 over TLS", "HTTP/2 over TLS"), run().at("/tools/1/doors").valueStream().map(JsonNode::asText).toList(),
                "Gatling without HTTP/3: the page says so");
        String page = Files.readString(dir.resolve("results.md"));
        assertTrue(page.contains("| 50 ms, 5 % loss, no rate limit, logo images, NewReno | 7,000 | 3,000 | 2,400 | 0.43 [")
                && page.contains("h3 faster (3 loads) |"), page);
    }

    @Test
    void theControlFailsARunWhereOneImageIsFarFasterOverHttp3() {
        Condition control = new Condition(50, 2, 0, ImageSize.MB2, CongestionControl.RENO);
        Comparison fair = new Comparison(new ToolResults("chromium", 15L << 20, 1, Map.of(ImageSize.MB2, 2_000_000L),
                List.of(cell(Door.HTTP_2_TLS, control, 1000), cell(Door.HTTP_3, control, 850)), Map.of(), ENVIRONMENT));
        assertEquals(List.of(), fair.problems());
        Comparison unfair = new Comparison(new ToolResults("chromium", 15L << 20, 1, Map.of(ImageSize.MB2, 2_000_000L),
                List.of(cell(Door.HTTP_2_TLS, control, 1000), cell(Door.HTTP_3, control, 700)), Map.of(), ENVIRONMENT));
        assertEquals(List.of("chromium: the control (one image) at 50 ms, 2 % loss, no rate limit, 2m images, NewReno has h3/h2 = 0.70,"
                + " outside 0.80 to 1.25: the TCP model is not fair to one side"), unfair.problems());
    }

    @Test
    void aLabRunSetsTheModelBesideTheLabPointByPointAndTellsEachSendersCrossover() throws Exception {
        Condition clean = new Condition(50, 0, 0, ImageSize.KB20, CongestionControl.RENO);
        Condition lossy = new Condition(50, 5, 0, ImageSize.KB20, CongestionControl.RENO);
        Condition lossyBbr = new Condition(50, 5, 0, ImageSize.KB20, CongestionControl.BBR);
        Condition cleanBbr = new Condition(50, 0, 0, ImageSize.KB20, CongestionControl.BBR);
        List<Condition> conditions = List.of(clean, lossy, cleanBbr, lossyBbr);
        // h1-TLS, h2, h3 under each condition
        tiles("chromium", conditions, 1800, 900, 1000, 4000, 15000, 16000, 1800, 900, 1000, 2700, 2800, 2900);
        tiles("chromium-lab", conditions, 2000, 1100, 1300, 4400, 14000, 17000, 2000, 1100, 1300, 3200, 1500, 1900);
        ComparisonReport.report(dir, NOT_RECORDED);
        ModelAgainstLab both = ModelAgainstLab.of(ComparisonReport.read(dir)).orElseThrow();
        assertEquals(8, both.points().size(), "two pairs at four conditions with a network");
        ModelAgainstLab.Point bbrAtFive = both.points().stream().filter(point -> point.condition().equals(lossyBbr)
                && point.pair().of() == Door.HTTP_2_TLS).findFirst().orElseThrow();
        assertEquals(2800 / 2700.0, bbrAtFive.model(), 0.005);
        assertEquals(1500 / 3200.0, bbrAtFive.lab(), 0.005);
        assertTrue(bbrAtFive.verdict().startsWith("differs: model / lab 2.21 [") && bbrAtFive.agreement() == ModelAgainstLab.Agreement.DIFFERS,
                bbrAtFive.verdict());
        assertTrue(both.summary().startsWith("The model against the lab: "), both.summary());
        String page = Files.readString(dir.resolve("results.md"));
        assertTrue(page.contains("## The model against the lab")
                && page.contains("| 50 ms, 5 % loss, no rate limit, 20k images, BBR | h2 / h1-TLS | 1.04 ["), page);
        assertTrue(page.contains("## chromium-lab: where HTTP/2 stops winning")
                && page.contains("h1-TLS faster (3 loads) | between 0 % loss and 5 % loss |")
                && page.contains("h2 faster (3 loads) | not up to 5 % loss |"), page);
        assertTrue(run().at("/modelAgainstLab/points").valueStream().anyMatch(point -> point.get("agreement").asText().equals("differs")
                && point.get("verdict").asText().startsWith("differs")), run().toString());
    }

    @Test
    void aRunOfTheModelWithAndWithoutItsReceiveWindowSetsBothBesideTheLab() throws Exception {
        Condition clean = new Condition(50, 0, 0, ImageSize.KB20, CongestionControl.RENO);
        Condition noWindow = clean.withReceiveWindow(false);
        assertEquals("50 ms, 0 % loss, no rate limit, 20k images, NewReno, no receive window", noWindow.label());
        tiles("chromium", List.of(clean, noWindow), 1800, 1000, 1000, 1800, 700, 1000);
        tiles("chromium-lab", List.of(clean), 2000, 1100, 1150);
        ComparisonReport.report(dir, NOT_RECORDED);
        ModelAgainstLab both = ModelAgainstLab.of(ComparisonReport.read(dir)).orElseThrow();
        assertEquals(List.of(clean, noWindow, clean, noWindow), both.points().stream().map(ModelAgainstLab.Point::condition).toList());
        assertTrue(both.summary().startsWith("The model against the lab: of 2 points, 2 agree within 10 %, 0 differ, 0 undecided; of 2"
                + " points without the model's receive window, 0 agree within 10 %, 2 differ, 0 undecided"), both.summary());
        assertEquals(List.of(), both.model().lossSeries(), "one loss: no series, with the window or without");
        ModelAgainstLab.Point h3WithoutWindow = both.points().get(3);
        assertTrue(!h3WithoutWindow.agrees() && h3WithoutWindow.verdict().startsWith("differs"), "h3 / h2 1.43 in the model without its"
                + " window, 1.05 in the lab: " + h3WithoutWindow.verdict());
    }

    @Test
    void theModelAgreesWithTheLabOnlyWhereTheLoadsShowTheirRatiosWithinTenPercentAndDiffersWhereTheyShowADifference() {
        Condition lossy = lossy(50, 5);
        Pair h3h2 = new Pair(Door.HTTP_3, Door.HTTP_2_TLS);
        ModelAgainstLab.Point close = new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.FASTER, 0.80, 0.77, 0.83),
                verdict(Verdict.Kind.FASTER, 0.82, 0.79, 0.85));
        assertEquals("agrees within 10 % (model / lab 0.98 [0.94, 1.01])", close.verdict());
        // the example: a model's 1.43 against a lab's level 1.08, which a band of 0.75 to 1.33 let agree
        ModelAgainstLab.Point band = new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.SLOWER, 1.43, 1.30, 1.55),
                verdict(Verdict.Kind.UNDECIDED, 1.08, 0.95, 1.21));
        assertTrue(band.verdict().startsWith("differs: model / lab 1.32 [1.1") && band.verdict().endsWith(" (lab undecided after 7 loads,"
                + " which tell only a difference of 13 % or more, model h2 faster (7 loads))"), band.verdict());
        // overlapping intervals, which the rule before called agreement: the loads tell neither
        ModelAgainstLab.Point spread = new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.UNDECIDED, 0.97, 0.90, 1.04),
                verdict(Verdict.Kind.LEVEL, 1.03, 0.99, 1.04));
        assertEquals(ModelAgainstLab.Agreement.UNDECIDED, spread.agreement(), spread.verdict());
        assertTrue(spread.verdict().matches("undecided: model / lab 0\\.94 \\[0\\.8\\d, 1\\.0\\d]; about 1\\d loads a cell would tell"), spread.verdict());
        // both name h3 faster, yet the model's ratio is beyond what the loads allow of the lab's
        assertEquals(ModelAgainstLab.Agreement.DIFFERS, new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.FASTER, 0.80, 0.75, 0.85),
                verdict(Verdict.Kind.FASTER, 0.88, 0.84, 0.92)).agreement());
        assertEquals(ModelAgainstLab.Agreement.DIFFERS, new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.FASTER, 0.80, 0.75, 0.85),
                verdict(Verdict.Kind.SLOWER, 1.20, 1.10, 1.30)).agreement());
        Verdict oneLoad = new Verdict(Verdict.Kind.UNDECIDED, new RatioInterval(0.98, Double.NaN, Double.NaN, 1, 0.95), 0.05);
        assertEquals("undecided: model / lab 1.01 [one load: no interval] (too few loads for an interval)",
                new ModelAgainstLab.Point(lossy, h3h2, verdict(Verdict.Kind.UNDECIDED, 0.99, 0.90, 1.09), oneLoad).verdict());
    }

    private static Verdict verdict(Verdict.Kind kind, double ratio, double low, double high) {
        return new Verdict(kind, new RatioInterval(ratio, low, high, 7, 0.95), 0.05);
    }

    @Test
    void aLabRunThatRecordsItselfMergesItsPointsIntoTheFileTheRacePageShows() throws Exception {
        Condition lossyBbr = new Condition(50, 5, 0, ImageSize.KB20, CongestionControl.BBR);
        Path records = dir.resolve("records");
        Files.createDirectories(records);
        LabPoint older = new LabPoint("20k", 100, 50, 5, 0, "bbr", "h2", "http/1.1", 0.9, 0.5, "another winner", "2026-01-01-lab.md");
        LabPoint elsewhere = new LabPoint("logo", 500, 50, 0, 0, "reno", "h3", "h2", 0.97, 0.89,
                "agrees within 10 % (model / lab 1.09 [1.01, 1.10])", "2026-01-01-lab-2.md");
        Files.writeString(records.resolve(LabPoints.FILE), new LabPoints(List.of(older, elsewhere)).file());
        tiles("chromium", List.of(lossyBbr), 2700, 2800, 2900);
        tiles("chromium-lab", List.of(lossyBbr), 3200, 1500, 1900);
        java.util.Properties given = new java.util.Properties();
        given.setProperty(RunRecord.RECORD, "true");
        given.setProperty(RunRecord.RECORD_DIRECTORY, records.toString());
        ComparisonReport.report(dir, RunRecord.of(given));

        LabPoints points = LabPoints.read(Files.newInputStream(records.resolve(LabPoints.FILE)));
        String record = java.time.LocalDate.now() + "-default.md";
        assertTrue(Files.exists(records.resolve(record)));
        List<LabPoint> merged = points.points().stream().map(ComparisonTest::rounded).toList();
        assertEquals(3, merged.size(), merged.toString());
        assertEquals(List.of("h2 1.04 0.47 " + record, "h3 1.04 1.27 " + record), merged.subList(0, 2).stream().map(point -> point.protocol()
                + String.format(java.util.Locale.ROOT, " %.2f %.2f ", point.model(), point.lab()) + point.record()).toList(),
                "the newer run's point replaced the older one's");
        assertTrue(merged.get(0).verdict().startsWith("differs") && merged.get(0).agreement().equals("differs"), merged.get(0).verdict());
        assertEquals(elsewhere, merged.get(2), "the other page's stayed");
    }

    /** As the file keeps them: two decimals. */
    private static LabPoint rounded(LabPoint point) {
        return LabPoint.parse(point.line());
    }

    /** One tool's medians of 100 tiles of 20 KB, HTTP/1.1 over TLS, HTTP/2 and HTTP/3 under each condition in turn. */
    private void tiles(String tool, List<Condition> conditions, double... millis) throws IOException {
        List<Door> doors = List.of(Door.HTTP_1_1_TLS, Door.HTTP_2_TLS, Door.HTTP_3);
        List<CellResult> cells = new java.util.ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            cells.add(cell(doors.get(i % 3), conditions.get(i / 3), millis[i]));
        }
        new ToolResults(tool, 15L << 20, 100, Map.of(ImageSize.KB20, 19_355L), cells, Map.of(), ENVIRONMENT).write(dir);
    }

    /** The run's data, which the report page draws itself from. */
    private JsonNode run() throws java.io.IOException {
        return new ObjectMapper().readTree(dir.resolve(ComparisonReport.RUN_DATA).toFile());
    }

    private static Condition lossy(int rtt, int lossPercent) {
        return new Condition(rtt, lossPercent, 0, ImageSize.LOGO, CongestionControl.RENO);
    }

    private static CellResult cell(Door door, int rtt, double millis) {
        return cell(door, Condition.latency(rtt), millis);
    }

    /**
     * Three loads whose median is {@code millis}, each door's a little apart from the others' (2 %), so that a pair's
     * rounds differ as measured ones do.
     */
    private static CellResult cell(Door door, Condition condition, double millis) {
        double[] jitter = JITTER.get(door);
        List<Double> loads = List.of(millis * jitter[0], millis * jitter[1], millis * jitter[2]);
        return new CellResult(door, condition, loads, 0, 1503, 0, door == Door.HTTP_2_TLS ? 3 : 18, 1_200_000, 0, 0, 0, 0, millis);
    }

    private static final Map<Door, double[]> JITTER = Map.of(Door.HTTP_1_1, new double[] {1.00, 1.02, 0.98},
            Door.HTTP_1_1_TLS, new double[] {1.00, 1.02, 0.98}, Door.HTTP_2_TLS, new double[] {1.01, 0.99, 1.00},
            Door.HTTP_3, new double[] {0.99, 1.00, 1.01});

    private static ToolResults results(Map<Integer, Double> calibration, CellResult... cells) {
        return new ToolResults("gatling", 65_535, 500, Map.of(ImageSize.LOGO, 670L), List.of(cells), calibration, ENVIRONMENT);
    }
}
