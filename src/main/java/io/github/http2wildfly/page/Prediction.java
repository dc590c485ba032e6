package io.github.http2wildfly.page;

/**
 * What the headline's curve says of a race at the reader's speed ({@link AnswerCurveLine#predict}): the ratio
 * h2 / h1-TLS it should read, and the 95 % band a race of that speed falls in.
 */
public record Prediction(double ratio, double low, double high) {

    /** Whether a race that read {@code raceRatio} fell inside the band, its ends included. */
    public boolean holds(double raceRatio) {
        return low <= raceRatio && raceRatio <= high;
    }
}
