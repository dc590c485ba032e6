package io.github.http2wildfly.measure.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {

    @Test
    void theIntervalIsStudentsTAroundTheMean() {
        // 10, 20, 30: mean 20, standard deviation 10, t(2 degrees, 97.5 %) = 4.302653
        MeanInterval interval = MeanInterval.of(new double[] {10, 20, 30}, 0.95);
        double half = 4.302653 * 10 / Math.sqrt(3);
        assertEquals(20, interval.mean(), 1e-12);
        assertEquals(20 - half, interval.low(), 1e-5);
        assertEquals(20 + half, interval.high(), 1e-5);
        assertEquals(3, interval.n());
    }

    @Test
    void zeroesAreAMeanOfZeroWithNoWidth() {
        MeanInterval interval = MeanInterval.of(new double[] {0, 0, 0}, 0.95);
        assertEquals(0, interval.mean());
        assertEquals(0, interval.low());
        assertEquals(0, interval.high());
    }

    @Test
    void oneRoundHasAMeanAndNoInterval() {
        MeanInterval interval = MeanInterval.of(new double[] {42}, 0.95);
        assertEquals(42, interval.mean());
        assertFalse(interval.known());
        assertTrue(Double.isNaN(MeanInterval.of(new double[0], 0.95).mean()));
    }

    @Test
    void aRatioIntervalIsTheMeanIntervalOfTheLogarithms() {
        double[] logs = {0.1, 0.25, 0.3, 0.18};
        MeanInterval mean = MeanInterval.of(logs, 0.95);
        RatioInterval ratio = RatioInterval.of(logs, 0.95);
        assertEquals(Math.exp(mean.mean()), ratio.ratio(), 1e-12);
        assertEquals(Math.exp(mean.low()), ratio.low(), 1e-12);
        assertEquals(Math.exp(mean.high()), ratio.high(), 1e-12);
    }
}
