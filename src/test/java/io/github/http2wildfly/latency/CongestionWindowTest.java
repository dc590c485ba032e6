package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each congestion control on its own clock: times are nanoseconds from 0, a round trip of 50 ms, full segments. */
class CongestionWindowTest {

    private static final long MS = 1_000_000;
    private static final long RTT = 50 * MS;
    private static final int SEGMENT = Network.SEGMENT_BYTES;
    private static final long TIMEOUT = 200 * MS;

    @Test
    void aNewConnectionSendsTenSegmentsAtOnceAndTheEleventhARoundTripLater() {
        CongestionWindow window = new CongestionWindow(CongestionControl.RENO, RTT, TIMEOUT);
        for (int segment = 0; segment < 10; segment++) {
            assertEquals(0, send(window, 0, false));
        }
        assertEquals(RTT, send(window, 0, false));
    }

    @Test
    void slowStartDoublesWhatLeavesEveryRoundTrip() {
        CongestionWindow window = new CongestionWindow(CongestionControl.RENO, RTT, TIMEOUT);
        long[] leaves = new long[150];
        for (int segment = 0; segment < leaves.length; segment++) {
            leaves[segment] = send(window, 0, false);
        }
        assertEquals(0, leaves[9]);
        assertEquals(RTT, leaves[10]);
        assertEquals(RTT, leaves[29], "20 in the second round trip");
        assertEquals(2 * RTT, leaves[30]);
        assertEquals(2 * RTT, leaves[69], "40 in the third");
        assertEquals(3 * RTT, leaves[70]);
        assertEquals(3 * RTT, leaves[149], "80 in the fourth");
    }

    @Test
    void aLossHalvesTheWindowOnceForAllLossesOfTheSameFlightWhoseACKsThenGrowNothing() {
        CongestionWindow window = new CongestionWindow(CongestionControl.RENO, RTT, TIMEOUT);
        for (int segment = 0; segment < 10; segment++) {
            send(window, 0, segment == 4 || segment == 7);
        }
        // at 50 ms: the ACKs of segments 0-3 grew the window to 14, then the loss of 4 took it to 7;
        // the loss of 7 belongs to the same flight and takes nothing more, and the four other ACKs,
        // arriving in recovery, add nothing either
        send(window, RTT, false);
        assertEquals(14 * CongestionWindow.RENO_BETA, window.windowBytes() / (double) SEGMENT, 0.01);
    }

    @Test
    void afterALossTheWindowGrowsByOneSegmentARoundTrip() {
        CongestionWindow window = new CongestionWindow(CongestionControl.RENO, RTT, TIMEOUT);
        // a loss in the first flight ends slow start; grow to 30 segments, then lose one
        long now = send(window, 0, true);
        while (window.windowBytes() < 30 * SEGMENT) {
            now = send(window, now, false);
        }
        double before = window.windowBytes() / (double) SEGMENT;
        long lostAt = send(window, now, true);
        while (now <= lostAt + RTT) {
            now = send(window, now, false);
        }
        double halved = window.windowBytes() / (double) SEGMENT;
        assertEquals(before * CongestionWindow.RENO_BETA, halved, 1, "halved when the loss is noticed (a round trip of growth later)");
        while (now < lostAt + 2 * RTT) {
            now = send(window, now, false);
        }
        assertEquals(halved, window.windowBytes() / (double) SEGMENT, 0.01, "no growth until it is repaired");
        while (now < lostAt + 12 * RTT) {
            now = send(window, now, false);
        }
        double regrown = window.windowBytes() / (double) SEGMENT;
        assertEquals(halved + 10, regrown, 1.5, "ten round trips later");
    }

    @Test
    void cubicGoesDownToSevenTenthsOnALossWhereNewRenoHalves() {
        CongestionWindow cubic = new CongestionWindow(CongestionControl.CUBIC, RTT, TIMEOUT);
        for (int segment = 0; segment < 10; segment++) {
            send(cubic, 0, segment == 4 || segment == 7);
        }
        send(cubic, RTT, false);
        assertEquals(14 * CongestionWindow.CUBIC_BETA, cubic.windowBytes() / (double) SEGMENT, 0.01);
    }

