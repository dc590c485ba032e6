package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import io.github.http2wildfly.page.LabPoint;
import io.github.http2wildfly.page.LabPoints;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The model against the lab, the same browser on the same grid: each protocol pair's ratio through both, each with
 * its interval and verdict (loads until decided), and what the two say of the model, read from the quotient of the
 * two ratios (model / lab) and its interval (Welch's t on the log scale: two runs, loads of their own). The model
 * <b>agrees</b> where the quotient's 90 % interval lies within {@link #MARGIN} of 1 either way (an equivalence test,
 * two one-sided tests at 5 %: the loads show the two ratios within 10 % of each other); it <b>differs</b> where the
 * quotient's 95 % interval excludes 1; otherwise the loads cannot tell, and the point says how many loads a cell would
 * at this spread. Why not "their intervals overlap" (before): two intervals overlap far more often than a difference
 * is unproven (two 99 % intervals, a test at about 0.02 %), so almost any model "agreed", and a lab of three loads a
 * cell could not refute it. The lab is the real network (kernel TCP, real QUIC); the model earns its place where the
 * lab's loads show it agrees.
 */
public record ModelAgainstLab(Comparison model, Comparison lab) {

    /** The model's tool (Chromium through the delay proxies) and the lab's (Chromium through the lab). */
    static final String MODEL_TOOL = ComparisonSettings.Browser.CHROMIUM.tool();
    static final String LAB_TOOL = ComparisonSettings.Browser.CHROMIUM.labTool();
    /** What the lab is asked: does HTTP/2 beat HTTP/1.1, and does HTTP/3 beat HTTP/2. */
    static final List<Pair> PAIRS = List.of(new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS),
            new Pair(Door.HTTP_3, Door.HTTP_2_TLS));
    /**
     * How far apart the model's ratio and the lab's may be for the model to agree: 10 %, the difference the
     * comparison's grids are meant to find (docs/comparison.md), and less than any protocol's win the pages report.
     */
    public static final double MARGIN = 0.10;
    /** Beyond this many loads a cell, a point's question is called out of reach (a leg of 100 loads takes hours). */
    static final int MOST_LOADS = 100;
    /** The equivalence test's interval: two one-sided tests at 5 % each. */
    static final double EQUIVALENCE = 0.90;
    /** The difference test's interval. */
    static final double DIFFERENCE = 0.95;

    /** What a point's loads say of the model. */
    public enum Agreement { AGREES, DIFFERS, UNDECIDED }

    /** One pair under one condition, through both: each one's verdict with its interval. */
    public record Point(Condition condition, Pair pair, Verdict inModel, Verdict inLab) {

        public double model() {
            return inModel.ratio();
        }

        public double lab() {
            return inLab.ratio();
        }

        /** Model / lab, with its 90 % interval (the equivalence test's). */
        public RatioInterval quotient() {
            return RatioInterval.quotient(inModel.interval(), inLab.interval(), EQUIVALENCE);
        }

        public Agreement agreement() {
            if (quotient().within(MARGIN)) {
                return Agreement.AGREES;
            }
            RatioInterval apart = RatioInterval.quotient(inModel.interval(), inLab.interval(), DIFFERENCE);
            return apart.known() && apart.excludesOne() ? Agreement.DIFFERS : Agreement.UNDECIDED;
        }

        public boolean agrees() {
            return agreement() == Agreement.AGREES;
        }

        /**
         * "agrees within 10 % (model / lab 1.03 [0.97, 1.10])", "differs: model / lab 1.43 [1.25, 1.63] (lab …, model
         * …)", or "undecided: model / lab 1.05 [0.80, 1.38]; about 40 loads a cell would tell".
         */
        public String verdict() {
            RatioInterval quotient = quotient();
            String figure = "model / lab " + quotient.label();
            return switch (agreement()) {
                case AGREES -> String.format(Locale.ROOT, "agrees within %.0f %% (%s)", MARGIN * 100, figure);
                case DIFFERS -> "differs: model / lab " + RatioInterval.quotient(inModel.interval(), inLab.interval(), DIFFERENCE).label()
                        + " (lab " + say(inLab) + ", model " + say(inModel) + ")";
                case UNDECIDED -> "undecided: " + figure + (quotient.known()
                        ? loadsToTell(quotient).stream().mapToObj(loads -> "; about " + loads + " loads a cell would tell").findFirst()
                                .orElse("; more than " + MOST_LOADS + " loads a cell would be needed to tell")
                        : " (too few loads for an interval)");
            };
        }

        /**
         * The loads a cell that would settle the question at this spread, if the quotient is what these loads show:
         * where it lies within the margin, the fewest for its 90 % interval to fit inside; where beyond, for its 95 %
         * interval to exclude 1 (both runs that many loads, Student's t at their degrees of freedom). Empty beyond
         * {@link #MOST_LOADS}.
         */
        static OptionalInt loadsToTell(RatioInterval quotient) {
            double perLoad = quotient.logStandardError() * Math.sqrt(quotient.loads());
            double distance = Math.abs(Math.log(quotient.ratio()));
            boolean inside = distance < Math.log(1 + MARGIN);
            double room = inside ? Math.log(1 + MARGIN) - distance : distance;
            for (int loads = quotient.loads() + 1; loads <= MOST_LOADS; loads++) {
                double t = TDistribution.of(2 * (loads - 1)).inverseSurvivalProbability(inside ? 0.05 : 0.025);
                if (t * perLoad / Math.sqrt(loads) <= room) {
                    return OptionalInt.of(loads);
                }
            }
            return OptionalInt.empty();
        }

        private String say(Verdict verdict) {
            return verdict.say(Pair.shortName(pair.of()), Pair.shortName(pair.against()));
        }
    }

    /** The two Chromium legs of a lab run, where both are among the results. */
    static Optional<ModelAgainstLab> of(List<Comparison> comparisons) {
        Optional<Comparison> model = comparisons.stream().filter(c -> c.results().tool().equals(MODEL_TOOL)).findFirst();
        Optional<Comparison> lab = comparisons.stream().filter(c -> c.results().tool().equals(LAB_TOOL)).findFirst();
        return model.isPresent() && lab.isPresent() ? Optional.of(new ModelAgainstLab(model.get(), lab.get())) : Optional.empty();
    }

    /** Every condition with a network (RTT above 0) where both measured a pair, in the report's order. */
    public List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (Condition condition : lab.conditions()) {
            if (condition.rttMillis() == 0) {
                continue;
            }
            for (Pair pair : PAIRS) {
                Optional<Verdict> inLab = lab.verdict(pair, condition);
                // the model with its receive window, and without it where the run measured both (comparison.rwnds=on,off)
                for (Condition modelled : List.of(condition, condition.withReceiveWindow(false))) {
                    Optional<Verdict> inModel = model.verdict(pair, modelled);
                    if (inLab.isPresent() && inModel.isPresent()) {
                        points.add(new Point(modelled, pair, inModel.get(), inLab.get()));
                    }
                }
            }
        }
        return points;
    }

    /**
     * Merges this run's points into the file beside its record ({@link LabPoints#FILE}), each naming the record, so that
     * the race page can show the lab's figure beside the model's wherever a lab run measured one.
     */
    void record(Path recordFile) throws IOException {
        Path file = recordFile.resolveSibling(LabPoints.FILE);
        LabPoints known;
        try (InputStream in = Files.exists(file) ? Files.newInputStream(file) : null) {
            known = LabPoints.read(in);
        }
        String record = recordFile.getFileName().toString();
        List<LabPoint> points = points().stream().filter(point -> point.condition().receiveWindow()).map(point -> new LabPoint(point.condition().size().parameter(),
                lab.results().imageCount(), point.condition().rttMillis(), point.condition().lossPercent(),
                point.condition().bandwidthMbps(), point.condition().congestionControl().parameter(), point.pair().of().protocol(),
                point.pair().against().protocol(), point.model(), point.lab(), point.verdict(), record)).toList();
        Files.writeString(file, known.merge(points).file());
    }

    /** "of 24 points, 3 agree within 10 %, 1 differs, 20 undecided; …", one line for the build log and the report. */
    public String summary() {
        List<Point> points = points();
        List<String> counts = new ArrayList<>();
        for (boolean receiveWindow : List.of(true, false)) {
            List<Point> these = points.stream().filter(point -> point.condition().receiveWindow() == receiveWindow).toList();
            if (!these.isEmpty()) {
                counts.add(String.format(Locale.ROOT, "of %d points%s, %d agree within %.0f %%, %d differ, %d undecided", these.size(),
                        receiveWindow ? "" : " without the model's receive window", count(these, Agreement.AGREES), MARGIN * 100,
                        count(these, Agreement.DIFFERS), count(these, Agreement.UNDECIDED)));
            }
        }
        StringBuilder line = new StringBuilder("The model against the lab: ").append(String.join("; ", counts))
                .append(" (model / lab: agrees where its 90 % interval lies within the margin, differs where its 95 % interval excludes 1)");
        List<Point> off = points.stream().filter(point -> point.agreement() == Agreement.DIFFERS).toList();
        if (!off.isEmpty()) {
            line.append("; differ: ").append(String.join("; ", off.stream().map(point -> String.format(Locale.ROOT,
                    "%s at %s (model %.2f, lab %.2f: %s)", point.pair().label(), point.condition().label(), point.model(),
                    point.lab(), point.verdict())).toList()));
        }
        return line.toString();
    }

    private static long count(List<Point> points, Agreement agreement) {
        return points.stream().filter(point -> point.agreement() == agreement).count();
    }
}
