package io.github.http2wildfly.latency;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * What a TCP sender may have in flight, on the emulated network's clock, for each {@link CongestionControl}.
 * Every sender starts at ten segments (RFC 6928) and doubles every round trip in slow start; what differs
 * is the answer to loss:
 * <ul>
 * <li>NewReno (RFC 5681, RFC 6582) halves its window once per loss episode, then grows by one segment a
 * round trip;</li>
 * <li>CUBIC (RFC 9438, as Linux) goes down to 0.7 of it, then grows back along a cubic curve towards the
 * window it lost at, never slower than a Reno sender of the same average rate would (its "Reno-friendly"
 * region, where random loss keeps it at these round trips);</li>
 * <li>BBR (v1, Linux's) does not take loss as a sign of congestion: it paces at the delivery rate it
 * measures, and on a link with room that rate doubles every round trip as in slow start. A loss costs it
 * the retransmission, not the window.</li>
 * </ul>
 *
 * <p>An ACK comes back one round trip after its segment left; a lost segment is noticed then (three
 * duplicate ACKs, or the timer for a tail) and leaves the window a round trip later, when its
 * retransmission is acknowledged. Until then a loss-based sender is in recovery: ACKs of segments sent
 * before the reduction free room but grow nothing (Linux and quiche alike); BBR keeps growing. Not
 * modelled: delayed ACKs, HyStart (it exits slow start when the delay rises, which fixed emulated delays
 * do not), BBR's pacing and its probing cycles, the timeout of a lost tail (Linux's tail loss probe mostly
 * avoids it). The receive window is the proxy's ({@link ReceiveWindow}), which sees the client's reads. A lost retransmission is: it waits for the retransmission timer, and
 * a loss-based sender starts again from one segment.
 */
final class CongestionWindow {

    static final int INITIAL_SEGMENTS = 10;
    /** NewReno's multiplicative decrease. */
    static final double RENO_BETA = 0.5;
    /** CUBIC's multiplicative decrease and its constant C (RFC 9438, Linux's values). */
    static final double CUBIC_BETA = 0.7;
    static final double CUBIC_C = 0.4;
    /** RFC 9438's alpha: what makes CUBIC's Reno-friendly estimate as fast as Reno on average. */
    private static final double CUBIC_ALPHA = 3 * (1 - CUBIC_BETA) / (1 + CUBIC_BETA);
    private static final double MIN_SEGMENTS = 2;
    private static final double NANOS_PER_SECOND = 1e9;

    /** What happens to the window at a time: an ACK (the bytes it frees), a loss noticed, or a retransmission timeout. */
    private enum Kind { ACK, LOSS, TIMEOUT }

    /** @param segment the number of the segment, in the order they left */
    private record Event(long atNanos, long segment, int bytes, Kind kind, long sentNanos) {
    }

    private final CongestionControl algorithm;
    private final long roundTripNanos;
    private final long timeoutNanos;
    /** By time, then in the order their segments left (as their ACKs come back). */
    private final PriorityQueue<Event> events = new PriorityQueue<>(Comparator.comparingLong(Event::atNanos)
            .thenComparingLong(Event::segment));
    /** In segments (fractions while it grows in congestion avoidance). */
    private double window = INITIAL_SEGMENTS;
    private double slowStartThreshold = Double.POSITIVE_INFINITY;
    private long episodeStartNanos = Long.MIN_VALUE;
    /** CUBIC: the window at the last reduction, the curve's plateau, and its Reno-friendly estimate. */
    private double windowMax;
    private double renoFriendly;
    private long inFlightBytes;
    private long segments;
    /** The latest time admitted: segments leave in order. */
    private long clockNanos = Long.MIN_VALUE;

    /** @param timeoutNanos the retransmission timeout, which a lost retransmission waits for */
    CongestionWindow(CongestionControl algorithm, long roundTripNanos, long timeoutNanos) {
        this.algorithm = algorithm;
        this.roundTripNanos = roundTripNanos;
        this.timeoutNanos = timeoutNanos;
    }

    /** The earliest time from {@code readyNanos} at which {@code bytes} more fit in the window. */
    long admit(long readyNanos, int bytes) {
        clockNanos = Math.max(clockNanos, readyNanos);
        process(clockNanos);
        while (inFlightBytes > 0 && inFlightBytes + bytes > windowBytes()) {
            clockNanos = Math.max(clockNanos, events.peek().atNanos());
            process(clockNanos);
        }
        return clockNanos;
    }

