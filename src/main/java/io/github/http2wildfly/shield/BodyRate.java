package io.github.http2wildfly.shield;

import java.time.Duration;

/**
 * The slowest pace at which a client may send a request body while the server waits for it, after a grace: Kestrel's
 * {@code MinRequestBodyDataRate} (240 bytes a second after 5 s). The rate is the body's bytes over the time the server
 * spent waiting for them, so an application that reads slowly is not blamed on its client. A rate of 0 lets any pace
 * through.
 */
public record BodyRate(long bytesPerSecond, Duration grace) {

    public BodyRate {
        if (bytesPerSecond < 0 || grace.isNegative()) {
            throw new IllegalArgumentException("a body rate is 0 or more bytes a second after a grace of 0 or more: "
                    + bytesPerSecond + " B/s after " + grace);
        }
    }

    /** Whether {@code bytes} received over {@code waitedNanos} of waiting are too few, once the grace is over. */
    public boolean tooSlow(long bytes, long waitedNanos) {
        return bytesPerSecond > 0 && waitedNanos > grace.toNanos()
                && (double) bytes * 1_000_000_000L < (double) bytesPerSecond * waitedNanos;
    }

    @Override
    public String toString() {
        return bytesPerSecond + " bytes a second after " + grace.toSeconds() + " s";
    }
}
