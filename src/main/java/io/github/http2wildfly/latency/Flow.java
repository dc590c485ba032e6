package io.github.http2wildfly.latency;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * One direction of one connection: when each byte it carries may be delivered. A byte leaves when the
 * shared {@link Link} lets it and arrives half a round trip later. Bytes travel in segments of
 * {@value Network#SEGMENT_BYTES}; a lost segment arrives one retransmission delay late, and every later byte
 * of the flow with it, as TCP delivers in order. Several losses of one flight are retransmitted side by
 * side, as a sender with selective ACKs (SACK, on in Linux) does: each arrives its own retransmission
 * delay late, not one stall after another. That is the head-of-line blocking one HTTP/2 connection
 * suffers for all its streams, where HTTP/1.1's six connections each stall alone. Nothing is really
 * lost: bytes stay intact and ordered.
 *
 * <p>The delay is TCP's: when three more segments follow the lost one, their duplicate ACKs make the
 * sender retransmit one round trip after the third left (fast retransmit); when they do not come in
 * time, the retransmission timeout of max(200 ms, 2 × RTT) fires ({@link Network#retransmissionDelay}).
 * So the reader ({@link #schedule}) stamps pieces with their arrival time, and the writer asks
 * {@link #due} when to deliver each, which for a lost segment depends on what was read after it.
 * A retransmission is lost again with the same probability, and then waits for the retransmission timeout.
 * A segment leaves when the sender's congestion window ({@link CongestionWindow}, of the network's
 * {@link CongestionControl}) has room for it, so a new connection starts slowly and, for a loss-based
 * sender, a loss shrinks what may follow it. The handshake's own losses are the proxy's ({@link DelayProxy}).
 */
final class Flow {

    /** Pieces arriving this close together are delivered together, at the later time (never early). */
    private static final long MERGE_NANOS = 1_000_000;
    private static final long NOT_YET = Long.MIN_VALUE;

    /**
     * Bytes {@code [offset, offset + length)} of a read, arriving at {@code arrivalNanos} unless lost;
     * a lost segment is a piece of its own, numbered {@code lostSegment} ({@code -1}: nothing lost), whose
     * retransmission was lost {@code lostRetransmissions} times more.
     */
    record Piece(int offset, int length, long arrivalNanos, long lostSegment, int lostRetransmissions) {

        Piece(int offset, int length, long arrivalNanos, long lostSegment) {
            this(offset, length, arrivalNanos, lostSegment, 0);
        }

        boolean lost() {
            return lostSegment >= 0;
        }
    }

    private final Network network;
    private final Link link;
    private final DoubleSupplier random;
    private final DoubleSupplier retransmissionRandom;
    private final long oneWayNanos;
    private final long notBeforeNanos;
    private final CongestionWindow window;
    /** For each lost segment not yet delivered: when the third segment after it left (NOT_YET until then). */
    private final Map<Long, Long> thirdFollowerSent = new HashMap<>();
    private long segments;
    private long lost;
    /** When the last piece delivered was due: no later byte arrives earlier. */
    private long lastDueNanos = Long.MIN_VALUE;

    /**
     * @param random which segments are lost
     * @param retransmissionRandom which of their retransmissions are lost again (a stream of its own, so that
     *        the segments lost do not depend on it)
     * @param notBeforeNanos nothing leaves before this (the end of the emulated handshake)
     */
    Flow(Network network, Link link, DoubleSupplier random, DoubleSupplier retransmissionRandom, long notBeforeNanos) {
        this.network = network;
        this.link = link;
        this.random = random;
        this.retransmissionRandom = retransmissionRandom;
        this.oneWayNanos = network.roundTrip().toNanos() / 2;
        this.notBeforeNanos = notBeforeNanos;
        this.window = new CongestionWindow(network.congestionControl(), network.roundTrip().toNanos(),
                network.retransmissionDelay(true).toNanos());
    }

    /** The reader's part: bytes read at {@code nowNanos}, in order, in pieces with their arrival times. */
    synchronized List<Piece> schedule(long nowNanos, int length) {
        List<Piece> pieces = new ArrayList<>();
        long ready = Math.max(nowNanos, notBeforeNanos);
        long pieceFirstArrival = 0;
        for (int offset = 0; offset < length; offset += Network.SEGMENT_BYTES) {
            int bytes = Math.min(Network.SEGMENT_BYTES, length - offset);
            long sent = link.departure(window.admit(ready, bytes), bytes);
            long segment = segments++;
            thirdFollowerSent.replace(segment - Network.DUPLICATE_ACKS, NOT_YET, sent);
            Piece last = pieces.isEmpty() ? null : pieces.get(pieces.size() - 1);
            boolean lostNow = network.loss() > 0 && random.getAsDouble() < network.loss();
            int lostAgain = 0;
            while (lostNow && retransmissionRandom.getAsDouble() < network.loss()) {
                lostAgain++;
            }
            window.sent(sent, bytes, lostNow ? 1 + lostAgain : 0);
            if (lostNow) {
                lost++;
                thirdFollowerSent.put(segment, NOT_YET);
                pieces.add(new Piece(offset, bytes, sent + oneWayNanos, segment, lostAgain));
            } else if (last != null && !last.lost() && sent + oneWayNanos - pieceFirstArrival <= MERGE_NANOS) {
                pieces.set(pieces.size() - 1, new Piece(last.offset(), last.length() + bytes, sent + oneWayNanos, -1));
            } else {
                pieces.add(new Piece(offset, bytes, sent + oneWayNanos, -1));
                pieceFirstArrival = sent + oneWayNanos;
            }
        }
        return pieces;
    }

    /**
     * The writer's part: when the next piece in order is due, as far as is known now. For a lost
     * segment that is the timeout until three segments have followed it, then the fast retransmit if
     * that comes first; the writer asks again while it waits.
     */
    synchronized long due(Piece piece) {
        if (!piece.lost()) {
            return Math.max(piece.arrivalNanos(), lastDueNanos);
        }
        long timeout = network.retransmissionDelay(true).toNanos();
        long thirdSent = thirdFollowerSent.getOrDefault(piece.lostSegment(), NOT_YET);
        long sent = piece.arrivalNanos() - oneWayNanos;
        long delay = (thirdSent == NOT_YET ? timeout : Math.min(timeout, thirdSent - sent + network.roundTrip().toNanos()))
                + piece.lostRetransmissions() * timeout; // each lost retransmission: the timer, once more
        // its own retransmission, in parallel with the others' (SACK): in order, but not one stall after another
        return Math.max(piece.arrivalNanos() + delay, lastDueNanos);
    }

    /** The writer delivered {@code piece} as due at {@code dueNanos}: every later byte comes after it. */
    synchronized void delivered(Piece piece, long dueNanos) {
        lastDueNanos = Math.max(lastDueNanos, dueNanos);
        thirdFollowerSent.remove(piece.lostSegment());
    }

    /** When the end of the stream, noticed at {@code nowNanos}, arrives (the writer keeps it behind every byte before it). */
    long endTime(long nowNanos) {
        return Math.max(nowNanos, notBeforeNanos) + oneWayNanos;
    }

    synchronized long segments() {
        return segments;
    }

    synchronized long lostSegments() {
        return lost;
    }
}
