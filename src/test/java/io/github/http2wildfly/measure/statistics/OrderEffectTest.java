package io.github.http2wildfly.measure.statistics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class OrderEffectTest {

    /** The pair's true ratio, and the load's time noise (about what the A/A run measured a load). */
    private static final double RATIO = 0.5;
    private static final double NOISE = 0.09;

    @Test
    void aPenaltyForLoadingFirstIsFoundAndItsIntervalHoldsItAsOftenAsItsConfidenceSays() {
        Random random = new Random(7);
        int runs = 2_000;
        int found = 0;
        int held = 0;
        for (int i = 0; i < runs; i++) {
            OrderEffect effect = simulate(1.2, 10, random);
            found += effect.found() ? 1 : 0;
            held += effect.low() < 1.2 && 1.2 < effect.high() ? 1 : 0;
        }
        assertTrue(found > runs * 0.99, "found in " + found + " of " + runs);
        assertTrue(held > runs * 0.93 && held < runs * 0.97, "the interval held the penalty in " + held + " of " + runs);
    }

    @Test
    void withoutAPenaltyTheIntervalHoldsOneAboutAsOftenAsItsConfidenceSays() {
        Random random = new Random(11);
        int found = 0;
        int runs = 2_000;
        for (int i = 0; i < runs; i++) {
            if (simulate(1.0, 10, random).found()) {
                found++;
            }
        }
        double rate = (double) found / runs;
        assertTrue(rate < 0.07, "order named where it did nothing in " + rate + " of the runs");
        assertTrue(rate > 0.03, "an interval too wide to find anything: " + rate);
    }

    @Test
    void underTwoRoundsInEitherOrderThereIsNothingToJudge() {
        assertFalse(OrderEffect.of(new double[] {0.1, 0.2}, new double[] {0.1}, 0.95).isPresent());
    }

    /** {@code rounds} rounds of each order, the load that comes first paying {@code penalty}, each load its own noise. */
    private static OrderEffect simulate(double penalty, int rounds, Random random) {
        double[] firstLed = new double[rounds];
        double[] secondLed = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            firstLed[i] = Math.log(RATIO * penalty) + noise(random);
            secondLed[i] = Math.log(RATIO / penalty) + noise(random);
        }
        return OrderEffect.of(firstLed, secondLed, 0.95).orElseThrow();
    }

    /** The log ratio's noise: each of its two loads' own. */
    private static double noise(Random random) {
        return NOISE * random.nextGaussian() - NOISE * random.nextGaussian();
    }
}
