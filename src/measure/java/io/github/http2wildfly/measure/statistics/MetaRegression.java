package io.github.http2wildfly.measure.statistics;

import java.util.List;
import java.util.Optional;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A straight line through estimates that each come with their own variance (runs of a benchmark, each a point at a
 * measured covariate), with the spread between them that their own variances do not explain: a random-effects
 * meta-regression. The between-point variance τ² by Paule and Mandel's estimator, the line by weighted least squares
 * at weights 1 / (v + τ²), and its uncertainty from (X'WX)^-1 with Student's t on k − 2 degrees of freedom; Hartung and
 * Knapp's rescaling by the residuals' spread is kept, never below 1 (the "modified" variant), though with Paule and
 * Mandel's τ² it is 1 by construction wherever τ² is above 0. Written here because it is two parameters in closed form,
 * and Apache Commons Statistics, which the project uses for its distributions, has no regression.
 *
 * @param intercept the line at x = 0
 * @param slope its change per unit of x
 * @param varIntercept the intercept's variance; {@code varSlope} the slope's, {@code covariance} between the two
 * @param tau2 the between-point variance: 0 where the points agree within their own variances
 * @param points how many points it rests on
 * @param lowestX the smallest x of the points; {@code highestX} the largest (the line is a statement between them)
 */
public record MetaRegression(double intercept, double slope, double varIntercept, double varSlope, double covariance,
        double tau2, int points, double lowestX, double highestX) {

    /** One estimate {@code y} with its variance, at a covariate {@code x}. */
    public record Point(double x, double y, double variance) {
    }

    /** An estimate with its interval at a confidence. */
    public record Interval(double estimate, double low, double high) {

        public boolean contains(double value) {
            return low <= value && value <= high;
        }
    }

    /** The line through these points, or empty under three points or where they all share one x (no slope to find). */
    public static Optional<MetaRegression> fit(List<Point> points) {
        int k = points.size();
        if (k < 3 || points.stream().mapToDouble(Point::x).distinct().count() < 2) {
            return Optional.empty();
        }
        double tau2 = pauleMandel(points);
        double[] weights = points.stream().mapToDouble(point -> 1 / (point.variance() + tau2)).toArray();
        Line line = Line.weighted(points, weights);
        double scale = Math.max(1, line.weightedResiduals(points, weights) / (k - 2));
        return Optional.of(new MetaRegression(line.intercept, line.slope, scale * line.inverse[0][0], scale * line.inverse[1][1],
                scale * line.inverse[0][1], tau2, k,
                points.stream().mapToDouble(Point::x).min().orElseThrow(), points.stream().mapToDouble(Point::x).max().orElseThrow()));
    }

    /**
     * The between-point variance at which the residuals' weighted sum of squares is what k − 2 points without such a
     * spread would give (Paule and Mandel's estimator; DerSimonian–Laird's one-step moment estimate falls far short
     * where the points' own variances differ a hundredfold, as a summary's and a run's do). Found by bisection: the
     * sum only falls as τ² grows.
     */
    private static double pauleMandel(List<Point> points) {
        int k = points.size();
        if (generalisedQ(points, 0) <= k - 2) {
            return 0;
        }
        double low = 0;
        double high = points.stream().mapToDouble(Point::y).map(Math::abs).max().orElse(1) + 1;
        while (generalisedQ(points, high) > k - 2) {
            high *= 4;
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double middle = (low + high) / 2;
            if (generalisedQ(points, middle) > k - 2) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    private static double generalisedQ(List<Point> points, double tau2) {
        double[] weights = points.stream().mapToDouble(point -> 1 / (point.variance() + tau2)).toArray();
        return Line.weighted(points, weights).weightedResiduals(points, weights);
    }

    /** The line's value at x. */
    public double at(double x) {
        return intercept + slope * x;
    }

    /** Where the line is, at x: its value with its interval (the line's own uncertainty, not the points' spread). */
    public Interval line(double x, double confidence) {
        return around(at(x), lineVariance(x), confidence);
    }

    /**
     * Where a new point at x, with its own variance, is expected: the line's uncertainty, the spread between points and
     * the point's own variance together. A point outside it disagrees with the points before it.
     */
    public Interval prediction(double x, double ownVariance, double confidence) {
        return around(at(x), lineVariance(x) + tau2 + ownVariance, confidence);
    }

    /** The x at which the line reaches y (the slope is not 0). */
    public double whereItReaches(double y) {
        return (y - intercept) / slope;
    }

    /** Whether x lies within the points' x: a statement there rests on them, one beyond them on the line alone. */
    public boolean covers(double x) {
        return lowestX <= x && x <= highestX;
    }

    private double lineVariance(double x) {
        return varIntercept + 2 * x * covariance + x * x * varSlope;
    }

    private Interval around(double estimate, double variance, double confidence) {
        double half = TDistribution.of(points - 2).inverseSurvivalProbability((1 - confidence) / 2) * Math.sqrt(variance);
        return new Interval(estimate, estimate - half, estimate + half);
    }

    /** Weighted least squares of y on x: the line and (X'WX)^-1. */
    private record Line(double intercept, double slope, double[][] inverse) {

        static Line weighted(List<Point> points, double[] weights) {
            double s = 0;
            double sx = 0;
            double sxx = 0;
            double sy = 0;
            double sxy = 0;
            for (int i = 0; i < points.size(); i++) {
                Point point = points.get(i);
                double w = weights[i];
                s += w;
                sx += w * point.x();
                sxx += w * point.x() * point.x();
                sy += w * point.y();
                sxy += w * point.x() * point.y();
            }
            double determinant = s * sxx - sx * sx;
            double slope = (s * sxy - sx * sy) / determinant;
            double intercept = (sy - slope * sx) / s;
            double[][] inverse = {{sxx / determinant, -sx / determinant}, {-sx / determinant, s / determinant}};
            return new Line(intercept, slope, inverse);
        }

        double weightedResiduals(List<Point> points, double[] weights) {
            double sum = 0;
            for (int i = 0; i < points.size(); i++) {
                double residual = points.get(i).y() - (intercept + slope * points.get(i).x());
                sum += weights[i] * residual * residual;
            }
            return sum;
        }
    }
}
