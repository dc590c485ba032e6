package io.github.http2wildfly.comparison.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.report.AnswerCurve.Check;
import io.github.http2wildfly.comparison.report.AnswerCurve.Covered;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import io.github.http2wildfly.measure.MarkedBlock;
import io.github.http2wildfly.measure.statistics.MetaRegression.Interval;
import io.github.http2wildfly.measure.statistics.OrderEffect;
import io.github.http2wildfly.page.AnswerCurveLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The project's headline (h2 / h1-TLS, Chromium, the 500 logos at 50 ms), from every recorded run at once, never from
 * one: the answer as a curve along the client's speed ({@link AnswerCurve}), stated for the newest run's browser and
 * the recorded one farthest from it in speed, with the seconds saved and the band a new run should fall in. Written by a run that records
 * itself, between the headline markers of README.md and docs/results.md, the table of every point between the points'
 * markers of docs/results.md, and the curve's line for the race page (docs/results/answer-curve.properties), so that no
 * one pastes them by hand. Bold only where the interval excludes 1.
 * HeadlineTest holds the pages to the records.
 */
public final class Headline {

    public static final String BEGIN = "<!-- headline: written by a run that records itself (Headline) from docs/results/*.json -->";
    public static final String END = "<!-- /headline -->";
    public static final String ANSWER_BEGIN = "<!-- answer: written by a run that records itself (Headline) from docs/results -->";
    public static final String ANSWER_END = "<!-- /answer -->";
    public static final String POINTS_BEGIN = "<!-- headline points: written by a run that records itself (Headline) -->";
    public static final String POINTS_END = "<!-- /headline points -->";
    public static final String READER_BEGIN = "<!-- reader: written by a run that records itself (Headline) from docs/results -->";
    public static final String READER_END = "<!-- /reader -->";
    private static final MarkedBlock BLOCK = new MarkedBlock(BEGIN, END);
    private static final MarkedBlock READER = new MarkedBlock(READER_BEGIN, READER_END);
    private static final MarkedBlock POINTS = new MarkedBlock(POINTS_BEGIN, POINTS_END);
    private static final MarkedBlock ANSWER = new MarkedBlock(ANSWER_BEGIN, ANSWER_END);

    private Headline() {
    }

