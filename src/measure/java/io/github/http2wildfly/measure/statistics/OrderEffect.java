package io.github.http2wildfly.measure.statistics;

import java.util.Optional;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * What loading first in its round did to a pair's ratio. The rounds load the cells in a random order, reversed in the
 * round after (ComparisonRun), so in half the rounds the pair's first cell came before its second and in the others after. If a load that comes first pays a factor
 * {@code p} (a cold cache, a JIT not yet warm), the rounds where the first cell led read {@code log(a/b) = d + log p}
 * and the others {@code d - log p}: half the difference of the two groups' mean log ratios estimates {@code log p},
 * with Welch's t interval (the groups' spreads may differ). A factor whose interval excludes 1 says that order moved
 * the loads; with each cell leading in half the rounds, the effect cancels in the pair's ratio and widens its interval
 * (FalseWinnerRateIT: a 20 % penalty for loading first names no false winner; with the order left to chance, up to 14 %).
 *
 * @param firstFactor how many times as long a load of the pair took when it came first (1: order made no difference)
 * @param firstLed the rounds in which the pair's first cell loaded before its second; {@code secondLed} the others
 */
public record OrderEffect(double firstFactor, double low, double high, int firstLed, int secondLed, double confidence) {

    /** From the log ratios of the rounds each cell led; empty under two rounds in either group (no spread to judge by). */
    public static Optional<OrderEffect> of(double[] firstLed, double[] secondLed, double confidence) {
        int n1 = firstLed.length;
        int n2 = secondLed.length;
        if (n1 < 2 || n2 < 2) {
            return Optional.empty();
        }
        double half = (Mean.of(firstLed).getAsDouble() - Mean.of(secondLed).getAsDouble()) / 2;
        double v1 = Variance.of(firstLed).getAsDouble() / n1;
        double v2 = Variance.of(secondLed).getAsDouble() / n2;
        double standardError = Math.sqrt(v1 + v2) / 2;
        if (standardError == 0) {
            return Optional.of(new OrderEffect(Math.exp(half), Math.exp(half), Math.exp(half), n1, n2, confidence));
        }
        double degrees = (v1 + v2) * (v1 + v2) / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
        double t = TDistribution.of(degrees).inverseSurvivalProbability((1 - confidence) / 2);
        return Optional.of(new OrderEffect(Math.exp(half), Math.exp(half - t * standardError), Math.exp(half + t * standardError),
                n1, n2, confidence));
    }

    /** Whether the interval excludes 1: order moved the loads. */
    public boolean found() {
        return low > 1 || high < 1;
    }
}
