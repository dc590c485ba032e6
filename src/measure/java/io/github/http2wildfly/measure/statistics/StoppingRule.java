package io.github.http2wildfly.measure.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Loads until the answer is decided (as Tachometer's auto-sample): a pair of cells is looked at once it has
 * {@code minLoads} paired rounds, again each time its rounds have grown by half, and at {@code maxLoads}, each look at
 * an even number of rounds where it can be ({@link #looks}). At each look
 * its {@link RatioInterval} decides: below or above 1, a winner; inside {@code band} of 1 either way, level; else more
 * loads, and after the last look, undecided. Every look is a chance to see a winner that is not there, so the 5 % is
 * split evenly over the looks (Bonferroni: each look's interval is at 1 − 5 % / looks), and the chance of ever naming a
 * false winner stays at or below 5 % however the looks fall ({@code FalseWinnerRateIT}).
 *
 * @param band how far from 1 a ratio may be, either way, for "level" (0.05: 5 %)
 */
public record StoppingRule(int minLoads, int maxLoads, double band) {

    /** The chance, over all looks, of naming a winner where the two cells do not differ. */
    public static final double FALSE_WINNER_RATE = 0.05;

    public StoppingRule {
        if (minLoads < 1 || maxLoads < minLoads || band <= 0) {
            throw new IllegalArgumentException("loads from " + minLoads + " to " + maxLoads + ", band " + band);
        }
    }

    /**
     * The rounds at which a pair is looked at: the first, each one half more than the one before, the last; each an
     * even number where it can be (an odd one moves to the next), because only after an even number of rounds has each
     * cell of a pair led as often as the other (ComparisonRun reverses every other round's order), so that what
     * loading first does cancels in the look's ratio.
     */
    public List<Integer> looks() {
        List<Integer> looks = new ArrayList<>();
        for (int n = even(minLoads); n < maxLoads; n = even(Math.max(n + 1, (int) Math.ceil(n * 1.5)))) {
            looks.add(n);
        }
        looks.add(maxLoads);
        return List.copyOf(looks);
    }

    private static int even(int rounds) {
        return rounds + rounds % 2;
    }

    /** Each look's coverage: 95 % for one look, more where there are more. */
    public double confidence() {
        return 1 - FALSE_WINNER_RATE / looks().size();
    }

    /**
     * While loads are still coming: the verdict of the first look these rounds reached that decided, or empty. The
     * rounds' log ratios in the order they were loaded; a look sees the rounds up to it.
     */
    public Verdict atLooks(double[] logRatios) {
        for (int look : looks()) {
            if (look > logRatios.length) {
                break;
            }
            Verdict verdict = look(Arrays.copyOf(logRatios, look));
            if (verdict.decided()) {
                return verdict;
            }
        }
        return new Verdict(Verdict.Kind.UNDECIDED, RatioInterval.of(logRatios, confidence()), band);
    }

    /**
     * Once the loads have ended: as {@link #atLooks}, and where the run stopped between two looks (its time was up),
     * a last look at every round it has, in place of the look at {@code maxLoads} that it never reached.
     */
    public Verdict verdict(double[] logRatios) {
        Verdict verdict = atLooks(logRatios);
        return verdict.decided() || logRatios.length < minLoads || looks().contains(logRatios.length) ? verdict
                : look(logRatios);
    }

    /** One round of a pair: both cells loaded, the log of one's time over the other's. */
    @FunctionalInterface
    public interface Round<E extends Exception> {
        double logRatio(int round) throws E;
    }

    /** A pair loaded round after round, on its own, until it is decided or reaches the last look: its verdict. */
    public <E extends Exception> Verdict loadUntilDecided(Round<E> round) throws E {
        return loadUntilDecided(round, () -> false);
    }

    /**
     * As a run loads a pair: the first {@code minLoads} rounds, then one more each time the rule wants more and the
     * time, asked as the round would start, is not up; the verdict from the looks, or a last look at every round loaded.
     */
    public <E extends Exception> Verdict loadUntilDecided(Round<E> round, BooleanSupplier timeUp) throws E {
        double[] logRatios = new double[maxLoads];
        int rounds = 0;
        while (rounds < maxLoads && (rounds < minLoads || wantsMore(Arrays.copyOf(logRatios, rounds)) && !timeUp.getAsBoolean())) {
            logRatios[rounds] = round.logRatio(rounds);
            rounds++;
        }
        return verdict(Arrays.copyOf(logRatios, rounds));
    }

    /** Whether a pair with these rounds needs more: it reached no verdict and not the last look. */
    public boolean wantsMore(double[] logRatios) {
        return logRatios.length < maxLoads && !atLooks(logRatios).decided();
    }

    private Verdict look(double[] logRatios) {
        RatioInterval interval = RatioInterval.of(logRatios, confidence());
        Verdict.Kind kind = !interval.known() ? Verdict.Kind.UNDECIDED : interval.high() < 1 ? Verdict.Kind.FASTER
                : interval.low() > 1 ? Verdict.Kind.SLOWER : interval.within(band) ? Verdict.Kind.LEVEL : Verdict.Kind.UNDECIDED;
        return new Verdict(kind, interval, band);
    }
}