    /** What the pages say, from these points: the curve in plain words, or why there is none yet. */
    public static String sentence(Replicates question, List<Run> runs) {
        Optional<AnswerCurve> fitted = AnswerCurve.fit(question, runs);
        if (fitted.isEmpty()) {
            return String.format(Locale.ROOT, "The headline (%s) needs points of three recorded runs or more at two client speeds"
                    + " or more; the records hold %d points of %d.", question.describe(), runs.size(), runs.stream().map(Run::name).distinct().count());
        }
        AnswerCurve curve = fitted.get();
        Run latest = curve.latest();
        Covered covered = curve.covered();
        Run slowestCovered = runs.stream().filter(run -> run.loopbackSeconds() == covered.slowest()).findFirst().orElseThrow();
        StringBuilder sentence = new StringBuilder(String.format(Locale.ROOT,
                "For a browser that loads this page over HTTP/2 in %.2f s on loopback (Chromium unlimited in the newest run, %s),"
                        + " one run of this comparison is expected to read HTTP/2 over TLS at %s of HTTP/1.1-over-TLS's time at a"
                        + " round trip of 50 ms and to save %s s (95 %% prediction intervals for one run); the mean curve there is"
                        + " %s and %s s (95 %% confidence intervals of the mean). For one that takes %.2f s (the slowest the curve"
                        + " covers, %s): one run %s and %s s; the mean %s and %s s.",
                latest.loopbackSeconds(), link(latest), range(curve.ratioForARun(latest.loopbackSeconds())),
                secondsRange(curve.savedForARun(latest.loopbackSeconds())), ratio(curve.ratioAt(latest.loopbackSeconds())),
                seconds(curve.savedAt(latest.loopbackSeconds())), covered.slowest(), link(slowestCovered),
                range(curve.ratioForARun(covered.slowest())), secondsRange(curve.savedForARun(covered.slowest())),
                ratio(curve.ratioAt(covered.slowest())), seconds(curve.savedAt(covered.slowest()))));
        curve.slowestBeyond().ifPresent(slowest -> sentence.append(String.format(Locale.ROOT, " Past %.2f s the curve is not stated:"
                + " the slowest recorded point, %s at %.2f s, read %.2f [%.2f, %.2f] and saved %.1f s, its own figures.", covered.slowest(),
                link(slowest), slowest.loopbackSeconds(), Math.exp(slowest.meanLog()), Math.exp(slowest.low(AnswerCurve.CONFIDENCE)),
                Math.exp(slowest.high(AnswerCurve.CONFIDENCE)), slowest.savedSeconds())));
        sentence.append(curve.articlesSpeed(false).map(speed -> String.format(Locale.ROOT, " The article's %.2f is the mean curve's at"
                + " %.1f s on loopback (the mean's interval holds it from %.1f to %.1f s; one run's, from %.1f to %.1f s).",
                AnswerCurve.ARTICLE, speed.estimate(), speed.low(), speed.high(), curve.articlesSpeed(true).orElseThrow().low(),
                curve.articlesSpeed(true).orElseThrow().high()))
                .orElse(String.format(Locale.ROOT, " The article's %.2f lies beyond the speeds the curve covers.", AnswerCurve.ARTICLE)));
        sentence.append(String.format(Locale.ROOT,
                " The curve: the ratio is %.2f × (loopback seconds)^%.2f, stated from %.2f to %.2f s (%s), through %d points of %d recorded runs (each run at each CPU"
                        + " budget it loaded: [the points](%s)); the run is the unit: intervals cluster-robust by run (CR2), Student's"
                        + " t on %.1f to %.1f degrees of freedom (Bell and McCaffrey's, from %d runs), or the model's own where"
                        + " that is wider; the spread between points %.0f %%.",
                Math.exp(curve.ratio().intercept()), curve.ratio().slope(), covered.fastest(), covered.slowest(),
                String.format(Locale.ROOT, covered.dense() ? "where each end has points of two runs within a factor %.2f of its speed"
                        : "the points' whole range: no two runs' points lie within a factor %.2f of each other", AnswerCurve.NEAR),
                runs.size(), curve.records(), "results.md#the-points", curve.degreesOfFreedom().low(), curve.degreesOfFreedom().high(),
                curve.ratio().runs(),
                100 * (Math.exp(Math.sqrt(curve.ratio().tau2())) - 1)));
        curve.budgetFactor().ifPresent(factor -> sentence.append(String.format(Locale.ROOT, " A CPU quota (a cgroup's budget) puts a"
                + " point at %s times a browser's without one at the same speed (%s), so the curve is stated for a browser without"
                + " a quota, slowed only by its machine, as a reader's is.", ratio(factor),
                factor.high() < 1 || factor.low() > 1 ? "decided" : "undecided: its interval holds 1")));
        List<Double> speeds = List.of(covered.fastest(), 2.9, covered.slowest());
        if (curve.leaveOneRunOut(covered.fastest()).isPresent()) {
            sentence.append(" Leaving out one run at a time, the mean at");
            for (int i = 0; i < speeds.size(); i++) {
                Interval without = curve.leaveOneRunOut(speeds.get(i)).orElseThrow();
                sentence.append(String.format(Locale.ROOT, "%s %.2f s reads %.2f to %.2f", i == 0 ? "" : i == speeds.size() - 1 ? " and at" : ", at",
                        speeds.get(i), without.low(), without.high()));
            }
            sentence.append('.');
        }
        curve.check().map(Check::describe).ifPresent(check -> sentence.append(" The newest run against the others: ").append(check).append('.'));
        curve.positionEffect().ifPresent(effect -> sentence.append(describe(effect)));
        return sentence.toString();
    }

