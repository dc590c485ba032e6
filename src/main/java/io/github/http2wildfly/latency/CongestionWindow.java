package io.github.http2wildfly.latency;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * What a TCP sender may have in flight: Linux's congestion control, CUBIC (RFC 9438), on the emulated
 * network's clock. It starts at ten segments (RFC 6928), doubles every round trip in slow start,
 * shrinks to 0.7 of itself once per loss episode and grows back along CUBIC's curve (or as fast as
 * Reno would, where that is faster; at the windows loss leaves, it is). The HTTP/3 edge's quiche
 * answers real drops with NewReno, whose average rate under random loss is that Reno-friendly one.
 *
 * <p>An ACK comes back one round trip after its segment left; a lost segment is noticed then (three
 * duplicate ACKs, or the timer for a tail) and leaves the window a round trip later, when its
 * retransmission is acknowledged. Until then the sender is in recovery: ACKs of segments sent before
 * the reduction free room but grow nothing (Linux and quiche alike). Not modelled: delayed ACKs, HyStart (it exits slow start when the
 * delay rises, which fixed emulated delays do not), the receive window, the reset to one
 * segment after a retransmission timeout (Linux's tail loss probe mostly avoids it).
 */
final class CongestionWindow {

    static final int INITIAL_SEGMENTS = 10;
    static final double BETA = 0.7;
    static final double C = 0.4;
    /** Reno's growth per round trip that CUBIC does not fall below (RFC 9438, 4.3). */
    private static final double ALPHA = 3 * (1 - BETA) / (1 + BETA);
    private static final double MIN_SEGMENTS = 2;

    /** @param segment the number of the segment, in the order they left */
    private record Event(long atNanos, long segment, int bytes, boolean lossNoticed, long sentNanos) {
    }

    private final long roundTripNanos;
    /** By time, then in the order their segments left (as their ACKs come back). */
    private final PriorityQueue<Event> events = new PriorityQueue<>(Comparator.comparingLong(Event::atNanos)
            .thenComparingLong(Event::segment));
    /** In segments, as RFC 9438 writes its formulas. */
    private double window = INITIAL_SEGMENTS;
    private double slowStartThreshold = Double.POSITIVE_INFINITY;
    private double windowBeforeLoss;
    private double renoWindow;
    private double k;
    private long episodeStartNanos = Long.MIN_VALUE;
    private long inFlightBytes;
    private long segments;
    /** The latest time admitted: segments leave in order. */
    private long clockNanos = Long.MIN_VALUE;

    CongestionWindow(long roundTripNanos) {
        this.roundTripNanos = roundTripNanos;
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
        inFlightBytes += bytes;
        long segment = segments++;
        if (lost) {
            events.add(new Event(sentNanos + roundTripNanos, segment, 0, true, sentNanos));
            events.add(new Event(sentNanos + 2 * roundTripNanos, segment, bytes, false, sentNanos));
        } else {
            events.add(new Event(sentNanos + roundTripNanos, segment, bytes, false, sentNanos));
        }
    }

    /** The window in bytes, as of the last time asked. */
    long windowBytes() {
        return Math.round(window * Network.SEGMENT_BYTES);
    }

    private void process(long nowNanos) {
        while (!events.isEmpty() && events.peek().atNanos() <= nowNanos) {
            Event event = events.poll();
            if (event.lossNoticed()) {
                lossNoticed(event);
            } else {
                inFlightBytes -= event.bytes();
                // in recovery (sent before the last reduction) an ACK frees room but grows nothing, as in Linux and quiche
                if (event.sentNanos() >= episodeStartNanos) {
                    acked(event.atNanos(), event.bytes() / (double) Network.SEGMENT_BYTES);
                }
            }
        }
    }

    /** Once per episode: a loss among segments sent before the last reduction was noticed belongs to it. */
    private void lossNoticed(Event loss) {
        if (loss.sentNanos() < episodeStartNanos) {
            return;
        }
        // fast convergence: a flow whose window keeps falling leaves room to others sooner
        windowBeforeLoss = window < windowBeforeLoss ? window * (1 + BETA) / 2 : window;
        window = Math.max(window * BETA, MIN_SEGMENTS);
        slowStartThreshold = window;
        renoWindow = window;
        k = Math.cbrt(windowBeforeLoss * (1 - BETA) / C);
        episodeStartNanos = loss.atNanos();
    }

    private void acked(long nowNanos, double segments) {
        if (window < slowStartThreshold) {
            window += segments;
            return;
        }
        double sinceLoss = (nowNanos - episodeStartNanos) / 1e9;
        renoWindow += ALPHA * segments / window;
        if (cubic(sinceLoss) < renoWindow) {
            window = renoWindow;
        } else {
            double target = Math.min(Math.max(cubic(sinceLoss + roundTripNanos / 1e9), window), 1.5 * window);
            window += (target - window) / window * segments;
        }
    }

    private double cubic(double seconds) {
        return C * Math.pow(seconds - k, 3) + windowBeforeLoss;
    }
}
