package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The network model on its own clock: times are nanoseconds from 0, nothing waits. */
class FlowTest {

    private static final long MS = 1_000_000;
    private static final Duration RTT = Duration.ofMillis(50);
    private static final int SEGMENT = Network.SEGMENT_BYTES;
    /** A retransmission that always arrives: the tests below lose first transmissions only, unless they say. */
    private static final DoubleSupplier NEVER_AGAIN = () -> 1.0;

    /** What the writer delivers, in order: offset, length and due time of each piece read so far. */
    private record Delivery(int offset, int length, long dueNanos) {
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.01, 0.02, 0.05, 0.20})
    void theRealisedLossRateOverTenThousandSegmentsIsWithinAFifthOfTheSetting(double loss) {
        Flow flow = new Flow(new Network(RTT, loss, Network.UNLIMITED, CongestionControl.RENO), new Link(Network.UNLIMITED),
                new SplittableRandom(7)::nextDouble, NEVER_AGAIN, 0);
        for (int read = 0; read < 1000; read++) {
            flow.schedule(read * MS, 10 * SEGMENT);
        }
        assertEquals(10_000, flow.segments());
        double realised = flow.lostSegments() / 10_000.0;
        assertTrue(Math.abs(realised - loss) <= 0.2 * loss, "realised " + realised + " for " + loss);
    }

    @Test
    void theSameSeedLosesTheSameSegments() {
        assertEquals(lossPattern(new SplittableRandom(2015)), lossPattern(new SplittableRandom(2015)));
    }

    @Test
    void withoutALossEveryByteArrivesHalfARoundTripAfterItWasRead() {
        Flow flow = new Flow(Network.latency(RTT), new Link(Network.UNLIMITED), () -> 0.5, NEVER_AGAIN, 0);
        assertEquals(List.of(new Delivery(0, 10 * SEGMENT, 25 * MS)), deliver(flow, flow.schedule(0, 10 * SEGMENT)));
    }

    @Test
    void twoMegabytesOnANewConnectionTakeSlowStartsEightFlights() {
        Flow flow = new Flow(Network.latency(RTT), new Link(Network.UNLIMITED), () -> 0.5, NEVER_AGAIN, 0);
        List<Delivery> delivered = deliver(flow, flow.schedule(0, 2_000_000));
        // 10, 20, 40, ... 640 segments a round trip: 1,370 segments leave in the eighth, at 7 x 50 ms
        assertEquals(7 * 50 * MS + 25 * MS, delivered.get(delivered.size() - 1).dueNanos());
    }

    @Test
    void aSegmentLostWithThreeBehindItDelaysItAndEveryLaterByteByOneRoundTrip() {
        Flow flow = lossyFlow(lose(3));
        assertEquals(List.of(new Delivery(0, 3 * SEGMENT, 25 * MS), new Delivery(3 * SEGMENT, 7 * SEGMENT, 75 * MS)),
                deliver(flow, flow.schedule(0, 10 * SEGMENT)));
        assertEquals(List.of(new Delivery(0, 100, 75 * MS)), deliver(flow, flow.schedule(30 * MS, 100)),
                "a byte read later (arriving at 55 ms) waits for the retransmission, never overtakes it");
        assertEquals(List.of(new Delivery(0, 100, 225 * MS)), deliver(flow, flow.schedule(200 * MS, 100)),
                "once the queue has drained, the stall is over");
    }

    @Test
    void lossesOfOneFlightAreRetransmittedSideBySideNotOneAfterAnother() {
        Flow flow = lossyFlow(lose(2, 5));
        assertEquals(List.of(new Delivery(0, 2 * SEGMENT, 25 * MS), new Delivery(2 * SEGMENT, 8 * SEGMENT, 75 * MS)),
                deliver(flow, flow.schedule(0, 10 * SEGMENT)));
    }

    @Test
    void aLossInALaterFlightAddsItsOwnDelayBehindTheFirst() {
        Flow flow = lossyFlow(lose(2, 12));
        List<Delivery> delivered = deliver(flow, flow.schedule(0, 20 * SEGMENT));
        // the first loss halves the window, so at 50 ms only segments 10 to 14 leave; the third segment
        // after 12 leaves at 100 ms, so 12's duplicate ACKs come at 150 ms
        assertEquals(new Delivery(12 * SEGMENT, 8 * SEGMENT, 175 * MS), delivered.get(delivered.size() - 1));
    }

    @Test
    void aLostTailWaitsForTheRetransmissionTimeoutUnlessThreeSegmentsFollowInTime() {
        Flow tail = lossyFlow(lose(0));
        assertEquals(List.of(new Delivery(0, 100, 225 * MS)), deliver(tail, tail.schedule(0, 100)),
                "one segment, nothing after it: max(200 ms, 2 x 50 ms)");

        Flow followed = lossyFlow(lose(0));
        List<Flow.Piece> lost = followed.schedule(0, 100);
        assertEquals(225 * MS, followed.due(lost.get(0)), "while nothing follows: the timeout");
        followed.schedule(10 * MS, 3 * SEGMENT);
        assertEquals(85 * MS, followed.due(lost.get(0)), "three segments left at 10 ms: their duplicate ACKs, a round trip later");

        Flow tooLate = lossyFlow(lose(0));
        List<Flow.Piece> late = tooLate.schedule(0, 100);
        tooLate.schedule(180 * MS, 3 * SEGMENT);
        assertEquals(225 * MS, tooLate.due(late.get(0)), "the timeout fired before the duplicate ACKs could come back");

        Flow far = new Flow(new Network(Duration.ofMillis(300), 0.5, Network.UNLIMITED, CongestionControl.RENO), new Link(Network.UNLIMITED), lose(0), NEVER_AGAIN, 0);
        assertEquals(List.of(new Delivery(0, 100, 750 * MS)), deliver(far, far.schedule(0, 100)), "2 x 300 ms");
    }

    @Test
    void aLostRetransmissionWaitsForTheTimerOnceMoreAndTheWindowStartsAgainFromOneSegment() {
        Flow flow = new Flow(new Network(RTT, 0.5, Network.UNLIMITED, CongestionControl.RENO), new Link(Network.UNLIMITED),
                lose(3), sequence(0.0, 0.9), 0); // its retransmission lost once more
        List<Delivery> delivered = deliver(flow, flow.schedule(0, 10 * SEGMENT));
        // three behind it: noticed at 50 ms, retransmitted, lost again; the timer (200 ms) fires, the next one arrives
        assertEquals(new Delivery(3 * SEGMENT, 7 * SEGMENT, 75 * MS + 200 * MS), delivered.get(1));
        // the window went to one segment at 250 ms: of twenty more ready at 300 ms, one leaves then, two a round trip later
        List<Flow.Piece> next = flow.schedule(300 * MS, 3 * SEGMENT);
        assertEquals(List.of(325 * MS, 375 * MS), next.stream().map(Flow.Piece::arrivalNanos).distinct().toList());
    }

    @Test
    void aLostSynOrSynAckCostsTheInitialTimerOfOneSecondAndEachAgainTwice() {
        Network network = new Network(RTT, 0.5, Network.UNLIMITED, CongestionControl.RENO);
        assertEquals(RTT, network.handshake(() -> 0.9), "nothing lost: one round trip");
        assertEquals(RTT.plusSeconds(1), network.handshake(sequence(0.0, 0.9, 0.9)), "the SYN lost once");
        assertEquals(RTT.plusSeconds(1 + 2 + 1), network.handshake(sequence(0.0, 0.0, 0.9, 0.0, 0.9)),
                "the SYN lost twice (1 s, then 2 s), the SYN-ACK once");
        assertEquals(RTT, Network.latency(RTT).handshake(() -> 0.0), "no loss, nothing to draw");
    }

    private static DoubleSupplier sequence(double... values) {
        int[] next = {0};
        return () -> values[next[0]++];
    }

    @Test
    void theStallFallsOnlyOnTheFlowThatLost() {
        Link shared = new Link(Network.UNLIMITED);
        Network network = new Network(RTT, 0.5, Network.UNLIMITED, CongestionControl.RENO);
        Flow lossy = new Flow(network, shared, lose(0), NEVER_AGAIN, 0);
        Flow other = new Flow(network, shared, lose(), NEVER_AGAIN, 0);
        deliver(lossy, lossy.schedule(0, 10 * SEGMENT));
        assertEquals(List.of(new Delivery(0, 10 * SEGMENT, 25 * MS)), deliver(other, other.schedule(0, 10 * SEGMENT)));
        assertEquals(1, lossy.lostSegments());
        assertEquals(0, other.lostSegments());
    }

    @Test
    void theHandshakeHoldsTheFirstBytes() {
        Flow flow = new Flow(Network.latency(RTT), new Link(Network.UNLIMITED), () -> 0.5, NEVER_AGAIN, 50 * MS);
        assertEquals(List.of(new Delivery(0, 10, 75 * MS)), deliver(flow, flow.schedule(0, 10)));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 6})
    void connectionsSharingALinkGetItsRateTogether(int connections) {
        long rate = 10_000_000;
        Link link = new Link(rate);
        List<Flow> flows = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            flows.add(new Flow(new Network(RTT, 0, rate, CongestionControl.RENO), link, () -> 0.5, NEVER_AGAIN, 0));
        }
        int perConnection = 6 * 1024 * 1024 / connections;
        long lastArrival = 0;
        // the connections' reads interleave, as six busy connections' would
        for (int sent = 0; sent < perConnection; sent += 16 * 1024) {
            for (Flow flow : flows) {
                List<Delivery> delivered = deliver(flow, flow.schedule(0, Math.min(16 * 1024, perConnection - sent)));
                lastArrival = Math.max(lastArrival, delivered.get(delivered.size() - 1).dueNanos());
            }
        }
        double seconds = (lastArrival - 25 * MS) / 1e9;
        double bitsPerSecond = 8.0 * perConnection * connections / seconds;
        assertTrue(Math.abs(bitsPerSecond - rate) <= 0.1 * rate, connections + " connections: " + bitsPerSecond + " bit/s");
    }

    @Test
    void aLinkIsFreeAgainOnceItsBytesHaveLeft() {
        Link link = new Link(8_000_000); // a byte per microsecond
        assertEquals(1000 * 1000L, link.departure(0, 1000));
        assertEquals(2000 * 1000L, link.departure(0, 1000), "queued behind the first");
        assertEquals(10_000_000L + 1000 * 1000L, link.departure(10_000_000L, 1000), "idle in between: no credit saved up");
    }

    /** The writer's side: each piece in order, due as the flow says, then delivered. */
    private static List<Delivery> deliver(Flow flow, List<Flow.Piece> pieces) {
        List<Delivery> deliveries = new ArrayList<>();
        for (Flow.Piece piece : pieces) {
            long due = flow.due(piece);
            flow.delivered(piece, due);
            Delivery last = deliveries.isEmpty() ? null : deliveries.get(deliveries.size() - 1);
            if (last != null && last.dueNanos() == due && last.offset() + last.length() == piece.offset()) {
                deliveries.set(deliveries.size() - 1, new Delivery(last.offset(), last.length() + piece.length(), due));
            } else {
                deliveries.add(new Delivery(piece.offset(), piece.length(), due));
            }
        }
        return deliveries;
    }

    private static Flow lossyFlow(DoubleSupplier random) {
        return new Flow(new Network(RTT, 0.5, Network.UNLIMITED, CongestionControl.RENO), new Link(Network.UNLIMITED), random, NEVER_AGAIN, 0);
    }

    /** A generator that loses exactly the given segments (counting from 0) at a loss of 0.5. */
    private static DoubleSupplier lose(int... segments) {
        int[] next = {0};
        return () -> {
            int segment = next[0]++;
            for (int lost : segments) {
                if (lost == segment) {
                    return 0.0;
                }
            }
            return 0.9;
        };
    }

    private static List<Integer> lossPattern(SplittableRandom random) {
        Flow flow = new Flow(new Network(RTT, 0.05, Network.UNLIMITED, CongestionControl.RENO), new Link(Network.UNLIMITED), random::nextDouble, NEVER_AGAIN, 0);
        List<Integer> lostAt = new ArrayList<>();
        for (int segment = 0; segment < 1000; segment++) {
            long before = flow.lostSegments();
            flow.schedule(segment * MS, 100);
            if (flow.lostSegments() > before) {
                lostAt.add(segment);
            }
        }
        return lostAt;
    }
}
