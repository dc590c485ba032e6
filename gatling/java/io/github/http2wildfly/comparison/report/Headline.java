package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.report.Replicates.Combined;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The project's headline figure (h2 / h1-TLS, Chromium, the 500 logos at 50 ms, browser unlimited), from every
 * recorded run at once ({@link Replicates}), never from one: written by a run that records itself, between the
 * headline markers of README.md and docs/results.md, so that no one pastes it by hand. Bold only where the interval
 * excludes 1. HeadlineTest holds the pages to the records.
 */
public final class Headline {

    public static final String BEGIN = "<!-- headline: written by a run that records itself (Headline) from docs/results/*.json -->";
    public static final String END = "<!-- /headline -->";
    private static final MarkedBlock BLOCK = new MarkedBlock(BEGIN, END);

    private Headline() {
    }

    /** What the pages say, from these runs: the combined figure, or why there is none yet. */
    public static String sentence(Replicates question, List<Run> runs) {
        Optional<Combined> combined = question.combine(runs);
        if (combined.isEmpty()) {
            return String.format(Locale.ROOT, "The headline (%s / %s, %s, %d logos at %s) needs two recorded runs; the records hold %d.",
                    question.of().label(), question.against().label(), question.tool(), question.imageCount(), question.condition(), runs.size());
        }
        Combined figure = combined.get();
        String ratio = String.format(Locale.ROOT, figure.high() < 1 || figure.low() > 1 ? "**%.2f**" : "%.2f", figure.ratio());
        StringBuilder sentence = new StringBuilder(String.format(Locale.ROOT,
                "At 50 ms HTTP/2 over TLS takes %s [%.2f, %.2f] of HTTP/1.1-over-TLS's time for the %d logos in %s, browser"
                        + " unlimited: %d recorded runs combined, the spread between them in the interval (between runs %.0f %%;"
                        + " these runs tell a difference of %.0f %% or more; 95 %%). Each run (its rounds, 95 %%), with the browser's"
                        + " measured speed (a fixed script task): ",
                ratio, figure.low(), figure.high(), question.imageCount(), capitalized(question.tool()), figure.runs().size(),
                100 * (Math.exp(figure.betweenRunSd()) - 1), figure.resolutionPercent()));
        for (int i = 0; i < figure.runs().size(); i++) {
            Run run = figure.runs().get(i);
            OptionalDouble speed = run.clientSpeedMillis();
            sentence.append(i == 0 ? "" : "; ").append(String.format(Locale.ROOT, "[%s](results/%s.md) %.2f [%.2f, %.2f] in %d rounds, %s",
                    run.name(), run.name(), Math.exp(run.meanLog()), Math.exp(run.low()), Math.exp(run.high()), run.rounds(),
                    speed.isPresent() ? String.format(Locale.ROOT, "%.0f ms", speed.getAsDouble()) : "speed not measured"));
        }
        sentence.append('.');
        if (!figure.flag().isEmpty()) {
            sentence.append(" Flagged: ").append(figure.flag()).append('.');
        }
        return sentence.toString();
    }

    /** The headline from the records, written between the markers of each page (a page without them is left alone). */
    public static void write(Path records, List<Path> pages) throws IOException {
        String sentence = sentence(Replicates.HEADLINE, Replicates.HEADLINE.runs(records));
        for (Path page : pages) {
            BLOCK.write(page, page.getFileName().toString().equals("README.md") ? sentence.replace("](results/", "](docs/results/") : sentence);
        }
    }

    /** The line between a page's markers, or empty. */
    public static Optional<String> on(String page) {
        return BLOCK.on(page);
    }

    private static String capitalized(String tool) {
        return Character.toUpperCase(tool.charAt(0)) + tool.substring(1);
    }
}
