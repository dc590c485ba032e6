package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client's receive window on the emulated network's clock (times in ms from the connection's start). */
class ReceiveWindowTest {

    private static final long RTT = ms(50);

    @Test
    void theFirstWindowOf64KbArrivesWithoutWaitingAndNoByteBeyondIt() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        assertTrue(window.arrivalFrom(ReceiveWindow.INITIAL_BYTES) <= 0, "the handshake announced it");
        assertEquals(ReceiveWindow.NOT_YET, window.arrivalFrom(ReceiveWindow.INITIAL_BYTES + 1));
    }

    @Test
    void bytesTheClientMadeRoomForArriveOneRoundTripAfterItsRead() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        window.read(ms(10), 10_000, 0);
        // the window update travels half a round trip to the sender, its bytes half a round trip back
        assertEquals(ms(10) + RTT, window.arrivalFrom(ReceiveWindow.INITIAL_BYTES + 10_000));
        assertEquals(ReceiveWindow.NOT_YET, window.arrivalFrom(ReceiveWindow.INITIAL_BYTES + 10_001));
    }

    @Test
    void aSenderSendsUpToTheRoomItKnewOfARoundTripBeforeTheBytesArrive() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        window.read(ms(10), 10_000, 0);
        assertEquals(ReceiveWindow.INITIAL_BYTES, window.roomAt(ms(59)), "the read's window update has not come back yet");
        assertEquals(ReceiveWindow.INITIAL_BYTES + 10_000, window.roomAt(ms(60)));
    }

    @Test
    void aRoundTripOfGrowingReadsGrowsTheWindowAsLinuxDoes() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        window.read(ms(50), 30_000, 0);
        // tcp_rcvbuf_grow: twice the 30,000 read, plus twice that times their growth over the first 10 segments (14,600)
        long twice = 60_000;
        assertEquals(twice + 2 * (twice * (30_000 - 14_600) / 14_600), window.windowBytes());
        window.read(ms(100), 30_000 + 200_000, 0);
        assertEquals(400_000 + 2 * (400_000L * (200_000 - 30_000) / 30_000), window.windowBytes(),
                "the next round trip's reads measured against the last ones that grew it");
    }

    @Test
    void readsLeftUnreadDoNotGrowTheWindow() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        window.read(ms(50), 30_000, 20_000); // 30,000 read less 20,000 unread: not more than the first 10 segments
        assertEquals(ReceiveWindow.INITIAL_BYTES, window.windowBytes());
    }

    @Test
    void theWindowNeverShrinksAndReadsNeverGoBack() {
        ReceiveWindow window = new ReceiveWindow(RTT, 0);
        window.read(ms(50), 100_000, 0);
        long grown = window.windowBytes();
        window.read(ms(60), 90_000, 0); // a sample taken while bytes were being written
        window.read(ms(110), 100_000, 0); // nothing read for a round trip
        assertEquals(grown, window.windowBytes());
        assertEquals(ms(50) + RTT, window.arrivalFrom(100_000 + grown));
    }

    private static long ms(long millis) {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