    /** {@code bytes} left at {@code sentNanos}; {@code lost}: they will not arrive the first time. */
    void sent(long sentNanos, int bytes, boolean lost) {
        sent(sentNanos, bytes, lost ? 1 : 0);
    }

    /**
     * {@code bytes} left at {@code sentNanos} and will be lost {@code losses} times: the first noticed a round trip
     * later and retransmitted at once, each lost retransmission noticed only when the retransmission timer fires.
     */
    void sent(long sentNanos, int bytes, int losses) {
        inFlightBytes += bytes;
        long segment = segments++;
        if (losses > 0) {
            events.add(new Event(sentNanos + roundTripNanos, segment, 0, Kind.LOSS, sentNanos));
            for (int timeout = 1; timeout < losses; timeout++) {
                events.add(new Event(sentNanos + roundTripNanos + timeout * timeoutNanos, segment, 0, Kind.TIMEOUT, sentNanos));
            }
        }
        events.add(new Event(sentNanos + (losses == 0 ? 0 : roundTripNanos) + (losses > 1 ? (losses - 1) * timeoutNanos : 0)
                + roundTripNanos, segment, bytes, Kind.ACK, sentNanos));
    }

    /** The window in bytes, as of the last time asked. */
    long windowBytes() {
        return Math.round(window * Network.SEGMENT_BYTES);
    }

    private void process(long nowNanos) {
        while (!events.isEmpty() && events.peek().atNanos() <= nowNanos) {
            Event event = events.poll();
            switch (event.kind()) {
                case LOSS -> lossNoticed(event);
                case TIMEOUT -> timedOut();
                case ACK -> {
                    inFlightBytes -= event.bytes();
                    // in recovery (sent before the last reduction) an ACK frees room but grows nothing, as in Linux and quiche
                    if (event.sentNanos() >= episodeStartNanos || algorithm == CongestionControl.BBR) {
                        acked(event.bytes() / (double) Network.SEGMENT_BYTES, event.atNanos());
                    }
                }
            }
        }
    }

    /** Once per episode: a loss among segments sent before the last reduction was noticed belongs to it. */
    private void lossNoticed(Event loss) {
        if (loss.sentNanos() < episodeStartNanos) {
            return;
        }
        episodeStartNanos = loss.atNanos();
        switch (algorithm) {
            case RENO -> reduce(RENO_BETA);
            case CUBIC -> {
                // fast convergence (Linux, RFC 9438 4.7): a window lost below the last plateau lowers the next one
                windowMax = window < windowMax ? window * (1 + CUBIC_BETA) / 2 : window;
                reduce(CUBIC_BETA);
                renoFriendly = window;
            }
            case BBR -> {
                // a loss is not congestion to BBR: its window follows the delivery rate, which a loss hardly moves
            }
        }
    }

    /**
     * A retransmission was lost too, and only the timer told: a loss-based sender starts again from one segment
     * in slow start, up to the threshold of its last reduction (Linux's loss state); BBR keeps its window, which
     * Linux's BBR restores as soon as the loss is repaired.
     */
    private void timedOut() {
        if (algorithm != CongestionControl.BBR) {
            window = 1;
        }
    }

    private void reduce(double beta) {
        window = Math.max(window * beta, MIN_SEGMENTS);
        slowStartThreshold = window;
    }

    private void acked(double segments, long nowNanos) {
        if (window < slowStartThreshold) {
            window += segments;
        } else if (algorithm == CongestionControl.CUBIC) {
            window = cubic(segments, nowNanos);
        } else {
            window += segments / window;
        }
    }

    /**
     * CUBIC's growth for {@code segments} acknowledged at {@code nowNanos}: towards the curve's value one
     * round trip ahead, W(t) = C (t - K)³ + W_max with K = ∛(W_max (1 - β) / C), never below the
     * Reno-friendly estimate, which grows by alpha segments a round trip.
     */
    private double cubic(double segments, long nowNanos) {
        double t = (nowNanos - episodeStartNanos + roundTripNanos) / NANOS_PER_SECOND;
        double k = Math.cbrt(windowMax * (1 - CUBIC_BETA) / CUBIC_C);
        double target = CUBIC_C * Math.pow(t - k, 3) + windowMax;
        renoFriendly += CUBIC_ALPHA * segments / window;
        if (renoFriendly > target) {
            return Math.max(window, renoFriendly);
        }
        // as Linux: at most half the window more per round trip, and a hundredth of a segment when at the target
        double step = target > window ? Math.min(target - window, window / 2) : 0.01;
        return window + step * segments / window;
    }
}
