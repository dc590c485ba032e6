package io.github.http2wildfly.measure.statistics;

import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A ratio of two cells' load times with its confidence interval, from paired loads: the loads are interleaved (each
 * round loads every cell once, in a random order), so each round gives one ratio, and the round's own slowness, which
 * hits both cells alike, cancels. The ratio is the geometric mean of the rounds' ratios; the interval is Student's t
 * on their logarithms (the t quantile from Apache Commons Statistics).
 *
 * <p>Why t on log ratios and not a rank method: at the two to nine loads the grids run, the exact rank tests cannot
 * reach 5 % at all (Wilcoxon's signed-rank test on n pairs: 2 / 2^n, so six pairs at the least; Mann–Whitney on n
 * loads each: 2 / C(2n, n), so four), while the t interval can; the logarithm makes a ratio a difference and load
 * times nearly symmetric; and where two cells do not differ, each round's log ratio is as likely negative as positive,
 * the case in which t holds its level or errs on the safe side (heavy tails). {@code FalseWinnerRateIT} shows it by
 * simulation for normal, heavy-tailed, skewed and drifting loads.
 *
 * @param loads the paired rounds it rests on
 * @param confidence the interval's coverage, 0.95 for a single look (StoppingRule splits 5 % over its looks)
 */
public record RatioInterval(double ratio, double low, double high, int loads, double confidence) {

    /** The interval of these rounds' log ratios ({@link MeanInterval}); NaN bounds under two rounds (one ratio has no spread). */
    public static RatioInterval of(double[] logRatios, double confidence) {
        MeanInterval logs = MeanInterval.of(logRatios, confidence);
        return new RatioInterval(Math.exp(logs.mean()), Math.exp(logs.low()), Math.exp(logs.high()), logs.n(), confidence);
    }

    /**
     * This ratio divided by that one, two estimates from loads of their own (the model's run and the lab's): the
     * difference of their log ratios, its standard error from both intervals, and Welch's degrees of freedom, at this
     * confidence. NaN bounds where either has no interval.
     */
    public static RatioInterval quotient(RatioInterval of, RatioInterval by, double confidence) {
        double logQuotient = Math.log(of.ratio / by.ratio);
        int loads = Math.min(of.loads, by.loads);
        if (!of.known() || !by.known()) {
            return new RatioInterval(Math.exp(logQuotient), Double.NaN, Double.NaN, loads, confidence);
        }
        double a = of.logStandardError();
        double b = by.logStandardError();
        double error = Math.sqrt(a * a + b * b);
        if (error == 0) {
            return new RatioInterval(Math.exp(logQuotient), Math.exp(logQuotient), Math.exp(logQuotient), loads, confidence);
        }
        double degrees = Math.pow(error, 4) / (Math.pow(a, 4) / (of.loads - 1) + Math.pow(b, 4) / (by.loads - 1));
        double half = TDistribution.of(degrees).inverseSurvivalProbability((1 - confidence) / 2) * error;
        return new RatioInterval(Math.exp(logQuotient), Math.exp(logQuotient - half), Math.exp(logQuotient + half), loads, confidence);
    }

    /** The standard error of the mean log ratio, read back from the bounds (Student's t at these loads); NaN without them. */
    public double logStandardError() {
        if (!known()) {
            return Double.NaN;
        }
        return Math.log(high / low) / 2 / TDistribution.of(loads - 1).inverseSurvivalProbability((1 - confidence) / 2);
    }

    /** Whether there is an interval (two rounds or more). */
    public boolean known() {
        return !Double.isNaN(low);
    }

    /** Whether the interval excludes 1: one side was faster, beyond what these loads' spread explains. */
    public boolean excludesOne() {
        return high < 1 || low > 1;
    }

    /** Whether the interval lies within {@code band} of 1 either way: the two took the same time, as far as that band cares. */
    public boolean within(double band) {
        return known() && low >= 1 / (1 + band) && high <= 1 + band;
    }

    /** Whether this interval and that one share a value: these loads cannot tell the two ratios apart. */
    public boolean overlaps(RatioInterval other) {
        return known() && other.known() && low <= other.high && other.low <= high;
    }

    /** "0.19 [0.17, 0.22]", numbers as the build log writes them in every locale. */
    public String label() {
        return known() ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", ratio, low, high)
                : String.format(Locale.ROOT, "%.2f [%s: no interval]", ratio, loads == 1 ? "one load" : "no loads");
    }
}
