package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.measure.MarkedBlock;
import io.github.http2wildfly.measure.statistics.Proportion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The A/A calibration over runs: every recorded A/A run (docs/results/DATE-aa*.md) of one question, a cell against
 * itself at a number of images per page, pooled into one false-winner rate with its exact interval. One run of 40
 * pairs cannot bound the rate at 10 % once it names a winner (1 of 40: up to 13.2 %), and a pair of the 500 logos takes
 * two to three minutes: the pairs that bound it come from several runs, on different days, whose spread is then in the
 * pooled count. Written by an A/A run that records itself, between the markers of the results page, so that no one
 * pastes it by hand; FalseWinnersTest holds the page to the records.
 */
public final class FalseWinners {

    public static final String BEGIN = "<!-- a/a: written by an A/A run that records itself (FalseWinners) from docs/results/*-aa*.md -->";
    public static final String END = "<!-- /a/a -->";
    private static final MarkedBlock BLOCK = new MarkedBlock(BEGIN, END);

    private static final Pattern RECORD_NAME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}-aa(-\\d+)?\\.md");
    private static final Pattern CELL = Pattern.compile("One cell against itself: \\d+ pairs(?: \\(of \\d+ asked for\\))? of (.+?), each pair");
    private static final Pattern IMAGES = Pattern.compile("images per page (\\d+)");
    private static final Pattern COUNT = Pattern.compile("^\\| (\\d+) of (\\d+) \\(", Pattern.MULTILINE);

    private FalseWinners() {
    }

    /** What one A/A question asks: a cell (door, network) against itself at this many images per page. */
    public record Question(String cell, int images) {
    }

    /** One recorded A/A run: its record's name, and how many of its pairs named a (false) winner. */
    public record Run(String name, int named, int pairs) {
    }

    /** Every A/A record under {@code records}, by question, each question's runs in the order of their names (date, then -N). */
    public static Map<Question, List<Run>> runs(Path records) throws IOException {
        Map<Question, List<Run>> runs = new LinkedHashMap<>();
        if (!Files.isDirectory(records)) {
            return runs;
        }
        try (Stream<Path> files = Files.list(records)) {
            for (Path file : files.filter(f -> RECORD_NAME.matcher(f.getFileName().toString()).matches()).sorted(Replicates.RECORDED_ORDER).toList()) {
                String text = Files.readString(file);
                Matcher cell = CELL.matcher(text);
                Matcher images = IMAGES.matcher(text);
                Matcher count = COUNT.matcher(text);
                if (!cell.find() || !images.find() || !count.find()) {
                    throw new IllegalStateException(file + " is not an A/A record: no cell, images per page or count of winners");
                }
                String name = file.getFileName().toString().replaceFirst("\\.md$", "");
                runs.computeIfAbsent(new Question(cell.group(1), Integer.parseInt(images.group(1))), question -> new ArrayList<>())
                        .add(new Run(name, Integer.parseInt(count.group(1)), Integer.parseInt(count.group(2))));
            }
        }
        return runs;
    }

    /** One line per question: the pooled rate, whether it bounds the rule's 5 % within 10 %, and each run with its link. */
    public static String lines(Map<Question, List<Run>> runs) {
        if (runs.isEmpty()) {
            return "No A/A run is recorded yet.";
        }
        List<String> lines = new ArrayList<>();
        runs.forEach((question, its) -> {
            Proportion pooled = new Proportion(its.stream().mapToInt(Run::named).sum(), its.stream().mapToInt(Run::pairs).sum());
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s, %d images per page, against itself: %s named a winner,"
                    + " %d recorded %s pooled: ", question.cell(), question.images(), pooled, its.size(), its.size() == 1 ? "run" : "runs"));
            line.append(String.join("; ", its.stream().map(run -> String.format(Locale.ROOT, "[%s](results/%s.md) %d of %d",
                    run.name(), run.name(), run.named(), run.pairs())).toList()));
            line.append(pooled.high() < 0.10 ? ". The interval's upper end is under 10 %." : String.format(Locale.ROOT,
                    ". The interval reaches %.1f %%: not yet enough pairs to say the rule holds its 5 %% here within 10 %%.", 100 * pooled.high()));
            lines.add(line.toString());
        });
        return String.join("\n\n", lines);
    }

    /** The pooled lines from the records, written between the markers of each page (a page without them is left alone). */
    public static void write(Path records, List<Path> pages) throws IOException {
        String lines = lines(runs(records));
        for (Path page : pages) {
            BLOCK.write(page, lines);
        }
    }

    /** The text between a page's markers, or empty. */
    public static Optional<String> on(String page) {
        return BLOCK.on(page);
    }
}