    @Test
    void atALongRoundTripCubicClimbsBackToTheWindowItLostWithinKSecondsWhereNewRenoGainsASegmentARoundTrip() {
        long roundTrip = 1000 * MS;
        double lostAt = 100;
        // K = cbrt(W_max (1 - beta) / C): the seconds the curve takes back to the window it lost at
        double k = Math.cbrt(lostAt * (1 - CongestionWindow.CUBIC_BETA) / CongestionWindow.CUBIC_C);
        Regrowth cubic = afterALossAt(CongestionControl.CUBIC, roundTrip, lostAt, (long) Math.ceil(k));
        Regrowth reno = afterALossAt(CongestionControl.RENO, roundTrip, lostAt, (long) Math.ceil(k));
        assertEquals(cubic.lostAt(), cubic.after(), 0.1 * cubic.lostAt(), "back at its plateau");
        assertEquals(reno.lostAt() / 2 + Math.ceil(k), reno.after(), 2, "one segment a round trip");
    }

    @Test
    void atFiftyMillisecondsCubicGrowsAsFastAsAnyRenoOfItsAverageRateWouldItsRenoFriendlyRegion() {
        Regrowth cubic = afterALossAt(CongestionControl.CUBIC, RTT, 30, 10);
        // from 0.7 of it at 3 (1 - beta) / (1 + beta) = 0.53 segments a round trip: the curve is slower there
        assertEquals(cubic.lostAt() * CongestionWindow.CUBIC_BETA + 10 * 0.529, cubic.after(), 1);
    }

    @Test
    void bbrKeepsItsWindowThroughLossesAndGoesOnDoublingEveryRoundTrip() {
        CongestionWindow bbr = new CongestionWindow(CongestionControl.BBR, RTT, TIMEOUT);
        long[] leaves = new long[150];
        for (int segment = 0; segment < leaves.length; segment++) {
            // a loss in every flight: a loss-based sender would halve each time
            leaves[segment] = send(bbr, 0, segment % 9 == 4);
        }
        assertEquals(RTT, leaves[10]);
        assertEquals(2 * RTT, leaves[40], "at most 20 more, less the one lost, in the second round trip");
        assertEquals(3 * RTT, leaves[85]);
        assertTrue(leaves[149] <= 4 * RTT, "still doubling: the fourth round trip carries the rest");
    }

    /** The window in segments when a loss was noticed, and some round trips later. */
    private record Regrowth(double lostAt, double after) {
    }

    /**
     * Sending whenever the window lets it: a loss in the first flight ends slow start, the window grows to
     * about {@code windowAtLoss} segments, one segment is lost; the window grows on until the sender notices,
     * then the round trips are counted.
     */
    private static Regrowth afterALossAt(CongestionControl algorithm, long roundTrip, double windowAtLoss, long roundTrips) {
        CongestionWindow window = new CongestionWindow(algorithm, roundTrip, TIMEOUT);
        long now = send(window, 0, true);
        while (window.windowBytes() < windowAtLoss * SEGMENT) {
            now = send(window, now, false);
        }
        long lostAt = send(window, now, true);
        double largest = 0;
        while (now <= lostAt + roundTrip) {
            largest = Math.max(largest, window.windowBytes() / (double) SEGMENT);
            now = send(window, now, false);
        }
        long noticed = now;
        while (now < noticed + roundTrips * roundTrip) {
            now = send(window, now, false);
        }
        return new Regrowth(largest, window.windowBytes() / (double) SEGMENT);
    }

    /** One full segment ready at {@code readyNanos}: when it leaves. */
    private static long send(CongestionWindow window, long readyNanos, boolean lost) {
        long leaves = window.admit(readyNanos, SEGMENT);
        window.sent(leaves, SEGMENT, lost);
        return leaves;
    }

}
