package io.github.http2wildfly.latency;

/**
 * One direction of the emulated link, shared by every connection of a proxy (one client's page load):
 * bytes leave one after another at the link rate, as through a token bucket that holds no more than
 * what is being sent. Times are {@link System#nanoTime()} values, given by the caller (tests use
 * their own clock).
 */
final class Link {

    private final long bitsPerSecond;
    private long freeAtNanos = Long.MIN_VALUE;

    Link(long bitsPerSecond) {
        this.bitsPerSecond = bitsPerSecond;
    }

    /** When the last of {@code bytes}, ready at {@code readyNanos}, has left (at once on an unlimited link). */
    synchronized long departure(long readyNanos, int bytes) {
        if (bitsPerSecond == Network.UNLIMITED) {
            return readyNanos;
        }
        long start = freeAtNanos == Long.MIN_VALUE ? readyNanos : Math.max(readyNanos, freeAtNanos);
        freeAtNanos = start + bytes * 8L * 1_000_000_000L / bitsPerSecond;
        return freeAtNanos;
    }
}
