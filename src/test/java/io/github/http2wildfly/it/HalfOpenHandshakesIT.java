package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.attack.HalfOpenFlood;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.page.LogoServlet;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * 11,000 half-open TLS handshakes against door 2 from one client address (issue shield): more than the door's
 * max-connections, each sending half a ClientHello and then nothing, the ones the server closes opened again every
 * second, for longer than twice the handshake timeout. Without a cap per address the door answered nobody else while
 * they were held. Meanwhile a bystander at another address asks for the logo ten times a second on a fresh connection
 * each, whether or not the last was answered; served means its 200 and whole body within 1 s.
 */
@Tag("slow") // 25 s of attack: -Pslow runs it
@Tag(BrowserRaceIT.TIMINGS) // a share served within 1 s: CI runs it alone
class HalfOpenHandshakesIT extends DeployedWarTest {

    private static final int CONNECTIONS = 11_000;
    /** Longer than twice the handshake timeout (tls.handshake.timeout, 10 s). */
    private static final Duration ATTACK = Duration.ofSeconds(25);

    private final TrustedClients clients = new TrustedClients();

    @Test
    void elevenThousandHalfOpenHandshakesFromOneAddressLeaveAnotherServed() throws Exception {
        URI door = doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH);
        HalfOpenFlood.Held held;
        OpenLoopBystander.Seen seen;
        try (OpenLoopBystander bystander = OpenLoopBystander.start(clients.okHttp(), door, InetAddress.getByName("127.0.0.2"),
                Duration.ofMillis(100), Duration.ofSeconds(1))) {
            held = HalfOpenFlood.against(new InetSocketAddress(door.getHost(), door.getPort()), InetAddress.getByName("127.0.0.1"),
                    CONNECTIONS, ATTACK, Duration.ofSeconds(1));
            bystander.close();
            seen = bystander.seen();
        }
        System.out.println("half-open handshakes against door 2: " + held + "; the bystander: " + seen);
        assertTrue(seen.availability() >= 0.98, "the bystander beside " + held + ": " + seen);
    }
}
