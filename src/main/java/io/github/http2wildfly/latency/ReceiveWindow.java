package io.github.http2wildfly.latency;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The client's TCP receive window on the emulated network, for one connection's bytes towards the client. A sender may
 * have sent no more than what the client has read plus its window, as far as the sender knows: the client's reads
 * reach it half a round trip later (a window update), and what it then sends arrives half a round trip after that. So
 * a byte may arrive no earlier than one round trip after the client had read enough to make room for it.
 *
 * <p>The window is Linux's (6.18): 64 KB at first ({@code tcp_rmem}'s 128 KB, half of it for data), and once a round
 * trip, when the client read more than in the last round trip that grew it (less what it has left unread), it grows as
 * {@code tcp_rcv_space_adjust} and {@code tcp_rcvbuf_grow} grow it: to twice what was read, and more while the reads
 * grow ("slow start: allow the sender to double its rate"). It never shrinks. A client that reads at once is never
 * held back by it; one busy with the page's work reads late, its window fills, and the sender waits, as the lab's
 * senders do ({@code rwnd_limited}). What the client has read comes from {@link ClientReads}, sampled every millisecond.
 */
final class ReceiveWindow {

    static final long INITIAL_BYTES = 64 * 1024;
    static final long NOT_YET = Long.MAX_VALUE;
    /** Linux's first measure of what a round trip's reads must beat: ten segments (TCP_INIT_CWND). */
    private static final long FIRST_SPACE = 10L * Network.SEGMENT_BYTES;

    /** How far a sender may send once it has heard of the client's reads by a time: what was read, plus the window. */
    private record Sample(long atNanos, long room) {
    }

    private final long roundTripNanos;
    /** Oldest first; the oldest is the newest one a round trip old or more (what a sender can know at the latest). */
    private final Deque<Sample> samples = new ArrayDeque<>();
    private long window = INITIAL_BYTES;
    /** What the client has read, as far as known. */
    private long read;
    private long measuredFromNanos;
    private long measuredFromRead;
    private long space = FIRST_SPACE;

    ReceiveWindow(long roundTripNanos, long openedNanos) {
        this.roundTripNanos = roundTripNanos;
        this.measuredFromNanos = openedNanos;
        samples.add(new Sample(openedNanos - roundTripNanos, window)); // the handshake told the sender this window
    }

    /**
     * The client had read {@code readSoFar} bytes of this connection by {@code atNanos}, and left {@code unread} unread
     * (samples come in time order).
     */
    synchronized void read(long atNanos, long readSoFar, long unread) {
        read = Math.max(read, readSoFar); // a sample taken while bytes were being written: reads never go back
        if (atNanos - measuredFromNanos >= roundTripNanos) {
            grow(read - measuredFromRead - unread);
            measuredFromNanos = atNanos;
            measuredFromRead = read;
        }
        if (read + window == samples.peekLast().room()) {
            return; // nothing new for a sender: keep the earlier time, when the room opened
        }
        samples.add(new Sample(atNanos, read + window));
        while (samples.size() > 1 && atNanos - secondOldest().atNanos() >= roundTripNanos) {
            samples.removeFirst();
        }
    }

    /** What a round trip's reads ({@code copied}, less what is unread) make of the window, as Linux grows it. */
    private void grow(long copied) {
        if (copied <= space) {
            return;
        }
        long wanted = 2 * copied;
        wanted += 2 * (wanted * (copied - space) / space);
        window = Math.max(window, wanted);
        space = copied;
    }

    /**
     * The earliest time at which the byte before {@code end} (counted from the connection's first byte towards the
     * client) may arrive, as far as the client's reads are known; {@link #NOT_YET} while no sample has room for it.
     */
    synchronized long arrivalFrom(long end) {
        for (Sample sample : samples) {
            if (sample.room() >= end) {
                return sample.atNanos() + roundTripNanos;
            }
        }
        return NOT_YET;
    }

    /** How far the sender may have sent for bytes arriving at {@code arrivalNanos}: the room it knew of a round trip before. */
    synchronized long roomAt(long arrivalNanos) {
        long known = samples.peekFirst().room();
        for (Sample sample : samples) {
            if (sample.atNanos() + roundTripNanos > arrivalNanos) {
                break;
            }
            known = sample.room();
        }
        return known;
    }

    synchronized long windowBytes() {
        return window;
    }

    private Sample secondOldest() {
        var iterator = samples.iterator();
        iterator.next();
        return iterator.next();
    }
}
