package io.github.http2wildfly.measure.statistics;

import java.util.Locale;
import org.apache.commons.statistics.distribution.BetaDistribution;

/** A count out of a total with its exact (Clopper–Pearson) 95 % interval: how often the A/A's pairs named a winner. */
public record Proportion(int count, int of) {

    public double low() {
        return count == 0 ? 0 : BetaDistribution.of(count, of - count + 1.0).inverseCumulativeProbability(0.025);
    }

    public double high() {
        return count == of ? 1 : BetaDistribution.of(count + 1.0, of - count).inverseCumulativeProbability(0.975);
    }

    /** "1 of 60 (1.7 %, 95 % interval 0.0 to 8.9 %)". */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d of %d (%.1f %%, 95 %% interval %.1f to %.1f %%)", count, of, 100.0 * count / of,
                100 * low(), 100 * high());
    }
}
