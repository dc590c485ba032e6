package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import io.github.http2wildfly.page.LogoServlet;
import io.github.http2wildfly.shared.ThreadDumps;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Zero window (CVE-2019-9517: 4 connections of 100 downloads of the 2 MB tile on a window of 0, held open) and data
 * dribble (CVE-2019-9511: 100 downloads on a window of 1 byte, credited a byte at a time) against door 2, each for 40 s.
 * Every such stream's servlet blocks in a write that its client never lets through, so without a share per client
 * address the attacker's streams hold every task thread of the server and nobody else is served (the attack record of
 * 2026-12-02: 40 of 212 within 1 s). Meanwhile a bystander at another client address asks for the logo ten times a
 * second on a fresh connection each, whether or not the last was answered; served means its 200 and whole body within 1 s.
 */
@Tag("slow") // 40 s of attack each and the time after it: -Pslow runs it
@Tag(BrowserRaceIT.TIMINGS) // a share served within 1 s: CI runs it alone
class ShutWindowsIT extends DeployedWarTest {

    /** The attack's length: many times the time the bystander's logo takes, and longer than the server's 30 s request time. */
    private static final Duration ATTACK = Duration.ofSeconds(40);
    /** How long after the client left its streams may still hold a thread. */
    private static final Duration AFTER = Duration.ofSeconds(35);

    private final TrustedClients clients = new TrustedClients();

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Attack.class, names = {"ZERO_WINDOW", "DATA_DRIBBLE"})
    void oneClientsShutWindowsLeaveAnotherAddressServedAndNoThreadWritingOnceItLeaves(Attack shutWindows) throws Exception {
        Outcome attack;
        OpenLoopBystander.Seen seen;
        try (OpenLoopBystander bystander = OpenLoopBystander.start(clients.okHttp(), doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH),
                InetAddress.getByName("127.0.0.2"), Duration.ofMillis(100), Duration.ofSeconds(1))) {
            attack = shutWindows.against(new Attack.Target(clients.sslContext(), doors.uri(Door.HTTP_2_TLS, "/"),
                    doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH).getPath(), doors.uri(Door.HTTP_2_TLS, LogoServlet.TILE_2M_PATH).getPath(),
                    ATTACK));
            bystander.close();
            seen = bystander.seen();
        }
        System.out.println(shutWindows.label() + " against door 2: " + attack.summary() + "; the bystander: " + seen);
        assertTrue(seen.availability() >= 0.98, "the bystander beside the " + shutWindows.label() + ": " + seen + "; the attack: " + attack.summary());
        assertEquals(List.of(), ThreadDumps.onceNoneOrAfter(AFTER, () -> doors.threadsIn(ThreadDumps.ANSWER_WRITE)),
                "threads still in an answer's write " + AFTER.toSeconds() + " s after the client left");
    }
}
