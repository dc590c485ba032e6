package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineTest {

    private static final Path RECORDS = Path.of("docs/results");

    @TempDir
    Path dir;

    /** No one pastes the headline: README.md and docs/results.md say what every record in docs/results says together. */
    @Test
    void theFrontPagesHeadlineIsWhatTheRecordsSayTogether() throws IOException {
        String expected = Headline.sentence(Replicates.HEADLINE, Replicates.HEADLINE.runs(RECORDS));
        assertEquals(expected, Headline.on(Files.readString(Path.of("docs/results.md"))).orElseThrow(), "docs/results.md");
        assertEquals(expected.replace("](results/", "](docs/results/"), Headline.on(Files.readString(Path.of("README.md"))).orElseThrow(),
                "README.md");
    }

    @Test
    void aRecordedRunWritesTheHeadlineBetweenThePagesMarkersAndBoldOnlyWhereTheIntervalExcludesOne() throws IOException {
        Path records = Files.createDirectories(dir.resolve("results"));
        ObjectMapper json = new ObjectMapper();
        json.writeValue(records.resolve("2026-11-27-headline.json").toFile(), ReplicatesTest.run(280, 1000, 1100, 900, 950));
        Path page = Files.writeString(dir.resolve("results.md"), "# Results\n\n" + Headline.BEGIN + "\nold\n" + Headline.END + "\n\nmore\n");
        Headline.write(records, List.of(page));
        assertTrue(Files.readString(page).contains(Headline.BEGIN + "\nThe headline (HTTP/2 over TLS / HTTP/1.1 over TLS, chromium, 500"
                + " logos at 50 ms, 0 % loss, no rate limit, logo images, NewReno) needs two recorded runs; the records hold 1.\n"
                + Headline.END + "\n\nmore\n"), Files.readString(page));

        json.writeValue(records.resolve("2026-11-28-headline.json").toFile(), ReplicatesTest.run(290, 1000, 1050, 950, 1000));
        Headline.write(records, List.of(page));
        String line = Headline.on(Files.readString(page)).orElseThrow();
        assertTrue(line.startsWith("At 50 ms HTTP/2 over TLS takes **0.20** ["), line);
        assertTrue(line.contains("[2026-11-27-headline](results/2026-11-27-headline.md) 0.20 [") && line.contains("in 4 rounds, 280 ms"), line);

        json.writeValue(records.resolve("2026-11-29-headline.json").toFile(), ReplicatesTest.run(290, 9000, 4000, 6000, 3000));
        Headline.write(records, List.of(page));
        String level = Headline.on(Files.readString(page)).orElseThrow();
        assertTrue(level.startsWith("At 50 ms HTTP/2 over TLS takes ") && !level.contains("takes **"), "no bold where the interval holds 1: " + level);
    }
}
