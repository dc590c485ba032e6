package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.report.Replicates.Led;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import io.github.http2wildfly.measure.statistics.MetaRegression;
import io.github.http2wildfly.measure.statistics.MetaRegression.Interval;
import io.github.http2wildfly.measure.statistics.MetaRegression.Point;
import io.github.http2wildfly.measure.statistics.OrderEffect;
import io.github.http2wildfly.page.AnswerCurveLine;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The answer as a curve along the client's speed: what a page of many small images gains from HTTP/2 depends on how
 * long the browser itself takes to load it (its CPU, not the network), so every recorded run is a point at its own
 * measured speed, and the answer is stated for a browser of a given speed. Two lines, both against the logarithm of
 * the seconds the browser took to load the page over HTTP/2 on loopback: the log of the ratio (geometric mean of the
 * rounds' ratios), and the seconds saved ({@link MetaRegression}: random effects, the run the unit, clustered by run).
 * Where the points hold both a browser slowed by a CPU quota and browsers without one, whether the quota puts a point
 * elsewhere is a coefficient of its own, and the line is stated for a browser without a quota, as a reader's is (a
 * machine slow on its own day, not a cgroup). As Lighthouse states its scores with the client's measured benchmark
 * index.
 *
 * @param runs every point, oldest record first
 * @param ratio the log ratio's line; {@code saved} the seconds saved's
 * @param byBudget whether the lines carry the CPU budget as a covariate
 */
public record AnswerCurve(Replicates question, List<Run> runs, MetaRegression ratio, MetaRegression saved, boolean byBudget) {

    /** The article's figure: WildFly 9 in Chrome, HTTP/1.1 about 2.9 s, HTTP/2 about 1.3 s. */
    public static final double ARTICLE = 0.45;
    static final double CONFIDENCE = 0.95;
    /** How near in speed (a factor) a point of another run must be for an end of the curve to rest on two runs. */
    static final double NEAR = 1.25;

    /** The curve through these points, or empty where their runs cannot carry a line (MetaRegression#fit). */
    public static Optional<AnswerCurve> fit(Replicates question, List<Run> runs) {
        boolean bothKinds = runs.stream().anyMatch(AnswerCurve::budgeted) && runs.stream().anyMatch(run -> !budgeted(run));
        if (bothKinds) {
            Optional<AnswerCurve> byBudget = fit(question, runs, true);
            if (byBudget.isPresent()) {
                return byBudget;
            }
        }
        return fit(question, runs, false);
    }

    private static Optional<AnswerCurve> fit(Replicates question, List<Run> runs, boolean byBudget) {
        Optional<MetaRegression> ratio = MetaRegression.fit(points(runs, Run::meanLog, Run::variance, byBudget));
        Optional<MetaRegression> saved = MetaRegression.fit(points(runs, Run::savedSeconds, Run::savedVariance, byBudget));
        return ratio.isEmpty() || saved.isEmpty() ? Optional.empty()
                : Optional.of(new AnswerCurve(question, List.copyOf(runs), ratio.get(), saved.get(), byBudget));
    }

    private static List<Point> points(List<Run> runs, ToDoubleFunction<Run> y, ToDoubleFunction<Run> variance, boolean byBudget) {
        return runs.stream().map(run -> byBudget
                ? new Point(run.name(), Math.log(run.loopbackSeconds()), y.applyAsDouble(run), variance.applyAsDouble(run), budgeted(run) ? 1 : 0)
                : new Point(run.name(), Math.log(run.loopbackSeconds()), y.applyAsDouble(run), variance.applyAsDouble(run))).toList();
    }

    static boolean budgeted(Run run) {
        return !run.budget().equals(Replicates.UNLIMITED);
    }

    /** The mean ratio for browsers that load the page over HTTP/2 on loopback in these seconds: the curve itself. */
    public Interval ratioAt(double loopbackSeconds) {
        return exp(ratio.line(Math.log(loopbackSeconds), CONFIDENCE));
    }

    /**
     * Where one run of such a browser is expected to read, with a run's own variance as the recorded runs' median: the
     * interval a reader who runs the comparison, or races, needs.
     */
    public Interval ratioForARun(double loopbackSeconds) {
        return exp(ratio.prediction(Math.log(loopbackSeconds), typical(Run::variance), CONFIDENCE));
    }

