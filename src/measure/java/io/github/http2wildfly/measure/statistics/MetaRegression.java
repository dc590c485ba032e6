package io.github.http2wildfly.measure.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A line through estimates that each come with their own variance (a benchmark's points, each at a measured covariate
 * x, and at any others, such as whether the client had a CPU budget), with the spread between them that their own
 * variances do not explain: a random-effects meta-regression whose unit of replication is the <em>run</em>, not the
 * point. A run's points (its CPU budgets, loaded on one day on one machine) share that day, so they are not independent:
 * the coefficients' covariance is cluster-robust by run, with the CR2 small-sample correction (Bell and McCaffrey 2002,
 * Tipton 2015: each run's residuals scaled by (I − H)^-1/2 of its own points), and Student's t takes Bell and
 * McCaffrey's Satterthwaite degrees of freedom for the figure asked (Imbens and Kolesár 2016: with few runs, or one run
 * that carries a coefficient, far fewer than runs less coefficients, which held the true line in 90 % of 95 % intervals
 * here). The spread τ² between points by Paule and Mandel's estimator, the coefficients by weighted least squares at
 * weights 1 / (v + τ²). Each interval is the wider of the cluster-robust one (Bell and McCaffrey's degrees of
 * freedom) and the model's own (Hartung and Knapp's covariance, never below (X'WX)^-1, on runs less coefficients): with
 * a point a run and few runs the robust one can fall short (six independent A/A runs named 5.1 % false winners with it
 * alone, RealScheduleCalibrationIT), and with runs of several points the model's does. A new run's point is expected where the line's own uncertainty, τ² and its own variance
 * together put it ({@link #prediction}): the interval a reader's own run needs. Apache Commons Statistics (the
 * project's distributions) has no regression; Commons Math's matrices do the algebra.
 */
public final class MetaRegression {

    private final double[] coefficients;
    private final double[][] covariance;
    private final double tau2;
    private final int runs;
    private final int points;
    /** The model's own covariance (Hartung and Knapp), beside the cluster-robust {@code covariance}. */
    private final double[][] model;
    private final double lowestX;
    private final double highestX;
    /** G_k'G_l for the unit contrasts k, l: what the degrees of freedom of any contrast c are made of (Σ c_k c_l). */
    private final RealMatrix[][] freedom;

    private MetaRegression(double[] coefficients, double[][] covariance, double[][] model, double tau2, int runs, int points,
            double lowestX, double highestX, RealMatrix[][] freedom) {
        this.coefficients = coefficients;
        this.covariance = covariance;
        this.tau2 = tau2;
        this.runs = runs;
        this.points = points;
        this.model = model;
        this.lowestX = lowestX;
        this.highestX = highestX;
        this.freedom = freedom;
    }

    /**
     * One estimate {@code y} with its variance, at a covariate {@code x} and any others, from a run.
     *
     * @param run the run it came from: points of one run are one unit
     * @param others further covariates (0 or 1 for a kind of point), the same number for every point
     */
    public record Point(String run, double x, double y, double variance, double... others) {
    }

    /** An estimate with its interval at a confidence. */
    public record Interval(double estimate, double low, double high) {

        public boolean contains(double value) {
            return low <= value && value <= high;
        }
    }

    /**
     * The line through these points, or empty where the runs cannot carry it: fewer runs than coefficients + 1 (no
     * degree of freedom left), or all points at one x (no slope to find).
     */
    public static Optional<MetaRegression> fit(List<Point> points) {
        int coefficients = points.isEmpty() ? 0 : 2 + points.get(0).others().length;
        long runs = points.stream().map(Point::run).distinct().count();
        if (runs < coefficients + 1 || points.stream().mapToDouble(Point::x).distinct().count() < 2) {
            return Optional.empty();
        }
        RealMatrix design = design(points);
        if (bread(design, weights(points, 0)).isEmpty()) {
            return Optional.empty(); // a covariate no point varies, or one that repeats another
        }
        double tau2 = pauleMandel(points, design);
        double[] weights = weights(points, tau2);
        Optional<RealMatrix> bread = bread(design, weights);
        RealVector beta = coefficients(design, weights, points, bread.get());
        RealMatrix z = MatrixUtils.createRealDiagonalMatrix(Arrays.stream(weights).map(Math::sqrt).toArray()).multiply(design);
        List<List<Integer>> byRun = List.copyOf(byRun(points).values());
        RealMatrix meat = new Array2DRowRealMatrix(coefficients, coefficients);
        List<RealMatrix> adjustments = new ArrayList<>();
        for (List<Integer> run : byRun) {
            RealMatrix rows = z.getSubMatrix(run.stream().mapToInt(Integer::intValue).toArray(), columns(coefficients));
            RealMatrix adjustment = inverseRoot(MatrixUtils.createRealIdentityMatrix(run.size())
                    .subtract(rows.multiply(bread.get()).multiply(rows.transpose())));
            adjustments.add(adjustment);
            RealVector residuals = new ArrayRealVector(run.stream().mapToDouble(i -> Math.sqrt(weights[i])
                    * (points.get(i).y() - design.getRowVector(i).dotProduct(beta))).toArray());
            RealVector share = rows.transpose().operate(adjustment.operate(residuals));
            meat = meat.add(share.outerProduct(share));
        }
        RealMatrix robust = bread.get().multiply(meat).multiply(bread.get());
        RealMatrix model = bread.get().scalarMultiply(Math.max(1, generalisedQ(points, design, tau2) / (points.size() - coefficients)));
        return Optional.of(new MetaRegression(beta.toArray(), robust.getData(), model.getData(), tau2, byRun.size(), points.size(),
                points.stream().mapToDouble(Point::x).min().orElseThrow(), points.stream().mapToDouble(Point::x).max().orElseThrow(),
                freedom(z, bread.get(), byRun, adjustments)));
    }

    /**
     * Bell and McCaffrey's degrees of freedom are (tr Q)² / tr Q², Q = G'G, where G's column for run j is (I − H) times
     * that run's adjusted rows A_j Z_j M c, zero elsewhere (the working model's covariance, in these whitened units, is
     * I). G is linear in the contrast c, so G_k'G_l for the unit contrasts give Q for any c.
     */
    private static RealMatrix[][] freedom(RealMatrix z, RealMatrix bread, List<List<Integer>> byRun, List<RealMatrix> adjustments) {
        int n = z.getRowDimension();
        int p = z.getColumnDimension();
        RealMatrix residualMaker = MatrixUtils.createRealIdentityMatrix(n).subtract(z.multiply(bread).multiply(z.transpose()));
        RealMatrix[] g = new RealMatrix[p];
        for (int k = 0; k < p; k++) {
            RealVector unit = new ArrayRealVector(p);
            unit.setEntry(k, 1);
            RealMatrix columns = new Array2DRowRealMatrix(n, byRun.size());
            for (int j = 0; j < byRun.size(); j++) {
                List<Integer> run = byRun.get(j);
                RealMatrix rows = z.getSubMatrix(run.stream().mapToInt(Integer::intValue).toArray(), columns(p));
                RealVector adjusted = adjustments.get(j).operate(rows.operate(bread.operate(unit)));
                for (int r = 0; r < run.size(); r++) {
                    columns.setEntry(run.get(r), j, adjusted.getEntry(r));
                }
            }
            g[k] = residualMaker.multiply(columns);
        }
        RealMatrix[][] freedom = new RealMatrix[p][p];
        for (int k = 0; k < p; k++) {
            for (int l = 0; l < p; l++) {
                freedom[k][l] = g[k].transpose().multiply(g[l]);
            }
        }
        return freedom;
    }

    /** The robust covariance's degrees of freedom for the contrast c'β (Bell and McCaffrey), never above the model's. */
    private double degreesOfFreedom(double[] contrast) {
        int most = modelsDegreesOfFreedom();
        RealMatrix q = new Array2DRowRealMatrix(runs, runs);
        for (int k = 0; k < contrast.length; k++) {
            for (int l = 0; l < contrast.length; l++) {
                q = q.add(freedom[k][l].scalarMultiply(contrast[k] * contrast[l]));
            }
        }
        double trace = q.getTrace();
        double df = trace * trace / q.multiply(q).getTrace();
        return Math.min(df, most);
    }

    private static int[] columns(int count) {
        return IntStream.range(0, count).toArray();
    }

    public double intercept() {
        return coefficients[0];
    }

    public double slope() {
        return coefficients[1];
    }

    public double varIntercept() {
        return covariance[0][0];
    }

    public double varSlope() {
        return covariance[1][1];
    }

    public double interceptSlopeCovariance() {
        return covariance[0][1];
    }

    public double tau2() {
        return tau2;
    }

    public double[] coefficients() {
        return coefficients.clone();
    }

    public int runs() {
        return runs;
    }

    public double lowestX() {
        return lowestX;
    }

    public double highestX() {
        return highestX;
    }

    /** The degrees of freedom of the line's value at x (the further covariates at 0). */
    public double degreesOfFreedom(double x) {
        return degreesOfFreedom(lineContrast(x));
    }

    /** The model's degrees of freedom: runs (or points, where fewer) less coefficients, as Hartung and Knapp take them. */
    private int modelsDegreesOfFreedom() {
        return Math.min(runs, points) - coefficients.length;
    }

    /** Student's t at this two-sided confidence for the line's value at x. */
    public double t(double x, double confidence) {
        return TDistribution.of(degreesOfFreedom(x)).inverseSurvivalProbability((1 - confidence) / 2);
    }

    /** The line's value at x, the further covariates at 0. */
    public double at(double x) {
        return intercept() + slope() * x;
    }

    /** Where the line is, at x (the further covariates at 0): its value with its interval (the mean's, not a run's). */
    public Interval line(double x, double confidence) {
        return wider(at(x), lineContrast(x), 0, confidence);
    }

    /**
     * Where a new run's point at x (the further covariates at 0), with its own variance, is expected: the line's
     * uncertainty, the spread between points and the point's own variance together. A point outside it disagrees
     * with the points it was fitted on.
     */
    public Interval prediction(double x, double ownVariance, double confidence) {
        return wider(at(x), lineContrast(x), tau2 + ownVariance, confidence);
    }

    /** A further covariate's coefficient (0 the first after x) with its interval: what that kind of point adds. */
    public Interval other(int index, double confidence) {
        int at = 2 + index;
        double[] contrast = new double[coefficients.length];
        contrast[at] = 1;
        return wider(coefficients[at], contrast, 0, confidence);
    }

    /** The x at which the line reaches y (the slope is not 0). */
    public double whereItReaches(double y) {
        return (y - intercept()) / slope();
    }

    /** Whether x lies within the points' x: a statement there rests on them, one beyond them on the line alone. */
    public boolean covers(double x) {
        return lowestX <= x && x <= highestX;
    }

    /** The wider of the robust interval and the model's for the contrast c'β, with {@code plus} added to both variances. */
    private Interval wider(double estimate, double[] contrast, double plus, double confidence) {
        Interval robust = around(estimate, quadratic(covariance, contrast) + plus, degreesOfFreedom(contrast), confidence);
        Interval own = around(estimate, quadratic(model, contrast) + plus, modelsDegreesOfFreedom(), confidence);
        return robust.high() - robust.low() >= own.high() - own.low() ? robust : own;
    }

    private static double quadratic(double[][] matrix, double[] contrast) {
        double sum = 0;
        for (int k = 0; k < contrast.length; k++) {
            for (int l = 0; l < contrast.length; l++) {
                sum += contrast[k] * matrix[k][l] * contrast[l];
            }
        }
        return sum;
    }

    private double[] lineContrast(double x) {
        double[] contrast = new double[coefficients.length];
        contrast[0] = 1;
        contrast[1] = x;
        return contrast;
    }

    private static Interval around(double estimate, double variance, double degreesOfFreedom, double confidence) {
        double half = TDistribution.of(degreesOfFreedom).inverseSurvivalProbability((1 - confidence) / 2) * Math.sqrt(variance);
        return new Interval(estimate, estimate - half, estimate + half);
    }

    private static RealMatrix design(List<Point> points) {
        int columns = 2 + points.get(0).others().length;
        RealMatrix design = new Array2DRowRealMatrix(points.size(), columns);
        for (int i = 0; i < points.size(); i++) {
            Point point = points.get(i);
            if (point.others().length != columns - 2) {
                throw new IllegalArgumentException("every point needs the same covariates: " + point);
            }
            design.setEntry(i, 0, 1);
            design.setEntry(i, 1, point.x());
            for (int c = 0; c < point.others().length; c++) {
                design.setEntry(i, 2 + c, point.others()[c]);
            }
        }
        return design;
    }

    private static double[] weights(List<Point> points, double tau2) {
        return points.stream().mapToDouble(point -> 1 / (point.variance() + tau2)).toArray();
    }

    /** (X'WX)^-1, or empty where X'WX is singular. */
    private static Optional<RealMatrix> bread(RealMatrix design, double[] weights) {
        RealMatrix weighted = MatrixUtils.createRealDiagonalMatrix(weights).multiply(design);
        LUDecomposition lu = new LUDecomposition(design.transpose().multiply(weighted), 1e-12);
        return lu.getSolver().isNonSingular() ? Optional.of(lu.getSolver().getInverse()) : Optional.empty();
    }

    private static RealVector coefficients(RealMatrix design, double[] weights, List<Point> points, RealMatrix bread) {
        RealVector weightedY = new ArrayRealVector(points.stream().mapToDouble(Point::y).toArray()).ebeMultiply(new ArrayRealVector(weights));
        return bread.operate(design.transpose().operate(weightedY));
    }

    /**
     * (I − B)^-1/2 by eigenvalues, a generalised one where an eigenvalue is 0 (a run that alone decides a coefficient),
     * as the CR2 estimator's authors take it.
     */
    private static RealMatrix inverseRoot(RealMatrix matrix) {
        EigenDecomposition eigen = new EigenDecomposition(symmetric(matrix));
        double[] roots = eigen.getRealEigenvalues().clone();
        for (int i = 0; i < roots.length; i++) {
            roots[i] = roots[i] > 1e-10 ? 1 / Math.sqrt(roots[i]) : 0;
        }
        return eigen.getV().multiply(MatrixUtils.createRealDiagonalMatrix(roots)).multiply(eigen.getVT());
    }

    /** The matrix with its rounding's asymmetry removed, as the eigen-decomposition of a symmetric matrix needs. */
    private static RealMatrix symmetric(RealMatrix matrix) {
        return matrix.add(matrix.transpose()).scalarMultiply(0.5);
    }

    private static Map<String, List<Integer>> byRun(List<Point> points) {
        Map<String, List<Integer>> runs = new LinkedHashMap<>();
        for (int i = 0; i < points.size(); i++) {
            runs.computeIfAbsent(points.get(i).run(), any -> new ArrayList<>()).add(i);
        }
        return runs;
    }

    /**
     * The between-point variance at which the residuals' weighted sum of squares is what k − p points without such a
     * spread would give (Paule and Mandel's estimator; DerSimonian–Laird's one-step moment estimate falls far short
     * where the points' own variances differ a hundredfold, as a summary's and a run's do). Found by bisection: the
     * sum only falls as τ² grows.
     */
    private static double pauleMandel(List<Point> points, RealMatrix design) {
        int freedom = points.size() - design.getColumnDimension();
        if (freedom <= 0 || generalisedQ(points, design, 0) <= freedom) {
            return 0;
        }
        double low = 0;
        double high = points.stream().mapToDouble(Point::y).map(Math::abs).max().orElse(1) + 1;
        while (generalisedQ(points, design, high) > freedom) {
            high *= 4;
        }
        for (int i = 0; i < 200 && high - low > 1e-12 * high; i++) {
            double middle = (low + high) / 2;
            if (generalisedQ(points, design, middle) > freedom) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }

    private static double generalisedQ(List<Point> points, RealMatrix design, double tau2) {
        double[] weights = weights(points, tau2);
        RealVector beta = coefficients(design, weights, points, bread(design, weights).orElseThrow());
        double sum = 0;
        for (int i = 0; i < points.size(); i++) {
            double residual = points.get(i).y() - design.getRowVector(i).dotProduct(beta);
            sum += weights[i] * residual * residual;
        }
        return sum;
    }
}