    /**
     * For the reader, on the front page below its first screen: the interval one run of a browser like theirs is expected
     * in, at the curve's two ends, labelled as a prediction interval.
     */
    public static String reader(Replicates question, List<Run> runs) {
        Optional<AnswerCurve> fitted = AnswerCurve.fit(question, runs);
        if (fitted.isEmpty()) {
            return "**For your browser**: the records give no curve yet ([results](docs/results.md#the-headline-along-the-clients-speed)).";
        }
        AnswerCurve curve = fitted.get();
        Covered covered = curve.covered();
        return String.format(Locale.ROOT, "**For your browser**: one that loads this page over HTTP/2 on loopback in %.2f s should"
                + " see a run of the comparison read HTTP/2 at %s of HTTP/1.1-over-TLS's time at a round trip of 50 ms, one that takes"
                + " %.2f s %s (95 %% prediction intervals for one run, from every recorded run;"
                + " [the curve](docs/results.md#the-headline-along-the-clients-speed)). The race page measures your browser's speed"
                + " and says where your race falls.", covered.fastest(), range(curve.ratioForARun(covered.fastest())),
                covered.slowest(), range(curve.ratioForARun(covered.slowest())));
    }

    /**
     * The front page's answer, in words a newcomer can repeat: how many times as fast HTTP/2 loaded the page in the
     * recorded runs (their range, each run's own ratio), the seconds it saved, and, where the fastest and the slowest
     * browser's own intervals do not meet, that the faster browser gains more. No interval, exponent or point: those are
     * on the results page it links.
     */
    public static String answer(List<Run> runs) {
        String figures = "([the figures](docs/results.md#the-headline-along-the-clients-speed))";
        if (runs.isEmpty()) {
            return "**What does HTTP/2 buy this page?** No run has recorded its answer yet " + figures + ".";
        }
        DoubleSummaryStatistics ratios = runs.stream().mapToDouble(run -> Math.exp(run.meanLog())).summaryStatistics();
        DoubleSummaryStatistics saved = runs.stream().mapToDouble(Run::savedSeconds).summaryStatistics();
        String howMuch = ratios.getMax() < 1
                ? String.format(Locale.ROOT, "%.1f to %.1f times as fast as", 1 / ratios.getMax(), 1 / ratios.getMin())
                : String.format(Locale.ROOT, "in %.2f to %.2f of the time of", ratios.getMin(), ratios.getMax());
        return String.format(Locale.ROOT, "**What does HTTP/2 buy this page?** Over a network with a 50 ms round trip, HTTP/2"
                + " loaded it %s HTTP/1.1 over TLS in every recorded run, %.1f to %.1f seconds sooner%s %s.", howMuch,
                saved.getMin(), saved.getMax(), fasterGainsMore(runs) ? "; the faster the browser, the more it gains" : "",
                figures);
    }

    /** Whether the fastest browser's ratio and the slowest's differ beyond both their intervals. */
    private static boolean fasterGainsMore(List<Run> runs) {
        Comparator<Run> bySpeed = Comparator.comparingDouble(Run::loopbackSeconds);
        Run fastest = runs.stream().min(bySpeed).orElseThrow();
        Run slowest = runs.stream().max(bySpeed).orElseThrow();
        return fastest.high(AnswerCurve.CONFIDENCE) < slowest.low(AnswerCurve.CONFIDENCE);
    }

    /** The table of every point: record, budget, speed, ratio, loads, seconds saved, seed. */
    public static String points(List<Run> runs) {
        StringBuilder table = new StringBuilder("| record | the browser's CPU | HTTP/2 on loopback (s) | h2 / h1-TLS at 50 ms (95 %) | loads"
                + " | seconds saved | read from | seed |\n|---|---|---|---|---|---|---|---|\n");
        for (Run run : runs) {
            table.append(String.format(Locale.ROOT, "| [%s](results/%s.md) | %s | %.2f | %.2f [%.2f, %.2f] | %d | %.1f | %s | %s |%n",
                    run.name(), run.name(), run.budget(), run.loopbackSeconds(), Math.exp(run.meanLog()),
                    Math.exp(run.low(AnswerCurve.CONFIDENCE)), Math.exp(run.high(AnswerCurve.CONFIDENCE)), run.rounds(),
                    run.savedSeconds(), run.fromLoads() ? "its loads" : "its summary", run.seed().isEmpty() ? "-" : run.seed()));
        }
        return table.toString().strip();
    }

