package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the check judges what an attack did and what its bystander saw meanwhile. */
class GentleAttacksTest {

    private static final String FIXES = "read the page";

    private static OpenLoopBystander.Seen served(int served, int asked) {
        Duration p99 = served == asked ? Duration.ofMillis(60) : Duration.ofDays(1);
        return new OpenLoopBystander.Seen(asked, served, p99, List.of(new OpenLoopBystander.Window(Duration.ZERO, asked, served, p99)));
    }

    private static Outcome streams(long sent, Map<String, Long> statuses, Map<String, Long> resets) {
        return new Outcome(sent, 10, "streams", 1, 0, statuses, resets, Map.of(), false, Duration.ofSeconds(5));
    }

    private static final GentleAttacks.Done LIMITED = new GentleAttacks.Done("GOAWAY 1 × ENHANCE_YOUR_CALM", true);
    private static final GentleAttacks.Done TAKEN = new GentleAttacks.Done("took all 20,000 requests, connection kept", false);

    @Test
    void othersServedBesideALimitedAttackPass() {
        Finding finding = GentleAttacks.judge("rapid reset", LIMITED, served(30, 30), true, FIXES);
        assertEquals(Grade.PASS, finding.verdict());
        assertTrue(finding.seen().contains("a bystander at another address: 30 of 30 served"), finding.seen());
    }

    @Test
    void anAttackTakenWholeWhileOthersAreServedIsAWarningWithWhatToRead() {
        Finding finding = GentleAttacks.judge("rapid reset", TAKEN, served(30, 30), true, FIXES);
        assertEquals(Grade.WARN, finding.verdict());
        assertTrue(finding.seen().contains("not limited at this count"), finding.seen());
        assertEquals(FIXES, finding.toDo());
    }

    @Test
    void fewerThan98PercentOfOthersServedIsAFailLimitedOrNot() {
        for (GentleAttacks.Done done : List.of(LIMITED, TAKEN)) {
            Finding finding = GentleAttacks.judge("rapid reset", done, served(48, 50), true, FIXES);
            assertEquals(Grade.FAIL, finding.verdict(), done.toString());
            assertTrue(finding.seen().contains("others not served meanwhile"), finding.seen());
        }
        assertEquals(Grade.PASS, GentleAttacks.judge("rapid reset", LIMITED, served(49, 50), true, FIXES).verdict(),
                "98 % is served enough");
    }

    @Test
    void aBystanderFromTheAttackersAddressRefusedBesideALimitCannotTellOneAddressFromEveryone() {
        Finding limited = GentleAttacks.judge("half-open TLS handshakes", LIMITED, served(0, 50), false, FIXES);
        assertEquals(Grade.WARN, limited.verdict());
        assertTrue(limited.seen().contains("a bystander from the attacker's address"), limited.seen());
        assertTrue(limited.toDo().contains("127.0.0.2"), limited.toDo());
        assertEquals(Grade.FAIL, GentleAttacks.judge("half-open TLS handshakes", TAKEN, served(0, 50), false, FIXES).verdict(),
                "no limit: whoever was not served, the server did not turn the attacker away");
    }

    @Test
    void aSlowBodyAnswered408OrEveryStreamResetIsLimitedAnAnswerThatLeavesTheStreamOpenIsNot() {
        assertTrue(GentleAttacks.Done.ofSlowBodies(streams(10, Map.of("408", 10L), Map.of())).limited(), "the project's guard");
        assertTrue(GentleAttacks.Done.ofSlowBodies(streams(10, Map.of("405", 10L), Map.of("NO_ERROR", 10L))).limited(),
                "nginx: answered, and each stream ended without waiting for its body");
        assertFalse(GentleAttacks.Done.ofSlowBodies(streams(10, Map.of("405", 10L), Map.of())).limited(),
                "a stock WildFly: answered, and still reading each body to its end");
        assertFalse(GentleAttacks.Done.ofSlowBodies(streams(10, Map.of("200", 10L), Map.of("NO_ERROR", 1L))).limited(), "one of ten ended");
        assertFalse(GentleAttacks.Done.ofSlowBodies(streams(10, Map.of(), Map.of())).limited(), "waited for them all");
    }

    @Test
    void resetsTheAttackAskedForAreNoLimitRefusalsAre() {
        assertFalse(GentleAttacks.limited(streams(20_000, Map.of(), Map.of("PROTOCOL_ERROR", 19_998L))), "MadeYouReset's own resets");
        assertTrue(GentleAttacks.limited(streams(20_000, Map.of(), Map.of("REFUSED_STREAM", 129L))));
        assertTrue(GentleAttacks.limited(streams(20_000, Map.of("429", 3L), Map.of())));
    }

    @Test
    void theBystanderAsksFrom127002BesideALoopbackServerAndFromTheSystemsAddressElsewhere() throws Exception {
        assertEquals(InetAddress.getByName("127.0.0.2"), GentleAttacks.bystanderAddress(InetAddress.getByName("127.0.0.1")));
        assertTrue(GentleAttacks.bystanderAddress(InetAddress.getByName("192.0.2.10")).isAnyLocalAddress(), "a remote server");
        assertTrue(GentleAttacks.bystanderAddress(InetAddress.getByName("127.0.0.2")).isAnyLocalAddress(), "the server's own address");
        assertTrue(GentleAttacks.bystanderAddress(InetAddress.getByName("::1")).isAnyLocalAddress(), "IPv6 has one loopback address");
    }
}