    /** The seconds HTTP/2 saves such a browser, on the mean curve. */
    public Interval savedAt(double loopbackSeconds) {
        return saved.line(Math.log(loopbackSeconds), CONFIDENCE);
    }

    /** The seconds one run of such a browser is expected to save. */
    public Interval savedForARun(double loopbackSeconds) {
        return saved.prediction(Math.log(loopbackSeconds), typical(Run::savedVariance), CONFIDENCE);
    }

    /** Where a new run of this speed, with this variance of its own mean log ratio, is expected to fall. */
    public Interval band(double loopbackSeconds, double ownVariance) {
        return exp(ratio.prediction(Math.log(loopbackSeconds), ownVariance, CONFIDENCE));
    }

    /**
     * The speeds the curve is stated over, in loopback seconds: from the fastest point to the slowest that has a point
     * of another run within a factor {@link #NEAR} of its speed. Past either end the curve would rest on one run alone,
     * and a figure there is that run's own.
     */
    public Covered covered() {
        List<Run> rested = runs.stream().filter(run -> runs.stream().anyMatch(other -> !other.name().equals(run.name())
                && Math.abs(Math.log(other.loopbackSeconds() / run.loopbackSeconds())) <= Math.log(NEAR))).toList();
        DoubleSummaryStatistics speeds = (rested.isEmpty() ? runs : rested).stream().mapToDouble(Run::loopbackSeconds).summaryStatistics();
        return new Covered(speeds.getMin(), speeds.getMax(), !rested.isEmpty());
    }

    /**
     * The loopback seconds the curve is stated between.
     *
     * @param dense whether its ends rest on two runs each; else no two runs' points are near, and it is the points' range
     */
    public record Covered(double fastest, double slowest, boolean dense) {

        public boolean holds(double seconds) {
            return fastest <= seconds && seconds <= slowest;
        }
    }

    /** The slowest point, where the curve does not reach it: a figure of that run's own. */
    public Optional<Run> slowestBeyond() {
        Run slowest = runs.stream().max(Comparator.comparingDouble(Run::loopbackSeconds)).orElseThrow();
        return covered().holds(slowest.loopbackSeconds()) ? Optional.empty() : Optional.of(slowest);
    }

    /**
     * The mean curve at this speed with every run left out in turn: the full curve's figure, and the lowest and highest
     * figure without one run (empty where no run can be left out and a curve remain).
     */
    public Optional<Interval> leaveOneRunOut(double loopbackSeconds) {
        DoubleSummaryStatistics without = runs.stream().map(Run::name).distinct()
                .map(name -> fit(question, runs.stream().filter(run -> !run.name().equals(name)).toList()))
                .flatMap(Optional::stream).mapToDouble(curve -> curve.ratioAt(loopbackSeconds).estimate()).summaryStatistics();
        return without.getCount() == 0 ? Optional.empty()
                : Optional.of(new Interval(ratioAt(loopbackSeconds).estimate(), without.getMin(), without.getMax()));
    }

    /** What a CPU quota does to a point at the same speed, as a factor with its interval, where the lines carry it. */
    public Optional<Interval> budgetFactor() {
        return byBudget ? Optional.of(exp(ratio.other(0, CONFIDENCE))) : Optional.empty();
    }

    /**
     * The loopback seconds at which the mean curve reads the article's ratio, where that lies within the covered
     * speeds, with the speeds whose interval holds it: of the mean curve, and of one run ({@code forARun}).
     */
    public Optional<Interval> articlesSpeed(boolean forARun) {
        double x = ratio.whereItReaches(Math.log(ARTICLE));
        if (ratio.slope() == 0 || !covered().holds(Math.exp(x))) {
            return Optional.empty();
        }
        double low = Double.NaN;
        double high = Double.NaN;
        for (double at = ratio.lowestX() - 2; at <= ratio.highestX() + 2; at += 0.001) {
            Interval there = exp(forARun ? ratio.prediction(at, typical(Run::variance), CONFIDENCE) : ratio.line(at, CONFIDENCE));
            if (there.contains(ARTICLE)) {
                low = Double.isNaN(low) ? Math.exp(at) : low;
                high = Math.exp(at);
            }
        }
        return Optional.of(new Interval(Math.exp(x), low, high));
    }

    /**
     * The newest record's point of a browser without a CPU budget: the speed the pages state the answer at (a run
     * that loaded limited budgets alone, as a lab run at half a core, is a point of the curve, not the reader's browser).
     */
    public Run latest() {
        for (int i = runs.size() - 1; i >= 0; i--) {
            if (!budgeted(runs.get(i))) {
                return runs.get(i);
            }
        }
        return runs.get(runs.size() - 1);
    }