    /** The headline from the records, written between the markers of each page (a page without them is left alone). */
    public static void write(Path records, List<Path> pages) throws IOException {
        List<Run> runs = Replicates.HEADLINE.runs(records);
        String sentence = sentence(Replicates.HEADLINE, runs);
        for (Path page : pages) {
            BLOCK.write(page, sentence);
            POINTS.write(page, points(runs));
            ANSWER.write(page, answer(runs));
            READER.write(page, reader(Replicates.HEADLINE, runs));
        }
        Optional<AnswerCurve> curve = AnswerCurve.fit(Replicates.HEADLINE, runs);
        if (curve.isPresent()) {
            Files.writeString(records.resolve(AnswerCurveLine.FILE), curve.get().line().file());
        }
    }

    /**
     * Where this run's own point falls against the recorded curve, recorded or not: one line for the log, or empty where
     * the run did not ask the headline's question. {@code runData} is the run's run.json.
     */
    public static Optional<String> thisRun(Path runData, Path records) throws IOException {
        JsonNode data = new ObjectMapper().readTree(runData.toFile());
        boolean stock = Replicates.HEADLINE.onStockUndertow(data);
        List<Run> points = Replicates.HEADLINE.fromLoads(stock ? "this run, on stock Undertow," : "this run", data);
        Optional<Run> unlimited = points.stream().filter(run -> run.budget().equals(Replicates.UNLIMITED)).findFirst();
        if (unlimited.isEmpty()) {
            return Optional.empty();
        }
        Optional<Check> check = AnswerCurve.check(Replicates.HEADLINE, Replicates.HEADLINE.runs(records), unlimited.get());
        return Optional.of("The headline's question (" + Replicates.HEADLINE.describe() + "): " + check.map(Check::describe)
                .orElse("the records give no curve yet to hold this run against"));
    }

    /** The line between a page's markers, or empty. */
    public static Optional<String> on(String page) {
        return BLOCK.on(page);
    }

    /** The first answer between a page's markers, or empty. */
    public static Optional<String> answerOn(String page) {
        return ANSWER.on(page);
    }

    /** The reader's line between a page's markers, or empty. */
    public static Optional<String> readerOn(String page) {
        return READER.on(page);
    }

    /** The table between a page's points markers, or empty. */
    public static Optional<String> pointsOn(String page) {
        return POINTS.on(page);
    }

    private static String link(Run run) {
        return String.format(Locale.ROOT, "[%s](results/%s.md)", run.label(), run.name());
    }

    private static String ratio(Interval interval) {
        return String.format(Locale.ROOT, interval.high() < 1 || interval.low() > 1 ? "**%.2f** [%.2f, %.2f]" : "%.2f [%.2f, %.2f]",
                interval.estimate(), interval.low(), interval.high());
    }

    private static String range(Interval interval) {
        return String.format(Locale.ROOT, "%.2f to %.2f", interval.low(), interval.high());
    }

    private static String secondsRange(Interval interval) {
        return String.format(Locale.ROOT, "%.1f to %.1f", interval.low(), interval.high());
    }

    private static String seconds(Interval interval) {
        return String.format(Locale.ROOT, "%.1f [%.1f, %.1f]", interval.estimate(), interval.low(), interval.high());
    }

    private static String describe(OrderEffect effect) {
        return String.format(Locale.ROOT, " Loading first in its round made an HTTP/2 load %.2f [%.2f, %.2f] times as long as"
                + " loading second (%d and %d rounds of the runs that kept their order)%s.", effect.firstFactor(), effect.low(),
                effect.high(), effect.firstLed(), effect.secondLed(), effect.found() ? ", which the reversed rounds cancel in each ratio" : "");
    }
}
