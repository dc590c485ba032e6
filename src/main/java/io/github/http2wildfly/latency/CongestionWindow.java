package io.github.http2wildfly.latency;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * What a TCP sender may have in flight: NewReno (RFC 5681, RFC 6582) on the emulated network's clock.
 * It starts at ten segments (RFC 6928), doubles every round trip in slow start, halves once per loss
 * episode and then grows by one segment a round trip. Linux's default is CUBIC, but the HTTP/3 edge
 * cannot run a CUBIC that answers loss as Linux's does (quiche's undoes reductions after sparse
 * losses), and its NewReno is this one: the same controller on both sides, so a lost packet costs
 * TCP and QUIC the same window and the comparison measures what remains, head-of-line blocking.
 * (At the windows random loss leaves at these round trips, CUBIC runs in its Reno-friendly region
 * anyway, at Reno's average rate; what differs is how fast a window that overshot comes down.)
 *
 * <p>An ACK comes back one round trip after its segment left; a lost segment is noticed then (three
 * duplicate ACKs, or the timer for a tail) and leaves the window a round trip later, when its
 * retransmission is acknowledged. Until then the sender is in recovery: ACKs of segments sent before
 * the reduction free room but grow nothing (Linux and quiche alike). Not modelled: delayed ACKs,
 * HyStart (it exits slow start when the delay rises, which fixed emulated delays do not), the
 * receive window, the reset to one segment after a retransmission timeout (Linux's tail loss probe
 * mostly avoids it).
 */
final class CongestionWindow {

    static final int INITIAL_SEGMENTS = 10;
    static final double BETA = 0.5;
    private static final double MIN_SEGMENTS = 2;

    /** @param segment the number of the segment, in the order they left */
    private record Event(long atNanos, long segment, int bytes, boolean lossNoticed, long sentNanos) {
    }

    private final long roundTripNanos;
    /** By time, then in the order their segments left (as their ACKs come back). */
    private final PriorityQueue<Event> events = new PriorityQueue<>(Comparator.comparingLong(Event::atNanos)
            .thenComparingLong(Event::segment));
    /** In segments (fractions while it grows in congestion avoidance). */
    private double window = INITIAL_SEGMENTS;
    private double slowStartThreshold = Double.POSITIVE_INFINITY;
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
                    acked(event.bytes() / (double) Network.SEGMENT_BYTES);
                }
            }
        }
    }

    /** Once per episode: a loss among segments sent before the last reduction was noticed belongs to it. */
    private void lossNoticed(Event loss) {
        if (loss.sentNanos() < episodeStartNanos) {
            return;
        }
        window = Math.max(window * BETA, MIN_SEGMENTS);
        slowStartThreshold = window;
        episodeStartNanos = loss.atNanos();
    }

    private void acked(double segments) {
        window += window < slowStartThreshold ? segments : segments / window;
    }
}
