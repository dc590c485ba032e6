package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.report.FalseWinners.Question;
import io.github.http2wildfly.comparison.report.FalseWinners.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FalseWinnersTest {

    private static final String CELL = "HTTP/2 over TLS at 50 ms, 0 % loss, no rate limit, logo images, NewReno";

    @TempDir
    Path dir;

    /** No one pastes the A/A's rate: the results page says what every A/A record in docs/results says together. */
    @Test
    void theResultsPagesFalseWinnerRateIsWhatEveryAaRecordSaysTogether() throws IOException {
        assertEquals(FalseWinners.lines(FalseWinners.runs(Path.of("docs/results"))),
                FalseWinners.on(Files.readString(Path.of("docs/results.md"))).orElseThrow(), "docs/results.md");
    }

    @Test
    void runsOfOneQuestionArePooledInTheOrderTheyRanAndAnotherQuestionIsALineOfItsOwn() throws IOException {
        record(dir, "2026-11-26-aa", 40, 40, 100, 1);
        record(dir, "2026-11-27-aa-10", 12, 40, 500, 0);
        record(dir, "2026-11-27-aa-2", 30, 30, 500, 1);
        record(dir, "2026-11-27-aa", 40, 40, 500, 1);
        Files.writeString(dir.resolve("2026-11-27-headline.md"), "# not an A/A record");

        Map<Question, List<Run>> runs = FalseWinners.runs(dir);
        assertEquals(List.of(new Run("2026-11-27-aa", 1, 40), new Run("2026-11-27-aa-2", 1, 30), new Run("2026-11-27-aa-10", 0, 12)),
                runs.get(new Question(CELL, 500)));
        assertEquals(List.of(new Run("2026-11-26-aa", 1, 40)), runs.get(new Question(CELL, 100)));

        String lines = FalseWinners.lines(runs);
        assertTrue(lines.contains(CELL + ", 100 images per page, against itself: 1 of 40 (2.5 %, 95 % interval 0.1 to 13.2 %) named a winner,"
                + " 1 recorded run pooled: [2026-11-26-aa](results/2026-11-26-aa.md) 1 of 40. The interval reaches 13.2 %"), lines);
        assertTrue(lines.contains(CELL + ", 500 images per page, against itself: 2 of 82 (2.4 %, 95 % interval 0.3 to 8.5 %) named a winner,"
                + " 3 recorded runs pooled: [2026-11-27-aa](results/2026-11-27-aa.md) 1 of 40; [2026-11-27-aa-2](results/2026-11-27-aa-2.md)"
                + " 1 of 30; [2026-11-27-aa-10](results/2026-11-27-aa-10.md) 0 of 12. The interval's upper end is under 10 %."), lines);
    }

    @Test
    void aRecordedRunWritesThePooledRateBetweenThePagesMarkersAndLeavesAPageWithoutThemAlone() throws IOException {
        Path records = Files.createDirectories(dir.resolve("results"));
        record(records, "2026-11-27-aa", 3, 40, 500, 1);
        Path page = Files.writeString(dir.resolve("results.md"), "# Results\n\n" + FalseWinners.BEGIN + "\nold\n" + FalseWinners.END + "\n\nmore\n");
        Path other = Files.writeString(dir.resolve("README.md"), "# Front page\n");
        FalseWinners.write(records, List.of(page, other));
        assertEquals("# Results\n\n" + FalseWinners.BEGIN + "\n" + CELL + ", 500 images per page, against itself: 1 of 3 (33.3 %, 95 % interval"
                + " 0.8 to 90.6 %) named a winner, 1 recorded run pooled: [2026-11-27-aa](results/2026-11-27-aa.md) 1 of 3. The interval"
                + " reaches 90.6 %: not yet enough pairs to say the rule holds its 5 % here within 10 %.\n" + FalseWinners.END + "\n\nmore\n",
                Files.readString(page));
        assertEquals("# Front page\n", Files.readString(other));
    }

    @Test
    void aFileNamedAsAnAaRecordThatIsNotOneIsSaidNotSkipped() throws IOException {
        Files.writeString(dir.resolve("2026-11-27-aa.md"), "# notes\n");
        assertTrue(assertThrows(IllegalStateException.class, () -> FalseWinners.runs(dir)).getMessage().contains("is not an A/A record"));
    }

    /** A record as AaCalibration writes it: {@code pairs} done of {@code asked}, {@code named} of them winners. */
    private static void record(Path directory, String name, int pairs, int asked, int images, int named) throws IOException {
        String of = pairs < asked ? " (of " + asked + " asked for)" : "";
        Files.writeString(directory.resolve(name + ".md"), "# The A/A calibration of " + name.substring(0, 10) + "\n\nA record written by the run."
                + " Command: `./mvnw verify -Pgatling -Dcomparison.grid=aa -Dcomparison.record=true`. One cell against itself: " + pairs + " pairs"
                + of + " of " + CELL + ", each pair two cells of the same door loaded side by side.\n\nMachine and run: client Chromium;"
                + " images per page " + images + "; bytes per image, logo 670.\n\n| named a winner | level | undecided | loads per pair | minutes |\n"
                + "|---|---|---|---|---|\n| " + named + " of " + pairs + " (x %, 95 % interval y to z %) | 0 | " + (pairs - named)
                + " | median 20, 3 to 20 | 25.1 |\n");
    }
}
