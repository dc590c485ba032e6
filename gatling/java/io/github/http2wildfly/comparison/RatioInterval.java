package io.github.http2wildfly.comparison;

import io.github.http2wildfly.shared.Spread;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A ratio of two cells' medians with its 95 % confidence interval, from a percentile bootstrap over the loads of
 * both cells (each resampled with replacement, {@value #RESAMPLES} times, seeded: the same loads give the same
 * interval). On two shared cores a single run's ratio can land on either side of 1; only where the interval
 * excludes 1 is there a winner. Why our own: twenty lines, where a statistics library would be a dependency for one
 * percentile of one resampling.
 */
public record RatioInterval(double ratio, double low, double high) {

    static final int RESAMPLES = 2000;
    static final long SEED = 2015;

    /**
     * {@code of}'s median over {@code against}'s, with the interval; NaN bounds where a cell has fewer than two loads
     * (one load has no spread to resample).
     */
    public static RatioInterval bootstrap(List<Double> of, List<Double> against) {
        double ratio = Spread.of(of).median() / Spread.of(against).median();
        if (of.size() < 2 || against.size() < 2) {
            return new RatioInterval(ratio, Double.NaN, Double.NaN);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        for (int i = 0; i < RESAMPLES; i++) {
            ratios[i] = new Spread(resample(of, random)).median() / new Spread(resample(against, random)).median();
        }
        Arrays.sort(ratios);
        return new RatioInterval(ratio, ratios[(int) Math.floor(0.025 * (RESAMPLES - 1))], ratios[(int) Math.ceil(0.975 * (RESAMPLES - 1))]);
    }

    /** Whether there is an interval (two loads or more in both cells). */
    public boolean known() {
        return !Double.isNaN(low);
    }

    /** Whether the interval excludes 1: one side was faster, beyond what these loads' spread explains. */
    public boolean decided() {
        return high < 1 || low > 1;
    }

    /** "0.19 [0.17, 0.22]", numbers as the build log writes them in every locale. */
    public String label() {
        return known() ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", ratio, low, high)
                : String.format(Locale.ROOT, "%.2f [one load: no interval]", ratio);
    }

    /** Who won under this condition, or that the loads cannot tell: for a pair "of / against". */
    public String verdict(String of, String against) {
        return !known() ? "no winner named on one load" : high < 1 ? of + " faster" : low > 1 ? against + " faster"
                : "no winner: the interval spans 1";
    }

    private static double[] resample(List<Double> loads, SplittableRandom random) {
        double[] drawn = new double[loads.size()];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = loads.get(random.nextInt(loads.size()));
        }
        return drawn;
    }
}
