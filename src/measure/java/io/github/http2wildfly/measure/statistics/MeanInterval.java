package io.github.http2wildfly.measure.statistics;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The mean of some rounds' measurements with Student's t interval (the t quantile from Apache Commons Statistics):
 * for a quantity that may be zero or is near constant, where a ratio's logarithm does not serve (HPACK's savings over
 * HTTP/1.1 are 0 %). {@link RatioInterval} is this interval on logarithms, taken back by the exponential.
 *
 * @param n the rounds it rests on
 * @param confidence the interval's coverage, 0.95 for a single look
 */
public record MeanInterval(double mean, double low, double high, int n, double confidence) {

    /** NaN bounds under two rounds (one value has no spread), a NaN mean for none. */
    public static MeanInterval of(double[] values, double confidence) {
        int n = values.length;
        if (n == 0) {
            return new MeanInterval(Double.NaN, Double.NaN, Double.NaN, 0, confidence);
        }
        double mean = Mean.of(values).getAsDouble();
        if (n < 2) {
            return new MeanInterval(mean, Double.NaN, Double.NaN, n, confidence);
        }
        double t = TDistribution.of(n - 1).inverseSurvivalProbability((1 - confidence) / 2);
        double half = t * StandardDeviation.of(values).getAsDouble() / Math.sqrt(n);
        return new MeanInterval(mean, mean - half, mean + half, n, confidence);
    }

    /** Whether there is an interval (two rounds or more). */
    public boolean known() {
        return !Double.isNaN(low);
    }
}
