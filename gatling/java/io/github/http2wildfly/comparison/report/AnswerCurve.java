package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.report.Replicates.Led;
import io.github.http2wildfly.comparison.report.Replicates.Run;
import io.github.http2wildfly.measure.statistics.MetaRegression;
import io.github.http2wildfly.measure.statistics.MetaRegression.Interval;
import io.github.http2wildfly.measure.statistics.MetaRegression.Point;
import io.github.http2wildfly.measure.statistics.OrderEffect;
import io.github.http2wildfly.page.AnswerCurveLine;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The answer as a curve along the client's speed: what a page of many small images gains from HTTP/2 depends on how
 * long the browser itself takes to load it (its CPU, not the network), so every recorded run is a point at its own
 * measured speed, and the answer is stated for a browser of a given speed. Two lines, both against the logarithm of
 * the seconds the browser took to load the page over HTTP/2 on loopback: the log of the ratio (geometric mean of the
 * rounds' ratios), and the seconds saved ({@link MetaRegression}: random effects, Paule–Mandel, each point weighted by
 * its own variance). As Lighthouse states its scores with the client's measured benchmark index.
 *
 * @param runs every point, oldest record first
 * @param ratio the log ratio's line; {@code saved} the seconds saved's
 */
public record AnswerCurve(Replicates question, List<Run> runs, MetaRegression ratio, MetaRegression saved) {

    /** The article's figure: WildFly 9 in Chrome, HTTP/1.1 about 2.9 s, HTTP/2 about 1.3 s. */
    public static final double ARTICLE = 0.45;
    static final double CONFIDENCE = 0.95;

    /** The curve through these points, or empty under three points or all at one speed. */
    public static Optional<AnswerCurve> fit(Replicates question, List<Run> runs) {
        Optional<MetaRegression> ratio = MetaRegression.fit(runs.stream()
                .map(run -> new Point(Math.log(run.loopbackSeconds()), run.meanLog(), run.variance())).toList());
        Optional<MetaRegression> saved = MetaRegression.fit(runs.stream()
                .map(run -> new Point(Math.log(run.loopbackSeconds()), run.savedSeconds(), run.savedVariance())).toList());
        return ratio.isEmpty() || saved.isEmpty() ? Optional.empty()
                : Optional.of(new AnswerCurve(question, List.copyOf(runs), ratio.get(), saved.get()));
    }

    /** The ratio for a browser that loads the page over HTTP/2 on loopback in these seconds, with its interval. */
    public Interval ratioAt(double loopbackSeconds) {
        Interval log = ratio.line(Math.log(loopbackSeconds), CONFIDENCE);
        return new Interval(Math.exp(log.estimate()), Math.exp(log.low()), Math.exp(log.high()));
    }

    /** The seconds HTTP/2 saves such a browser, with their interval. */
    public Interval savedAt(double loopbackSeconds) {
        return saved.line(Math.log(loopbackSeconds), CONFIDENCE);
    }

    /** Where a new run of this speed, with this variance of its own mean log ratio, is expected to fall. */
    public Interval band(double loopbackSeconds, double ownVariance) {
        Interval log = ratio.prediction(Math.log(loopbackSeconds), ownVariance, CONFIDENCE);
        return new Interval(Math.exp(log.estimate()), Math.exp(log.low()), Math.exp(log.high()));
    }

    /** The loopback seconds at which the curve reads the article's ratio, where that lies within the runs' speeds. */
    public Optional<Double> articlesSpeed() {
        double x = ratio.whereItReaches(Math.log(ARTICLE));
        return ratio.slope() != 0 && ratio.covers(x) ? Optional.of(Math.exp(x)) : Optional.empty();
    }

    /**
     * The newest record's point of a browser without a CPU budget: the speed the pages state the answer at (a run
     * that loaded limited budgets alone, as a lab run at half a core, is a point of the curve, not the reader's browser).
     */
    public Run latest() {
        for (int i = runs.size() - 1; i >= 0; i--) {
            if (runs.get(i).budget().equals(Replicates.UNLIMITED)) {
                return runs.get(i);
            }
        }
        return runs.get(runs.size() - 1);
    }

    /** The newest record's point (unlimited where it has one, else its first): the run held against the others. */
    public Run newest() {
        String newest = runs.get(runs.size() - 1).name();
        return runs.stream().filter(run -> run.name().equals(newest) && run.budget().equals(Replicates.UNLIMITED)).findFirst()
                .orElse(runs.stream().filter(run -> run.name().equals(newest)).findFirst().orElseThrow());
    }

    /** The point farthest from the newest run's speed, faster or slower: the other end of what the runs measured. */
    public Run otherEnd() {
        double newest = Math.log(latest().loopbackSeconds());
        return runs.stream().max(Comparator.comparingDouble(run -> Math.abs(Math.log(run.loopbackSeconds()) - newest))).orElseThrow();
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
            Interval band = curve.band(run.loopbackSeconds(), run.variance());
            return new Check(run, band, band.contains(Math.exp(run.meanLog())));
        });
    }

    /** A run against the band the runs before it predicted at its speed. */
    public record Check(Run run, Interval band, boolean inside) {

        public String describe() {
            return String.format(Locale.ROOT, "the other recorded runs predicted %.2f to %.2f at its %.1f s; %s read %.2f: %s",
                    band.low(), band.high(), run.loopbackSeconds(), run.label(), Math.exp(run.meanLog()),
                    inside ? "inside" : "outside, flagged");
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
        double t = TDistribution.of(ratio.points() - 2).inverseSurvivalProbability((1 - CONFIDENCE) / 2);
        return new AnswerCurveLine(ratio.intercept(), ratio.slope(), ratio.varIntercept(), ratio.varSlope(), ratio.covariance(),
                ratio.tau2(), t, Math.exp(ratio.lowestX()), Math.exp(ratio.highestX()), question.rttMillis(), question.imageCount(),
                String.format(Locale.ROOT, "%d points of %d recorded runs, the newest %s", runs.size(), records(), newest().name()));
    }

    /** How many records the points come from. */
    public long records() {
        return runs.stream().map(Run::name).distinct().count();
    }
}
