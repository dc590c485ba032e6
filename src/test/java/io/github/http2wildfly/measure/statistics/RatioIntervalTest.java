package io.github.http2wildfly.measure.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RatioIntervalTest {

    /** h2 / h1-TLS, five rounds: 800 / 4600 ms and so on. */
    private static final double[] FAR_APART = logs(800.0 / 4600, 830.0 / 4720, 790.0 / 4510, 845.0 / 4655, 812.0 / 4580);

    @Test
    void theRatioIsTheGeometricMeanOfTheRoundsRatiosAndTheIntervalHoldsIt() {
        RatioInterval interval = RatioInterval.of(FAR_APART, 0.95);
        double product = 800.0 / 4600 * 830.0 / 4720 * 790.0 / 4510 * 845.0 / 4655 * 812.0 / 4580;
        assertEquals(Math.pow(product, 1 / 5.0), interval.ratio(), 1e-12);
        assertTrue(interval.low() < interval.ratio() && interval.ratio() < interval.high(), interval.label());
        assertTrue(interval.high() < 1 && interval.excludesOne(), interval.label());
        assertEquals(5, interval.loads());
    }

    @Test
    void theIntervalIsStudentsTOnTheLogRatios() {
        // log ratios 0.1, 0.2, 0.3: mean 0.2, standard deviation 0.1, t(2 degrees, 97.5 %) = 4.302653
        RatioInterval interval = RatioInterval.of(new double[] {0.1, 0.2, 0.3}, 0.95);
        double half = 4.302653 * 0.1 / Math.sqrt(3);
        assertEquals(Math.exp(0.2 - half), interval.low(), 1e-6);
        assertEquals(Math.exp(0.2 + half), interval.high(), 1e-6);
    }

    @Test
    void moreConfidenceIsAWiderInterval() {
        RatioInterval at95 = RatioInterval.of(FAR_APART, 0.95);
        RatioInterval at99 = RatioInterval.of(FAR_APART, 0.99);
        assertTrue(at99.low() < at95.low() && at99.high() > at95.high());
    }

    @Test
    void roundsOnBothSidesOfOneExcludeNothing() {
        RatioInterval interval = RatioInterval.of(logs(610.0 / 640, 700.0 / 600, 655.0 / 690, 590.0 / 710, 720.0 / 620), 0.95);
        assertFalse(interval.excludesOne(), interval.label());
        assertFalse(interval.within(0.05), "an interval this wide is no evidence of a tie: " + interval.label());
    }

    @Test
    void aTightIntervalAroundOneIsLevel() {
        RatioInterval interval = RatioInterval.of(logs(1.01, 0.99, 1.00, 1.02, 0.98, 1.01), 0.95);
        assertTrue(interval.within(0.05), interval.label());
        assertFalse(interval.within(0.01), interval.label());
    }

    @Test
    void oneRoundHasNoIntervalAndTwoIntervalsOverlapWhereTheyShareAValue() {
        RatioInterval one = RatioInterval.of(logs(0.17), 0.95);
        assertFalse(one.known() || one.excludesOne() || one.within(0.05));
        assertEquals("0.17 [one load: no interval]", one.label());
        RatioInterval low = new RatioInterval(0.9, 0.85, 0.95, 5, 0.95);
        assertTrue(low.overlaps(new RatioInterval(1.0, 0.94, 1.06, 5, 0.95)));
        assertFalse(low.overlaps(new RatioInterval(1.43, 1.30, 1.55, 5, 0.95)));
        assertFalse(low.overlaps(one), "nothing to overlap without an interval");
    }

    static double[] logs(double... ratios) {
        double[] logs = new double[ratios.length];
        for (int i = 0; i < ratios.length; i++) {
            logs[i] = Math.log(ratios[i]);
        }
        return logs;
    }

    @Test
    void theStandardErrorReadBackFromTheBoundsIsTheLoadsOwn() {
        double[] logs = {0.10, 0.25, 0.15, 0.30};
        double mean = 0.2;
        double variance = (0.01 + 0.0025 + 0.0025 + 0.01) / 3;
        assertEquals(Math.sqrt(variance / logs.length), RatioInterval.of(logs, 0.99).logStandardError(), 1e-12);
        assertTrue(Double.isNaN(RatioInterval.of(new double[] {mean}, 0.95).logStandardError()));
    }

    @Test
    void aQuotientOfTwoRunsIsCentredOnTheRatioOfRatiosAndWiderThanEither() {
        RatioInterval model = RatioInterval.of(new double[] {0.1, 0.2, 0.3}, 0.95);
        RatioInterval lab = RatioInterval.of(new double[] {0.0, 0.1, 0.2, 0.3, 0.4}, 0.95);
        RatioInterval quotient = RatioInterval.quotient(model, lab, 0.95);
        assertEquals(Math.exp(0.2 - 0.2), quotient.ratio(), 1e-12);
        assertEquals(Math.log(quotient.ratio() / quotient.low()), Math.log(quotient.high() / quotient.ratio()), 1e-12, "symmetric in logs");
        double error = Math.hypot(model.logStandardError(), lab.logStandardError());
        double half = Math.log(quotient.high() / quotient.ratio());
        // Welch's degrees of freedom lie between the smaller run's loads less one (2: t = 4.303) and both runs' less two (6: t = 2.447)
        assertTrue(half > 2.447 * error && half < 4.303 * error, half / error + " standard errors");
        assertFalse(quotient.excludesOne());
        assertEquals(3, quotient.loads());
    }

    @Test
    void aQuotientWithARunOfOneLoadHasNoInterval() {
        RatioInterval quotient = RatioInterval.quotient(RatioInterval.of(new double[] {0.1}, 0.95), RatioInterval.of(new double[] {0.0, 0.2}, 0.95), 0.9);
        assertFalse(quotient.known());
        assertEquals(Math.exp(0.1 - 0.1), quotient.ratio(), 1e-12);
    }
}
