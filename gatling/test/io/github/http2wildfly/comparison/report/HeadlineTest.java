package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.page.AnswerCurveLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {

    private static final Path RECORDS = Path.of("docs/results");

    @TempDir
    Path dir;

    /**
     * No one pastes the headline: docs/results.md says what every record in docs/results says together, and README.md
     * says it in one plain sentence, without the curve's figures.
     */
    @Test
    void theFrontPagesHeadlineAndThePointsAreWhatTheRecordsSayTogether() throws IOException {
        List<Replicates.Run> runs = Replicates.HEADLINE.runs(RECORDS);
        String expected = Headline.sentence(Replicates.HEADLINE, runs);
        String results = Files.readString(Path.of("docs/results.md"));
        assertEquals(expected, Headline.on(results).orElseThrow(), "docs/results.md");
        assertEquals(Optional.empty(), Headline.on(Files.readString(Path.of("README.md"))), "README.md carries the answer alone");
        assertEquals(Headline.points(runs), Headline.pointsOn(results).orElseThrow(), "docs/results.md's points");
        assertEquals(Headline.answer(runs), Headline.answerOn(Files.readString(Path.of("README.md"))).orElseThrow(), "README.md's first answer");
        assertEquals(AnswerCurve.fit(Replicates.HEADLINE, runs).orElseThrow().line().file(),
                Files.readString(RECORDS.resolve(AnswerCurveLine.FILE)), "the race page's line");
    }

    /** The run of 2026-11-26, before runs kept their loads, is a point of the curve: the answer along the client's speed. */
    @Test
    void theCurveRunsThroughEveryRecordedRunTheOnesBeforeLoadsWereKeptIncluded() throws IOException {
        List<Replicates.Run> runs = Replicates.HEADLINE.runs(RECORDS);
        assertTrue(runs.stream().anyMatch(run -> run.name().equals("2026-11-26-default") && run.budget().equals("unlimited")));
        assertEquals(List.of("unlimited", "1 core", "0.5 cores", "0.25 cores"), runs.stream().filter(run -> run.name().equals("2026-11-26-default"))
                .map(Replicates.Run::budget).toList(), "and its CPU budgets below the machine's 2 cores (its \"2 cores\" is the unlimited browser again)");
        String sentence = Headline.sentence(Replicates.HEADLINE, runs);
        assertTrue(sentence.startsWith("For a browser that loads this page over HTTP/2 in "), sentence);
        assertTrue(sentence.contains("The article's 0.45 "), sentence);
    }

    @Test
    void aRecordedRunWritesTheCurveBetweenThePagesMarkersBoldOnlyWhereTheIntervalExcludesOneAndFlagsARunOutsideItsBand() throws IOException {
        Path records = Files.createDirectories(dir.resolve("results"));
        ObjectMapper json = new ObjectMapper();
        json.writeValue(records.resolve("2026-11-27-headline.json").toFile(), onTheCurve(0.7));
        Path page = Files.writeString(dir.resolve("results.md"), "# Results\n\n" + Headline.BEGIN + "\nold\n" + Headline.END
                + "\n\n" + Headline.POINTS_BEGIN + "\nold\n" + Headline.POINTS_END + "\n\nmore\n");
        Headline.write(records, List.of(page));
        assertTrue(Files.readString(page).contains(Headline.BEGIN + "\nThe headline (h2 / h1-TLS, Chromium, 500 logos at 50 ms) needs"
                + " points of three recorded runs or more at two client speeds or more; the records hold 1 points of 1.\n" + Headline.END), Files.readString(page));

        // runs on the curve 0.25 × (loopback seconds)^0.5, h1-TLS at 5,000 ms: h2 at 1,250 ms × √seconds, ±2 % round to round
        json.writeValue(records.resolve("2026-11-28-headline.json").toFile(), onTheCurve(1.5));
        json.writeValue(records.resolve("2026-11-29-headline.json").toFile(), onTheCurve(3.0));
        Headline.write(records, List.of(page));
        String line = Headline.on(Files.readString(page)).orElseThrow();
        assertTrue(line.startsWith("For a browser that loads this page over HTTP/2 in 3.00 s on loopback (Chromium unlimited in the newest run,"
                + " [2026-11-29-headline](results/2026-11-29-headline.md)), one run of this comparison is expected to read HTTP/2 over TLS at"), line);
        assertTrue(line.contains("(95 % prediction intervals for one run); the mean curve there is **0.43** ["), line);
        assertTrue(line.contains("For one that takes 3.00 s (the slowest the curve covers, [2026-11-29-headline]"), line);
        assertTrue(line.contains("The curve: the ratio is 0.25 × (loopback seconds)^0.50, stated from 0.70 to 3.00 s (the points' whole range:"
                + " no two runs' points lie within a factor 1.25 of each other), through 3 points of 3 recorded runs"), line);
        assertTrue(Headline.pointsOn(Files.readString(page)).orElseThrow().contains(
                "| [2026-11-28-headline](results/2026-11-28-headline.md) | unlimited | 1.50 | 0.31 ["), Files.readString(page));

        json.writeValue(records.resolve("2026-11-30-headline.json").toFile(), onTheCurve(2.0));
        json.writeValue(records.resolve("2026-12-01-headline.json").toFile(), ReplicatesTest.run(3000, 4900, 5100, 5000, 5000));
        Headline.write(records, List.of(page));
        String flagged = Headline.on(Files.readString(page)).orElseThrow();
        assertTrue(flagged.contains("2026-12-01-headline read 1.00: outside, flagged"), flagged);

        Files.delete(records.resolve("2026-12-01-headline.json"));
        json.writeValue(records.resolve("2026-12-01-headline.json").toFile(), onTheCurve(2.5));
        Headline.write(records, List.of(page));
        String inside = Headline.on(Files.readString(page)).orElseThrow();
        assertTrue(inside.contains("2026-12-01-headline read 0.40: inside"), inside);
    }

    /** A run that loaded a CPU budget alone is a point of the curve; the pages state the answer at the newest unlimited browser. */
    @Test
    void theAnswerIsStatedAtTheNewestUnlimitedBrowserNotAtANewerRunsCpuBudget() throws IOException {
        Path records = Files.createDirectories(dir.resolve("results"));
        ObjectMapper json = new ObjectMapper();
        json.writeValue(records.resolve("2026-11-27-headline.json").toFile(), onTheCurve(0.7));
        json.writeValue(records.resolve("2026-11-28-headline.json").toFile(), onTheCurve(1.5));
        Map<String, Object> halfACore = new LinkedHashMap<>();
        halfACore.put("tool", "chromium");
        halfACore.put("imageCount", 500);
        halfACore.put("cells", List.of(ReplicatesTest.cell("HTTP/2 over TLS", 50, 0.5, 2500, 2450, 2550, 2500),
                ReplicatesTest.cell("HTTP/1.1 over TLS", 50, 0.5, 5000, 5000, 5000, 5000),
                ReplicatesTest.cell("HTTP/2 over TLS", 0, 0.5, 4000, 4000, 4000, 4000)));
        json.writeValue(records.resolve("2026-11-29-lab.json").toFile(), Map.of("tools", List.of(halfACore)));

        List<Replicates.Run> runs = Replicates.HEADLINE.runs(records);
        AnswerCurve curve = AnswerCurve.fit(Replicates.HEADLINE, runs).orElseThrow();
        assertEquals("2026-11-28-headline", curve.latest().name(), "the newest unlimited browser, where the answer is stated");
        assertEquals("unlimited", curve.latest().budget());
        assertEquals("2026-11-29-lab", curve.newest().name(), "the newest record, held against the others");
        assertEquals("0.5 cores", curve.newest().budget());
        String sentence = Headline.sentence(Replicates.HEADLINE, runs);
        assertTrue(sentence.startsWith("For a browser that loads this page over HTTP/2 in 1.50 s on loopback (Chromium unlimited in the"
                + " newest run, [2026-11-28-headline](results/2026-11-28-headline.md))"), sentence);
    }

    /** A run that does not record itself still says where its point fell: the reader's own run against the records. */
    @Test
    void everyRunOfTheHeadlinesQuestionSaysWhereItsPointFellAgainstTheRecordedCurve() throws IOException {
        Path records = Files.createDirectories(dir.resolve("results"));
        ObjectMapper json = new ObjectMapper();
        for (double seconds : new double[] {0.7, 1.5, 2.0, 3.0}) {
            json.writeValue(records.resolve("2026-11-2" + (int) (seconds * 2) + "-headline.json").toFile(), onTheCurve(seconds));
        }
        Path inside = dir.resolve("inside.json");
        json.writeValue(inside.toFile(), onTheCurve(2.5));
        assertEquals("The headline's question (h2 / h1-TLS, Chromium, 500 logos at 50 ms): the other recorded runs predicted one run at"
                + " its 2.50 s between 0.37 and 0.42 (95 % prediction interval); this run read 0.40: inside", Headline.thisRun(inside, records).orElseThrow());
        Path outside = dir.resolve("outside.json");
        json.writeValue(outside.toFile(), ReplicatesTest.run(2500, 4900, 5100, 5000, 5000));
        assertTrue(Headline.thisRun(outside, records).orElseThrow().endsWith("this run read 1.00: outside, flagged"));
        json.writeValue(outside.toFile(), java.util.Map.of("tools", List.of()));
        assertEquals(java.util.Optional.empty(), Headline.thisRun(outside, records), "a run of another question");
    }

    private static Object onTheCurve(double loopbackSeconds) {
        double h2 = 1250 * Math.sqrt(loopbackSeconds);
        return ReplicatesTest.run(1000 * loopbackSeconds, h2 * 1.02, h2 / 1.02, h2 * 1.02, h2 / 1.02);
    }
}
