package io.github.http2wildfly.measure.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.statistics.MetaRegression.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MetaRegressionTest {

    @Test
    void pointsOnALineGiveThatLineAndNoSpreadBetweenThem() {
        List<Point> points = List.of(new Point(0, 1, 0.01), new Point(1, 3, 0.01), new Point(2, 5, 0.04), new Point(3, 7, 0.01));
        MetaRegression line = MetaRegression.fit(points).orElseThrow();
        assertEquals(1, line.intercept(), 1e-12);
        assertEquals(2, line.slope(), 1e-12);
        assertEquals(0, line.tau2());
        assertEquals(2.5, line.whereItReaches(6), 1e-12);
        assertTrue(line.covers(3) && !line.covers(3.5));
    }

    @Test
    void underThreePointsOrAtOneXThereIsNoLine() {
        assertEquals(Optional.empty(), MetaRegression.fit(List.of(new Point(0, 1, 0.1), new Point(1, 2, 0.1))));
        assertEquals(Optional.empty(), MetaRegression.fit(List.of(new Point(1, 1, 0.1), new Point(1, 2, 0.1), new Point(1, 3, 0.1))));
    }

    @Test
    void theWeightsFollowEachPointsOwnVariance() {
        // the far point is sure of itself, the two near ones are not: the line passes close to the sure one
        List<Point> points = List.of(new Point(0, 0, 1), new Point(0.1, 1, 1), new Point(1, 0.5, 0.0001));
        MetaRegression line = MetaRegression.fit(points).orElseThrow();
        assertEquals(0.5, line.at(1), 0.01);
    }

    /**
     * Points drawn from a known line, each with its own variance and a spread between points of its own: the line's
     * interval holds the true line, and the prediction band a new point, about as often as they say (95 %), or more.
     */
    @Test
    void theLinesIntervalAndThePredictionBandHoldTheirCoverageOnPointsOfKnownSpread() {
        SplittableRandom random = new SplittableRandom(69);
        int trials = 4000;
        int lineHeld = 0;
        int newPointHeld = 0;
        double tau = 0.15;
        for (int trial = 0; trial < trials; trial++) {
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                double x = Math.log(0.6 + 5 * random.nextDouble());
                double variance = Math.pow(0.02 + 0.1 * random.nextDouble(), 2);
                points.add(new Point(x, -1.2 + 0.4 * x + tau * gaussian(random) + Math.sqrt(variance) * gaussian(random), variance));
            }
            MetaRegression line = MetaRegression.fit(points).orElseThrow();
            double x = Math.log(2);
            if (line.line(x, 0.95).contains(-1.2 + 0.4 * x)) {
                lineHeld++;
            }
            double variance = 0.05 * 0.05;
            double newPoint = -1.2 + 0.4 * x + tau * gaussian(random) + 0.05 * gaussian(random);
            if (line.prediction(x, variance, 0.95).contains(newPoint)) {
                newPointHeld++;
            }
        }
        assertTrue(lineHeld >= 0.93 * trials, "the line's interval held the true line in " + lineHeld + " of " + trials);
        assertTrue(newPointHeld >= 0.93 * trials, "the band held a new point in " + newPointHeld + " of " + trials);
        assertTrue(newPointHeld <= 0.995 * trials, "a band that holds every point says nothing: " + newPointHeld + " of " + trials);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
