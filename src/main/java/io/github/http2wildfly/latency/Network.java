package io.github.http2wildfly.latency;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * The network a {@link DelayProxy} emulates: a round trip, a packet loss rate, a link rate, and how the
 * senders on it answer loss.
 *
 * @param roundTrip half of it each way, and one more for the connection set-up
 * @param loss the probability that a segment ({@link #SEGMENT_BYTES}) is lost, from 0 to below 1
 * @param bitsPerSecond the link rate in each direction, shared by the proxy's connections; 0 for no limit
 * @param congestionControl the TCP senders' congestion control, in both directions ({@link CongestionWindow})
 * @param receiveWindow whether bytes reach the client no faster than its TCP receive window lets them
 *     ({@link ReceiveWindow}); off, only the congestion window and the link hold them back (to measure what the
 *     receive window changes)
 */
public record Network(Duration roundTrip, double loss, long bitsPerSecond, CongestionControl congestionControl, boolean receiveWindow) {

    /** With the client's receive window. */
    public Network(Duration roundTrip, double loss, long bitsPerSecond, CongestionControl congestionControl) {
        this(roundTrip, loss, bitsPerSecond, congestionControl, true);
    }

    public static final long UNLIMITED = 0;
    /** Ethernet's TCP payload: what one lost packet takes with it. */
    public static final int SEGMENT_BYTES = 1460;
    /** Fast retransmit needs three duplicate ACKs, so three later segments. */
    public static final int DUPLICATE_ACKS = 3;
    /** Linux's minimum retransmission timeout. */
    public static final Duration MIN_RETRANSMISSION_TIMEOUT = Duration.ofMillis(200);
    /** A lost SYN or SYN-ACK is sent again after 1 s, then 2 s, 4 s... (RFC 6298, Linux's TCP_TIMEOUT_INIT). */
    public static final Duration INITIAL_RETRANSMISSION_TIMEOUT = Duration.ofSeconds(1);

    public Network {
        if (roundTrip.isNegative()) {
            throw new IllegalArgumentException("round trip must not be negative: " + roundTrip);
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new IllegalArgumentException("loss must be from 0 to below 1: " + loss);
        }
        if (bitsPerSecond < 0) {
            throw new IllegalArgumentException("link rate must not be negative: " + bitsPerSecond);
        }
        if (congestionControl == null) {
            throw new IllegalArgumentException("a congestion control is needed");
        }
    }

    /** Latency alone: no loss (so every congestion control alike: slow start), no rate limit. */
    public static Network latency(Duration roundTrip) {
        return new Network(roundTrip, 0, UNLIMITED, CongestionControl.RENO);
    }

    /**
     * What a lost segment costs: one round trip when later segments follow (the receiver's duplicate
     * ACKs make the sender retransmit at once), a retransmission timeout of max(200 ms, 2 × RTT) when
     * none do (Linux's minimum RTO; the timer's usual floor of twice the round trip).
     */
    public Duration retransmissionDelay(boolean tail) {
        if (!tail) {
            return roundTrip;
        }
        Duration twice = roundTrip.multipliedBy(2);
        return twice.compareTo(MIN_RETRANSMISSION_TIMEOUT) > 0 ? twice : MIN_RETRANSMISSION_TIMEOUT;
    }

    /**
     * What TCP's handshake takes: a round trip, and for each of the SYN and the SYN-ACK lost (each with the
     * loss probability, drawn from {@code random}) the timer before it is sent again, doubling each time.
     */
    public Duration handshake(DoubleSupplier random) {
        Duration took = roundTrip;
        for (int packet = 0; packet < 2; packet++) {
            for (Duration timer = INITIAL_RETRANSMISSION_TIMEOUT; loss > 0 && random.getAsDouble() < loss; timer = timer.multipliedBy(2)) {
                took = took.plus(timer);
            }
        }
        return took;
    }

    @Override
    public String toString() {
        return "round trip " + roundTrip.toMillis() + " ms, loss " + Math.round(loss * 1000) / 10.0 + " %, "
                + (bitsPerSecond == UNLIMITED ? "no rate limit" : bitsPerSecond / 1_000_000.0 + " Mbit/s") + ", "
                + congestionControl.label() + (receiveWindow ? "" : ", no receive window");
    }
}
