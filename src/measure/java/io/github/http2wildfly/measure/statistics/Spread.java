package io.github.http2wildfly.measure.statistics;

import java.util.Collection;
import java.util.Locale;

/**
 * Some measurements of one thing: their median, least and most, and nearest-rank percentiles. The one way
 * this project sums up repeated measurements, the comparison's cells, your page's lanes and the round-trip
 * probe alike. The median of an even number is the mean of the middle two.
 */
public record Spread(double[] sorted) {

    public Spread {
        sorted = sorted.clone();
        java.util.Arrays.sort(sorted);
    }

    /** The numbers given, those that are not null or NaN. */
    public static Spread of(Collection<? extends Number> values) {
        return new Spread(values.stream().filter(value -> value != null && !Double.isNaN(value.doubleValue()))
                .mapToDouble(Number::doubleValue).toArray());
    }

    public int n() {
        return sorted.length;
    }

    public boolean isEmpty() {
        return sorted.length == 0;
    }

    /** NaN when empty. */
    public double median() {
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public double min() {
        return percentile(0);
    }

    public double max() {
        return percentile(100);
    }

    public double mean() {
        return java.util.Arrays.stream(sorted).average().orElse(Double.NaN);
    }

    /** Nearest rank: a value that was measured. NaN when empty. */
    public double percentile(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** "1,234" for one, "1,234 (1,100-1,400)" for more, "-" for none: whole numbers, the same in every locale. */
    public String text() {
        return isEmpty() ? "-" : n() == 1 ? String.format(Locale.ROOT, "%,.0f", median())
                : String.format(Locale.ROOT, "%,.0f (%,.0f-%,.0f)", median(), min(), max());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Spread spread && java.util.Arrays.equals(sorted, spread.sorted);
    }

    @Override
    public int hashCode() {
        return java.util.Arrays.hashCode(sorted);
    }

    @Override
    public String toString() {
        return "Spread" + java.util.Arrays.toString(sorted);
    }
}