    /** The newest record's point (unlimited where it has one, else its first): the run held against the others. */
    public Run newest() {
        String newest = runs.get(runs.size() - 1).name();
        return runs.stream().filter(run -> run.name().equals(newest) && !budgeted(run)).findFirst()
                .orElse(runs.stream().filter(run -> run.name().equals(newest)).findFirst().orElseThrow());
    }

    /**
     * The newest record's point held against the curve of every other record: inside its band, or flagged. Empty where
     * the other records give no curve.
     */
    public Optional<Check> check() {
        return check(question, runs, newest());
    }

    /** A run's point held against the curve of every record but its own: inside the band, or flagged. */
    public static Optional<Check> check(Replicates question, List<Run> records, Run run) {
        List<Run> others = records.stream().filter(other -> !other.name().equals(run.name())).toList();
        return fit(question, others).map(curve -> {
            double budget = curve.byBudget && budgeted(run) ? curve.ratio.coefficients()[2] : 0;
            Interval band = curve.band(run.loopbackSeconds(), run.variance());
            band = new Interval(band.estimate() * Math.exp(budget), band.low() * Math.exp(budget), band.high() * Math.exp(budget));
            return new Check(run, band, band.contains(Math.exp(run.meanLog())));
        });
    }

    /** A run against the band the runs before it predicted at its speed. */
    public record Check(Run run, Interval band, boolean inside) {

        public String describe() {
            return String.format(Locale.ROOT, "the other recorded runs predicted one run at its %.2f s between %.2f and %.2f (95 %%"
                    + " prediction interval); %s read %.2f: %s", run.loopbackSeconds(), band.low(), band.high(), run.label(),
                    Math.exp(run.meanLog()), inside ? "inside" : "outside, flagged");
        }
    }

    /**
     * What loading first in its round did, over every round of the runs that kept their positions: how many times as long
     * the divided door's load took when it led, each round's log ratio taken from its run's mean (OrderEffect).
     */
    public Optional<OrderEffect> positionEffect() {
        List<Led> led = runs.stream().flatMap(run -> run.orders().stream()).toList();
        return OrderEffect.of(led.stream().filter(Led::ofFirst).mapToDouble(Led::centredLog).toArray(),
                led.stream().filter(round -> !round.ofFirst()).mapToDouble(Led::centredLog).toArray(), CONFIDENCE);
    }

    /** The ratio's line for the race page (the WAR's copy of it), which predicts a race from the reader's loopback load. */
    public AnswerCurveLine line() {
        Covered covered = covered();
        // one t for the page's whole range: the largest over the covered speeds (the fewest degrees of freedom)
        double t = Math.max(ratio.t(Math.log(covered.fastest()), CONFIDENCE), ratio.t(Math.log(covered.slowest()), CONFIDENCE));
        return new AnswerCurveLine(ratio.intercept(), ratio.slope(), ratio.varIntercept(), ratio.varSlope(),
                ratio.interceptSlopeCovariance(), ratio.tau2(), t, covered.fastest(), covered.slowest(),
                question.rttMillis(), question.imageCount(), String.format(Locale.ROOT, "%d points of %d recorded runs, the newest %s",
                        runs.size(), records(), newest().name()));
    }

    /** The degrees of freedom of the mean curve over the covered speeds: the fewest and the most, at its ends. */
    public Interval degreesOfFreedom() {
        Covered covered = covered();
        double fastest = ratio.degreesOfFreedom(Math.log(covered.fastest()));
        double slowest = ratio.degreesOfFreedom(Math.log(covered.slowest()));
        return new Interval(ratio.degreesOfFreedom(Math.log(latest().loopbackSeconds())), Math.min(fastest, slowest), Math.max(fastest, slowest));
    }

    /** How many records the points come from. */
    public long records() {
        return runs.stream().map(Run::name).distinct().count();
    }

    /** The recorded runs' median of a run's own variance: what one more run of the same grid brings of its own. */
    private double typical(ToDoubleFunction<Run> variance) {
        double[] sorted = runs.stream().mapToDouble(variance).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static Interval exp(Interval log) {
        return new Interval(Math.exp(log.estimate()), Math.exp(log.low()), Math.exp(log.high()));
    }
}
