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
import org.junit.jupiter.api.Test;

/**
 * R.U.D.Y. over HTTP/2 against door 2 (issue shield): one client's 2 connections of 50 POST streams, each declaring a
 * body of 1,000,000 bytes and sending one byte a stream every 5 s, for 60 s, reopening what the server ends. Without
 * the request body guard every task thread of the server waits in one of their body reads and nobody else is served.
 * Meanwhile a bystander at another client address asks for the logo ten times a second on a fresh connection each,
 * whether or not the last was answered; served means its 200 and whole body within 1 s.
 */
@Tag("slow") // a minute of attack and the time after it: -Pslow runs it
@Tag(BrowserRaceIT.TIMINGS) // a share served within 1 s: CI runs it alone
class SlowRequestBodiesIT extends DeployedWarTest {

    /** The attack's length: longer than the guard's grace many times over, and than the server's 30 s request time. */
    private static final Duration ATTACK = Duration.ofSeconds(60);
    /** How long after the client left its bodies may still hold a thread. */
    private static final Duration AFTER = Duration.ofSeconds(35);

    private final TrustedClients clients = new TrustedClients();

    @Test
    void oneClientsSlowBodiesLeaveAnotherAddressServedAndNoThreadWaitingOnceItLeaves() throws Exception {
        Outcome attack;
        OpenLoopBystander.Seen seen;
        try (OpenLoopBystander bystander = OpenLoopBystander.start(clients.okHttp(), doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH),
                InetAddress.getByName("127.0.0.2"), Duration.ofMillis(100), Duration.ofSeconds(1))) {
            attack = Attack.SLOW_BODIES.against(new Attack.Target(clients.sslContext(), doors.uri(Door.HTTP_2_TLS, "/"),
                    doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH).getPath(), doors.uri(Door.HTTP_2_TLS, LogoServlet.TILE_2M_PATH).getPath(),
                    ATTACK));
            bystander.close();
            seen = bystander.seen();
        }
        System.out.println("slow bodies against door 2: " + attack.summary() + "; the bystander: " + seen);
        assertTrue(seen.availability() >= 0.98, "the bystander beside the slow bodies: " + seen + "; the attack: " + attack.summary());
        assertEquals(List.of(), ThreadDumps.onceNoneOrAfter(AFTER, () -> doors.threadsIn(ThreadDumps.BODY_READ)),
                "threads still in a body read " + AFTER.toSeconds() + " s after the client left");
    }
}
