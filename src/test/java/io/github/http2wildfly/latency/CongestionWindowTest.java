package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** NewReno on its own clock: times are nanoseconds from 0, a round trip of 50 ms, full segments. */
class CongestionWindowTest {

    private static final long MS = 1_000_000;
    private static final long RTT = 50 * MS;
    private static final int SEGMENT = Network.SEGMENT_BYTES;

    @Test
    void aNewConnectionSendsTenSegmentsAtOnceAndTheEleventhARoundTripLater() {
        CongestionWindow window = new CongestionWindow(RTT);
        for (int segment = 0; segment < 10; segment++) {
            assertEquals(0, send(window, 0, false));
        }
        assertEquals(RTT, send(window, 0, false));
    }

    @Test
    void slowStartDoublesWhatLeavesEveryRoundTrip() {
        CongestionWindow window = new CongestionWindow(RTT);
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
        CongestionWindow window = new CongestionWindow(RTT);
        for (int segment = 0; segment < 10; segment++) {
            send(window, 0, segment == 4 || segment == 7);
        }
        // at 50 ms: the ACKs of segments 0-3 grew the window to 14, then the loss of 4 took it to 7;
        // the loss of 7 belongs to the same flight and takes nothing more, and the four other ACKs,
        // arriving in recovery, add nothing either
        send(window, RTT, false);
        assertEquals(14 * CongestionWindow.BETA, window.windowBytes() / (double) SEGMENT, 0.01);
    }

    @Test
    void afterALossTheWindowGrowsByOneSegmentARoundTrip() {
        CongestionWindow window = new CongestionWindow(RTT);
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
        assertEquals(before * CongestionWindow.BETA, halved, 1, "halved when the loss is noticed (a round trip of growth later)");
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

    /** One full segment ready at {@code readyNanos}: when it leaves. */
    private static long send(CongestionWindow window, long readyNanos, boolean lost) {
        long leaves = window.admit(readyNanos, SEGMENT);
        window.sent(leaves, SEGMENT, lost);
        return leaves;
    }
}
