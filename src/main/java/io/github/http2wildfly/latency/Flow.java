package io.github.http2wildfly.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * One direction of one connection: when each byte it carries may be delivered. A byte leaves when the
 * shared {@link Link} lets it and arrives half a round trip later. Bytes travel in segments of
 * {@value #SEGMENT_BYTES}; a lost segment arrives one retransmission delay late
 * ({@link Network#retransmissionDelay}), and every later byte of the flow with it, as TCP delivers in
 * order: while bytes wait behind a loss, the next loss adds its own delay (the sender stalls once per
 * loss). That is the head-of-line blocking one HTTP/2 connection suffers for all its streams, where
 * HTTP/1.1's six connections each stall alone. Nothing is really lost: bytes stay intact and ordered.
 * Not modelled: congestion-window growth, lost handshakes.
 */
final class Flow {

    /** Ethernet's TCP payload: what one lost packet takes with it. */
    static final int SEGMENT_BYTES = 1460;
    /** Fast retransmit needs three duplicate ACKs, so three later segments. */
    static final int DUPLICATE_ACKS = 3;
    /** Pieces due this close together are delivered together, at the later time (never early). */
    private static final long MERGE_NANOS = 1_000_000;

    /** Bytes {@code [offset, offset + length)} of a read, due at {@code dueNanos}. */
    record Piece(int offset, int length, long dueNanos) {
    }

    private final Network network;
    private final Link link;
    private final DoubleSupplier random;
    private final long oneWayNanos;
    private final long notBeforeNanos;
    /** When the last byte scheduled so far arrives: no later byte arrives earlier. */
    private long lastDueNanos = Long.MIN_VALUE;
    private long segments;
    private long lost;

    /** @param notBeforeNanos nothing leaves before this (the end of the emulated handshake) */
    Flow(Network network, Link link, DoubleSupplier random, long notBeforeNanos) {
        this.network = network;
        this.link = link;
        this.random = random;
        this.oneWayNanos = network.roundTrip().toNanos() / 2;
        this.notBeforeNanos = notBeforeNanos;
    }

    /**
     * @param nowNanos when the bytes were read
     * @param length how many
     * @param moreWaiting whether more bytes were already waiting to be read (then a loss near the end
     *     of these is still followed by segments, and retransmitted fast)
     * @return the bytes in order, each piece with its delivery time
     */
    List<Piece> schedule(long nowNanos, int length, boolean moreWaiting) {
        List<Piece> pieces = new ArrayList<>();
        long pieceFirstDue = 0;
        long ready = Math.max(nowNanos, notBeforeNanos);
        int count = (length + SEGMENT_BYTES - 1) / SEGMENT_BYTES;
        for (int segment = 0; segment < count; segment++) {
            int offset = segment * SEGMENT_BYTES;
            int bytes = Math.min(SEGMENT_BYTES, length - offset);
            long due = Math.max(link.departure(ready, bytes) + oneWayNanos, lastDueNanos);
            segments++;
            if (network.loss() > 0 && random.getAsDouble() < network.loss()) {
                lost++;
                boolean tail = !moreWaiting && count - segment - 1 < DUPLICATE_ACKS;
                due += network.retransmissionDelay(tail).toNanos();
            }
            lastDueNanos = due;
            Piece last = pieces.isEmpty() ? null : pieces.get(pieces.size() - 1);
            if (last != null && due - pieceFirstDue <= MERGE_NANOS) {
                pieces.set(pieces.size() - 1, new Piece(last.offset(), last.length() + bytes, due));
            } else {
                pieces.add(new Piece(offset, bytes, due));
                pieceFirstDue = due;
            }
        }
        return pieces;
    }

    /** When the end of the stream, noticed at {@code nowNanos}, arrives (after every byte before it, in order). */
    long endTime(long nowNanos) {
        return Math.max(nowNanos, notBeforeNanos) + oneWayNanos;
    }

    long segments() {
        return segments;
    }

    long lostSegments() {
        return lost;
    }
}
