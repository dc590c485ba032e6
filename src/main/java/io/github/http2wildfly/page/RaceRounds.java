package io.github.http2wildfly.page;

import java.util.List;
import java.util.stream.DoubleStream;

/**
 * A finished race summed up as a recorded run sums up its rounds (the comparison's {@code Replicates.Run}): each counted
 * round's h2 / h1-TLS, their geometric mean (the race's ratio) and the variance of their mean log (the race's own
 * spread, which widens the band it is judged against).
 */
public record RaceRounds(List<Double> ratios) {

    public RaceRounds {
        if (ratios.isEmpty()) {
            throw new IllegalArgumentException("a race has at least one round");
        }
        ratios = List.copyOf(ratios);
    }

    public int count() {
        return ratios.size();
    }

    /** The geometric mean of the rounds' ratios. */
    public double ratio() {
        return Math.exp(meanLog());
    }

    /** The variance of the mean log ratio: the rounds' sample variance over their number; none known from one round. */
    public double ownVariance() {
        if (count() < 2) {
            return 0;
        }
        double mean = meanLog();
        return logs().map(log -> (log - mean) * (log - mean)).sum() / (count() - 1) / count();
    }

    private double meanLog() {
        return logs().average().orElseThrow();
    }

    private DoubleStream logs() {
        return ratios.stream().mapToDouble(Math::log);
    }
}
