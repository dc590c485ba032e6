package io.github.http2wildfly.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * The headline's answer as a line the race page can use: ln(h2 / h1-TLS) at a round trip of 50 ms for the 500 logos,
 * against ln(the seconds the browser takes to load the page over HTTP/2 on loopback), with what the page needs to
 * predict a race of its own (the line's variances, the spread between runs, the t quantile at 95 %). A run that
 * records itself writes it from every record (docs/results/answer-curve.properties, the comparison's Headline); the
 * WAR carries it, so the race page predicts the reader's ratio from the reader's own loopback load.
 *
 * @param tQuantile Student's t at 95 % on the line's degrees of freedom (points − 2)
 * @param lowestSeconds the fastest loopback load among the points; {@code highestSeconds} the slowest
 * @param source in words: how many points of how many records, and the newest record
 */
public record AnswerCurveLine(double intercept, double slope, double varIntercept, double varSlope, double covariance,
        double tau2, double tQuantile, double lowestSeconds, double highestSeconds, int rttMillis, int count, String source) {

    /** Where the file lives beside the records, and where the WAR has it. */
    public static final String FILE = "answer-curve.properties";
    public static final String RESOURCE = "/WEB-INF/" + FILE;

    /** The file's line; empty without one (a WAR built without the records). */
    public static Optional<AnswerCurveLine> read(InputStream in) {
        if (in == null) {
            return Optional.empty();
        }
        Properties file = new Properties();
        try (in) {
            file.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(new AnswerCurveLine(number(file, "intercept"), number(file, "slope"), number(file, "varIntercept"),
                number(file, "varSlope"), number(file, "covariance"), number(file, "tau2"), number(file, "tQuantile"),
                number(file, "lowestSeconds"), number(file, "highestSeconds"), (int) number(file, "rttMillis"),
                (int) number(file, "count"), file.getProperty("source", "")));
    }

    /** The file's text, one key a line, in a stable order (the records' own, so that a diff shows what a run changed). */
    public String file() {
        return String.format(Locale.ROOT, "# The headline's curve, written by a run that records itself (the comparison's Headline)"
                + " from docs/results; the race page predicts from it.%nintercept=%.6f%nslope=%.6f%nvarIntercept=%.8f%n"
                + "varSlope=%.8f%ncovariance=%.8f%ntau2=%.8f%ntQuantile=%.6f%nlowestSeconds=%.3f%nhighestSeconds=%.3f%n"
                + "rttMillis=%d%ncount=%d%nsource=%s%n", intercept, slope, varIntercept, varSlope, covariance, tau2, tQuantile,
                lowestSeconds, highestSeconds, rttMillis, count, source);
    }

    /**
     * For the race page's script: the curve's setting (a race at another is not predicted) and what the page says of it;
     * the arithmetic is the server's ({@link RacePredictionServlet}).
     */
    public String json() {
        return String.format(Locale.ROOT, "{\"intercept\":%.6f,\"slope\":%.6f,\"varIntercept\":%.8f,\"varSlope\":%.8f,"
                + "\"covariance\":%.8f,\"tau2\":%.8f,\"t\":%.6f,\"lowest\":%.3f,\"highest\":%.3f,\"rtt\":%d,\"count\":%d,\"source\":\"%s\"}",
                intercept, slope, varIntercept, varSlope, covariance, tau2, tQuantile, lowestSeconds, highestSeconds, rttMillis,
                count, source.replace("\\", "\\\\").replace("\"", "\\\""));
    }

    /** The ratio a race at this loopback time should read, and the band a race with this variance of its own falls in. */
    public Prediction predict(double loopbackSeconds, double ownVariance) {
        double x = Math.log(loopbackSeconds);
        double estimate = intercept + slope * x;
        double half = tQuantile * Math.sqrt(varIntercept + 2 * x * covariance + x * x * varSlope + tau2 + ownVariance);
        return new Prediction(Math.exp(estimate), Math.exp(estimate - half), Math.exp(estimate + half));
    }

    /** Whether a browser of this speed is among the recorded ones; beyond them the line is extended. */
    public boolean covers(double loopbackSeconds) {
        return lowestSeconds <= loopbackSeconds && loopbackSeconds <= highestSeconds;
    }

    private static double number(Properties file, String key) {
        String value = file.getProperty(key);
        if (value == null) {
            throw new IllegalArgumentException(FILE + " has no " + key);
        }
        return Double.parseDouble(value.strip());
    }
}
