package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No word stronger than its interval, in README.md and docs/ (the records under docs/results are the runs' own): a
 * protocol ratio ("h2 / h1-TLS 0.19", or a figure in a column headed by a pair) stands with its interval, and so does
 * any bold figure in any wording, bold marks only a figure whose interval leaves out 1, every figure on the front page
 * (its pictures' alt texts included) names its record, a section with figures links its record and cites no record that a later
 * run of the same command superseded, and the headline, which a recorded run writes from every record (the comparison's HeadlineTest holds
 * it to them), is on both front pages.
 */
class DocsFiguresTest {

    /** A pair's name, then its first decimal figure in the same clause, a ratio (two decimals) not followed by an interval. */
    static final Pattern RATIO_WITHOUT_INTERVAL = Pattern.compile("h[123] / h[123](?:-TLS)?(?:(?!\\d+\\.\\d)[^;:\\n])*?(\\d+\\.\\d\\d)(?! \\[)(?!\\d)");
    static final Pattern PAIR = Pattern.compile("h[123] / h[123]");
    static final Pattern FIGURE = Pattern.compile("\\d\\.\\d\\d");
    /** A bold figure with its interval. */
    static final Pattern BOLD_WITH_INTERVAL = Pattern.compile("\\*\\*(\\d+(?:\\.\\d+)?)\\*\\* \\[(\\d+(?:\\.\\d+)?), (\\d+(?:\\.\\d+)?)\\]");
    /** A bold span: its text, and what follows it. */
    static final Pattern BOLD = Pattern.compile("\\*\\*([^*\n]+?)\\*\\*( \\[)?");
    /**
     * A measured figure: a decimal (0.42, 1.3), or a time or share (59 s, 120 ms, 12 %), in words around it or not. Not
     * a version (HTTP/1.1, TLS 1.3, 3.8.7), which {@link #figureIn} takes out first.
     */
    static final Pattern MEASURED = Pattern.compile("\\d+\\.\\d+|\\d[\\d,]*\\s?(?:ms|s|%)(?![\\w])");
    /** On the front page, where round trips and link rates are settings: a decimal, or a time in seconds. */
    static final Pattern MEASURED_TIME = Pattern.compile("\\d+\\.\\d+|\\d+ s(?![\\w])");
    static final Pattern VERSION = Pattern.compile("`[^`]*`|HTTP/\\d(?:\\.\\d)?|TLS ?1\\.\\d(?: and 1\\.\\d)?|TLSv1\\.\\d|"
            + "(?:Maven|Ubuntu|Java|JDK|Debian|WildFly|Chromium|Firefox|Netty|Undertow) \\d+(?:\\.\\d+)*|\\d+\\.\\d+\\.\\d+[\\w.-]*");
    /** A link to a run's figures: a record, the results page, or the records' table of points. */
    static final Pattern RESULTS_LINK = Pattern.compile("\\]\\((?:docs/)?results(?:\\.md|/)[^)]*\\)");
    /** The markers the comparison's Headline writes between (the same words there). */
    static final String HEADLINE = "<!-- headline: written by a run that records itself";
    static final String ANSWER = "<!-- answer: written by a run that records itself";

    /** The command line a record was written by ("Command: `./mvnw verify -Pgatling ...`"). */
    static final Pattern COMMAND = Pattern.compile("Command: `([^`]*)`");
    /** A record's name as a page links it: results/2026-11-26-lab-3.md. */
    static final Pattern RECORD_LINK = Pattern.compile("results/(\\d{4}-\\d\\d-\\d\\d-[\\w-]+?)\\.md");
    /** A link to a record or to the records' table of points (results/model-against-lab.tsv). */
    static final Pattern ANY_RECORD_LINK = Pattern.compile("results/[\\w.-]+\\.(?:md|json|tsv)\\)");
    /** A record's name: its day, its grid or subject, and the number of a later run of the same day (-2, -3, ...). */
    static final Pattern RECORD_NAME = Pattern.compile("(\\d{4}-\\d\\d-\\d\\d)-.*?(?:-(\\d+))?");
    /** A figure with its interval: 0.55 [0.36, 0.84], **0.17** [0.14, 0.21]. */
    static final Pattern FIGURE_WITH_INTERVAL = Pattern.compile("\\d\\.\\d\\d(?:\\*\\*)? \\[\\d");

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(page -> page.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** What the check finds wrong on every page, each as it names it. */
    static List<String> onEveryPage(BiFunction<Path, String, List<String>> check) throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path page : pages()) {
            wrong.addAll(check.apply(page, Files.readString(page)));
        }
        return wrong;
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
        assertEquals(List.of(), onEveryPage((page, text) -> found(RATIO_WITHOUT_INTERVAL, page, text, match -> true)),
                "ratios without their interval");
    }

    /** In a table, a column whose heading names a pair ("h3 / h2 at 1 %") holds each figure with its interval. */
    @Test
    void everyRatioInAPairsColumnStandsWithItsInterval() throws IOException {
        assertEquals(List.of(), onEveryPage(DocsFiguresTest::bareCells), "table cells with a ratio and no interval");
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
        assertEquals(List.of(), onEveryPage((page, text) -> found(BOLD_WITH_INTERVAL, page, text, DocsFiguresTest::holdsOne)),
                "bold on an interval that holds 1");
    }

    /** A section that states figures with intervals links the record they come from (or the records' table of points). */
    @Test
    void everySectionWithFiguresLinksItsRecord() throws IOException {
        assertEquals(List.of(), onEveryPage(DocsFiguresTest::unsourced), "sections with figures and no record");
    }

    /** The sections of a page with a figure and its interval but no link to a record, as "page, section \"heading\"". */
    static List<String> unsourced(Path page, String text) {
        return sections(text).stream().filter(section -> statesFigures(section) && !ANY_RECORD_LINK.matcher(section).find())
                .map(section -> page + ", section \"" + heading(section) + "\"").toList();
    }

    /** A page's sections, each from its "#" heading to the next. */
    private static List<String> sections(String text) {
        return List.of(text.split("\n(?=#+ )"));
    }

    private static String heading(String section) {
        return section.lines().findFirst().orElse("");
    }

    /** Whether a section states a figure with its interval: one in `code` is an example of what a run prints. */
    private static boolean statesFigures(String section) {
        return FIGURE_WITH_INTERVAL.matcher(section.replaceAll("`[^`\n]*`", "")).find();
    }

    /**
     * A section that states figures and cites a record cites the newest of that record's question as well (the
     * headline, which combines runs, cites every run). A record's question is its command without
     * -Dcomparison.record=true: a later run of the same command asks it again, and its figure is the current one.
     */
    @Test
    void noSectionWithFiguresCitesARecordThatANewerRunOfItsCommandSuperseded() throws IOException {
        Map<String, String> newest = newestRecordByQuestion(Path.of("docs/results"));
        assertEquals(List.of(), onEveryPage((page, text) -> superseded(page, text, newest)),
                "figures from a record a newer run of the same command superseded");
    }

    /** For each record's question, the record that answers it last: record name -> the newest of its question. */
    static Map<String, String> newestRecordByQuestion(Path records) throws IOException {
        Map<String, String> questionOf = new TreeMap<>();
        try (Stream<Path> files = Files.list(records)) {
            for (Path record : files.filter(file -> file.toString().endsWith(".md")).toList()) {
                Matcher command = COMMAND.matcher(Files.readString(record));
                if (command.find()) {
                    String name = record.getFileName().toString().replaceFirst("\\.md$", "");
                    questionOf.put(name, command.group(1).replace(" -Dcomparison.record=true", "").replaceAll("\\s+", " ").strip());
                }
            }
        }
        Map<String, String> newestOfQuestion = questionOf.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey, BinaryOperator.maxBy(RUN_ORDER)));
        return questionOf.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, record -> newestOfQuestion.get(record.getValue())));
    }

    /** Runs in the order they ran: by day, then by the number a later run of the day gets (none: the first). */
    static final Comparator<String> RUN_ORDER = Comparator.<String, String>comparing(name -> part(name, 1))
            .thenComparingInt(name -> part(name, 2) == null ? 1 : Integer.parseInt(part(name, 2)));

    private static String part(String recordName, int group) {
        Matcher name = RECORD_NAME.matcher(recordName);
        if (!name.matches()) {
            throw new IllegalArgumentException("not a record's name (DAY-WHAT[-N]): " + recordName);
        }
        return name.group(group);
    }

    /** The sections of a page ("#" headings) with figures that cite a superseded record and not its successor. */
    static List<String> superseded(Path page, String text, Map<String, String> newest) {
        List<String> found = new ArrayList<>();
        for (String section : sections(text)) {
            if (!statesFigures(section)) {
                continue;
            }
            Set<String> cited = new TreeSet<>();
            RECORD_LINK.matcher(section).results().forEach(link -> cited.add(link.group(1)));
            for (String record : cited) {
                String current = newest.getOrDefault(record, record);
                if (!current.equals(record) && !cited.contains(current)) {
                    found.add(page + ", section \"" + heading(section) + "\": " + record + ", superseded by " + current);
                }
            }
        }
        return found;
    }

    @Test
    void theHeadlineThatTheRecordsWriteIsOnTheResultsPageAndItsAnswerOnTheFrontPage() throws IOException {
        String results = Files.readString(Path.of("docs/results.md"));
        assertTrue(results.contains(HEADLINE) && results.indexOf("<!-- /headline -->") > results.indexOf(HEADLINE), "docs/results.md has no headline");
        String readme = Files.readString(Path.of("README.md"));
        assertTrue(readme.contains(ANSWER) && readme.indexOf("<!-- /answer -->") > readme.indexOf(ANSWER), "README.md has no answer");
    }

    /**
     * Whether the printed interval holds 1 inside it: a bound printed as 1.00 is the verdict's own, which was taken on
     * the unrounded bound (1.004 excludes 1).
     */
    private static boolean holdsOne(Matcher bold) {
        return Double.parseDouble(bold.group(2)) < 1 && Double.parseDouble(bold.group(3)) > 1;
    }

    /**
     * Bold says "decided": a bold figure, in any wording ("took **0.42** of the time", "**3.1 s** saved"), stands with
     * its interval right after it, or it is not bold.
     */
    @Test
    void everyBoldFigureStandsWithItsInterval() throws IOException {
        assertEquals(List.of(), onEveryPage(DocsFiguresTest::boldWithoutInterval), "bold figures without their interval");
    }

    static List<String> boldWithoutInterval(Path page, String text) {
        return found(BOLD, page, outsideCode(text), bold -> bold.group(2) == null && figureIn(bold.group(1)));
    }

    /** Whether a piece of text states a measured figure (versions and code left aside). */
    static boolean figureIn(String text) {
        return figureIn(text, MEASURED);
    }

    static boolean figureIn(String text, Pattern figure) {
        return figure.matcher(VERSION.matcher(text).replaceAll("")).find();
    }

    /** The page with its fenced code blocks blanked (their lines kept, so that line numbers hold): examples, not claims. */
    static String outsideCode(String text) {
        StringBuilder kept = new StringBuilder();
        boolean code = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("```")) {
                code = !code;
            }
            kept.append(code || line.startsWith("```") ? "" : line).append('\n');
        }
        return kept.toString();
    }

    /**
     * On the front page every measured figure, in its text, its tables and its pictures' alt texts, names where it comes
     * from in its paragraph or the one before: a record or the results page, or the article; the headline is the
     * records' own.
     */
    @Test
    void everyFigureOnTheFrontPageNamesItsRecord() throws IOException {
        assertEquals(List.of(), unnamedFigures(Path.of("README.md"), Files.readString(Path.of("README.md"))),
                "figures on the front page that name no record");
    }

    static List<String> unnamedFigures(Path page, String text) {
        String withoutHeadline = text.replaceAll("(?s)<!-- headline: .*?<!-- /headline -->", "");
        List<String> paragraphs = List.of(outsideCode(withoutHeadline).split("\n\\s*\n"));
        List<String> unnamed = new ArrayList<>();
        for (int i = 0; i < paragraphs.size(); i++) {
            String paragraph = paragraphs.get(i);
            String named = (i > 0 ? paragraphs.get(i - 1) : "") + paragraph;
            if (figureIn(paragraph.replaceAll("\\]\\([^)]*\\)", "]"), MEASURED_TIME) && !RESULTS_LINK.matcher(named).find() && !named.contains("article")) {
                unnamed.add(page + ": " + paragraph.strip().lines().findFirst().orElse(""));
            }
        }
        return unnamed;
    }

    /** The checks can fail: each finds what it is for in a line written to be caught. */
    @Test
    void theChecksCatchWhatTheyAreFor() {
        Path page = Path.of("example.md");
        assertEquals(List.of("example.md:1: h2 / h1-TLS 0.19"), found(RATIO_WITHOUT_INTERVAL, page, "h2 / h1-TLS 0.19 in one run", m -> true));
        assertEquals(List.of(), found(RATIO_WITHOUT_INTERVAL, page, "h2 / h1-TLS at 50 ms 0.19 [0.16, 0.22]", m -> true));
        assertEquals(1, found(BOLD_WITH_INTERVAL, page, "**0.83** [0.61, 1.12]", DocsFiguresTest::holdsOne).size());
        assertEquals(List.of("example.md:1: **0.42**"), boldWithoutInterval(page, "Over HTTP/2 the page took **0.42** of the time, clearly faster."));
        assertEquals(List.of("example.md:2: **saved 3.1 s**"), boldWithoutInterval(page, "Then\n**saved 3.1 s** in words"));
        assertEquals(List.of(), boldWithoutInterval(page, "**0.42** [0.36, 0.49], **HTTP/2 over TLS 1.3**, **Maven 3.8.7**\n```\n**0.5**\n```"));
        assertEquals(List.of("example.md: ![Two lanes: 4.99 s and 1.19 s](race.png)"),
                unnamedFigures(page, "# Title\n\n![Two lanes: 4.99 s and 1.19 s](race.png)\n\nIn 2015 an article read 2.9 s.\n"));
        assertEquals(List.of(), unnamedFigures(page, "A run ([record](docs/results/2026-11-28-headline.md)):\n\n| h2 | 1.19 s |\n"));
        assertEquals(List.of("example.md, section \"## Loss\""), unsourced(page, "## Loss\n\nh3 / h2 0.86 [0.69, 1.08]\n\n"
                + "## Tiles\n\nh3 / h2 0.95 [0.91, 0.99] ([record](results/2026-11-26-lab-3.md))\n\n## Every record\n\n[x](results/x.md)\n"));
        Map<String, String> newest = Map.of("2026-11-25-lab", "2026-11-26-lab-3", "2026-11-26-lab-3", "2026-11-26-lab-3");
        assertEquals(List.of("example.md, section \"## Loss\": 2026-11-25-lab, superseded by 2026-11-26-lab-3"), superseded(page,
                "# Results\n\n## Loss\n\nh3 / h2 at 5 % 0.86 [0.69, 1.08] ([record](results/2026-11-25-lab.md))\n", newest));
        assertEquals(List.of(), superseded(page, "## Loss\n\n0.86 [0.69, 1.08] ([runs](results/2026-11-25-lab.md), "
                + "[2](results/2026-11-26-lab-3.md))\n\n## Every record\n\n[old](results/2026-11-25-lab.md)\n", newest));
        assertEquals(List.of("2026-11-25-lab", "2026-11-25-lab-7", "2026-11-26-lab-3"),
                java.util.stream.Stream.of("2026-11-26-lab-3", "2026-11-25-lab-7", "2026-11-25-lab").sorted(RUN_ORDER).toList());
        assertEquals(List.of("example.md:4: h3 / h2: 1.13"), bareCells(page,
                "| sender | h3 / h2 | HTTP/2 |\n|---|---|---|\n| BBR | 0.86 [0.69, 1.08] | 1,244 |\n| CUBIC | 1.13 | 1,158 |\n"));
    }
}
