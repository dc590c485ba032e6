package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No word stronger than its interval, in README.md and docs/ (the records under docs/results are the runs' own): a
 * protocol ratio ("h2 / h1-TLS 0.19", or a figure in a column headed by a pair) stands with its interval, bold marks
 * only a figure whose interval leaves out 1,
 * and the headline, which a recorded run writes from every record (the comparison's HeadlineTest holds it to them),
 * is on both front pages.
 */
class DocsFiguresTest {

    /** A pair's name, then its first decimal figure in the same clause, a ratio (two decimals) not followed by an interval. */
    static final Pattern RATIO_WITHOUT_INTERVAL = Pattern.compile("h[123] / h[123](?:-TLS)?(?:(?!\\d+\\.\\d)[^;:\\n])*?(\\d+\\.\\d\\d)(?! \\[)(?!\\d)");
    static final Pattern PAIR = Pattern.compile("h[123] / h[123]");
    static final Pattern FIGURE = Pattern.compile("\\d\\.\\d\\d");
    /** A bold figure with its interval. */
    static final Pattern BOLD_WITH_INTERVAL = Pattern.compile("\\*\\*(\\d+(?:\\.\\d+)?)\\*\\* \\[(\\d+(?:\\.\\d+)?), (\\d+(?:\\.\\d+)?)\\]");
    /** The markers the comparison's Headline writes between (the same words there). */
    static final String HEADLINE = "<!-- headline: written by a run that records itself";

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(page -> page.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** Every place in {@code text} where the pattern finds what must not be, as "page:line: text". */
    static List<String> found(Pattern pattern, Path page, String text, java.util.function.Predicate<Matcher> wrong) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            if (wrong.test(matcher)) {
                long line = text.substring(0, matcher.start()).chars().filter(c -> c == '\n').count() + 1;
                found.add(page + ":" + line + ": " + matcher.group());
            }
        }
        return found;
    }

    @Test
    void everyProtocolRatioStandsWithItsInterval() throws IOException {
        List<String> bare = new ArrayList<>();
        for (Path page : pages()) {
            bare.addAll(found(RATIO_WITHOUT_INTERVAL, page, Files.readString(page), match -> true));
        }
        assertEquals(List.of(), bare, "ratios without their interval");
    }

    /** In a table, a column whose heading names a pair ("h3 / h2 at 1 %") holds each figure with its interval. */
    @Test
    void everyRatioInAPairsColumnStandsWithItsInterval() throws IOException {
        List<String> bare = new ArrayList<>();
        for (Path page : pages()) {
            bare.addAll(bareCells(page, Files.readString(page)));
        }
        assertEquals(List.of(), bare, "table cells with a ratio and no interval");
    }

    /** The cells of pair columns with a two-decimal figure and no interval, as "page:line: heading: cell". */
    static List<String> bareCells(Path page, String text) {
        List<String> bare = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i + 1 < lines.length; i++) {
            if (!lines[i].startsWith("|") || !lines[i + 1].matches("\\|[-| :]+\\|")) {
                continue;
            }
            String[] heading = cells(lines[i]);
            for (int row = i + 2; row < lines.length && lines[row].startsWith("|"); row++) {
                String[] cells = cells(lines[row]);
                for (int column = 0; column < Math.min(heading.length, cells.length); column++) {
                    if (PAIR.matcher(heading[column]).find() && FIGURE.matcher(cells[column]).find() && !cells[column].contains("[")) {
                        bare.add(page + ":" + (row + 1) + ": " + heading[column] + ": " + cells[column]);
                    }
                }
            }
        }
        return bare;
    }

    private static String[] cells(String row) {
        return java.util.Arrays.stream(row.strip().replaceAll("^\\||\\|$", "").split("\\|")).map(String::strip).toArray(String[]::new);
    }

    @Test
    void boldMarksOnlyAFigureWhoseIntervalLeavesOutOne() throws IOException {
        List<String> tooStrong = new ArrayList<>();
        for (Path page : pages()) {
            tooStrong.addAll(found(BOLD_WITH_INTERVAL, page, Files.readString(page),
                    DocsFiguresTest::holdsOne));
        }
        assertEquals(List.of(), tooStrong, "bold on an interval that holds 1");
    }

    @Test
    void theHeadlineThatTheRecordsWriteIsOnBothFrontPages() throws IOException {
        for (Path page : List.of(Path.of("README.md"), Path.of("docs/results.md"))) {
            String text = Files.readString(page);
            assertTrue(text.contains(HEADLINE) && text.indexOf("<!-- /headline -->") > text.indexOf(HEADLINE), page + " has no headline");
        }
    }

    /**
     * Whether the printed interval holds 1 inside it: a bound printed as 1.00 is the verdict's own, which was taken on
     * the unrounded bound (1.004 excludes 1).
     */
    private static boolean holdsOne(Matcher bold) {
        return Double.parseDouble(bold.group(2)) < 1 && Double.parseDouble(bold.group(3)) > 1;
    }

    /** The checks can fail: each finds what it is for in a line written to be caught. */
    @Test
    void theChecksCatchWhatTheyAreFor() {
        Path page = Path.of("example.md");
        assertEquals(List.of("example.md:1: h2 / h1-TLS 0.19"), found(RATIO_WITHOUT_INTERVAL, page, "h2 / h1-TLS 0.19 in one run", m -> true));
        assertEquals(List.of(), found(RATIO_WITHOUT_INTERVAL, page, "h2 / h1-TLS at 50 ms 0.19 [0.16, 0.22]", m -> true));
        assertEquals(1, found(BOLD_WITH_INTERVAL, page, "**0.83** [0.61, 1.12]", DocsFiguresTest::holdsOne).size());
        assertEquals(List.of("example.md:4: h3 / h2: 1.13"), bareCells(page,
                "| sender | h3 / h2 | HTTP/2 |\n|---|---|---|\n| BBR | 0.86 [0.69, 1.08] | 1,244 |\n| CUBIC | 1.13 | 1,158 |\n"));
    }
}
