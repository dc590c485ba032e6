package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.HalfOpenFlood;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The attacks the check sends (measure/attack), each gently: the named ones at most their count and
 * {@code check.attack.seconds}; slow bodies on one connection and half-open TLS handshakes from one address, each held
 * for {@code check.hold.seconds}. Meanwhile the project's bystander asks for the page ten times a second, each time on
 * a fresh connection, from another client address where it can (127.0.0.2 beside a server on loopback): a request is
 * served when the page's answer came whole within 1 s. The check stops at the first sign of harm, fewer than 98 %
 * served, and sends no further attack. An attack the server limits (GOAWAY, a close, refused streams or connections, a
 * 408 to a slow body or a reset of each) passes; one it takes whole while others are served is a warning with what to
 * read.
 */
final class GentleAttacks {

    private static final String HALF_OPEN_TOPIC = "half-open TLS handshakes";
    /** Below this share served, others were harmed (the project's bystander: SlowRequestBodiesIT, the attack suite). */
    static final double SERVED_ENOUGH = 0.98;
    /**
     * Slow bodies on one connection: fewer than the task threads of the smallest stock WildFly (16 a core), so that the
     * check itself holds no such server's every thread; one is enough to see a server refuse a slow body.
     */
    static final int SLOW_BODY_STREAMS = 10;
    /**
     * Half-open handshakes at once, from one address: below nginx's built-in 512 connections a worker and far below what
     * a server sized for a site accepts, so that the check takes no server's last connection; held past a 10 s handshake
     * timeout (Kestrel's, this project's), they show whether the server has one. A cap per address above 200 (this
     * project's is 512) is not reached: sending more would no longer be gentle.
     */
    static final int HALF_OPEN_HANDSHAKES = 200;
    private static final Duration PATIENCE = Duration.ofSeconds(1);
    private static final Duration EVERY = Duration.ofMillis(100);

    /** What one attack did, in a sentence, and whether the server limited it. */
    record Done(String what, boolean limited) {

        static Done of(Outcome outcome) {
            return new Done(outcome.summary(), GentleAttacks.limited(outcome));
        }

        /** Slow bodies are limited as any attack is, or where the server ended every stream without waiting for its body. */
        static Done ofSlowBodies(Outcome outcome) {
            long reset = outcome.resets().values().stream().mapToLong(Long::longValue).sum();
            return new Done(outcome.summary(), GentleAttacks.limited(outcome) || outcome.sent() > 0 && reset >= outcome.sent());
        }

        static Done of(HalfOpenFlood.Held held) {
            return new Done(held.toString(), held.closedOrRefused() > 0);
        }
    }

    /** Sends one attack. */
    private interface Send {
        Done send() throws IOException, InterruptedException;
    }

    /** One attack as the check plans it: its line's topic, what to read where it is taken whole, how it is sent. */
    private record Planned(String topic, String fixes, Send send) {
    }

    private final URI url;
    private final CheckTrust trust;
    private final int pageStatus;
    private final Duration time;
    private final Duration hold;
    private final Advice advice;

    /** Attacks on the server of {@code url}, whose page answers {@code pageStatus} (what the bystander expects). */
    GentleAttacks(URI url, CheckTrust trust, int pageStatus, Duration time, Duration hold, Advice advice) {
        this.url = url;
        this.trust = trust;
        this.pageStatus = pageStatus;
        this.time = time;
        this.hold = hold;
        this.advice = advice;
    }

    /** A line for each attack, in the order given. */
    List<Finding> findings(List<CheckedAttack> attacks) throws InterruptedException, IOException {
        InetAddress bystanderAddress = bystanderAddress(InetAddress.getByName(url.getHost()));
        boolean apart = !bystanderAddress.isAnyLocalAddress();
        List<Planned> planned = new ArrayList<>();
        for (CheckedAttack attack : attacks) {
            planned.add(attack.ofTheSuite().map(named -> named == Attack.SLOW_BODIES ? slowBodies() : named(named))
                    .orElseGet(this::halfOpenHandshakes));
        }
        List<Finding> findings = new ArrayList<>();
        String harmedBy = null;
        for (Planned attack : planned) {
            if (harmedBy != null) {
                findings.add(Finding.info(attack.topic(), "not sent: the check stopped at the first sign of harm, " + harmedBy, ""));
                continue;
            }
            Done done;
            OpenLoopBystander.Seen seen;
            try (OpenLoopBystander bystander = OpenLoopBystander.start(trust.okHttp().build(), url, pageStatus, bystanderAddress, EVERY,
                    PATIENCE)) {
                try {
                    done = attack.send().send();
                } finally {
                    bystander.close();
                }
                seen = bystander.seen();
            } catch (IOException failed) {
                findings.add(Finding.info(attack.topic(), "not sent: " + Finding.said(failed), ""));
                continue;
            }
            findings.add(judge(attack.topic(), done, seen, apart, attack.fixes()));
            if (seen.availability() < SERVED_ENOUGH) {
                harmedBy = attack.topic();
            }
        }
        return findings;
    }

    private Planned named(Attack attack) {
        return new Planned(topic(attack), advice.pick(
                "compare the server's Undertow with docs/hardening.md#the-http2-cves-and-the-undertow-you-run",
                "compare the server's version with its vendor's advisories"), () -> Done.of(attack.against(target(time).once())));
    }

    private Planned slowBodies() {
        return new Planned(topic(Attack.SLOW_BODIES), advice.pick("a stock WildFly has no minimum body rate: "
                + "docs/your-wildfly.md#against-clients-that-hold-what-others-need says what it can set",
                "give request bodies a minimum rate or a time limit"),
                () -> Done.ofSlowBodies(Attack.slowBodiesOnce(target(hold), SLOW_BODY_STREAMS)));
    }

    /** From the address the system picks: beside a bystander at 127.0.0.2, the server sees them apart. */
    private Planned halfOpenHandshakes() {
        InetAddress from = new InetSocketAddress(0).getAddress();
        InetSocketAddress door = new InetSocketAddress(url.getHost(), CheckSettings.port(url));
        return new Planned(HALF_OPEN_TOPIC, advice.pick("a stock WildFly bounds neither a handshake's time nor a client address's "
                + "connections: docs/your-wildfly.md#against-clients-that-hold-what-others-need",
                "bound TLS handshakes in time, and connections per client address"),
                () -> Done.of(HalfOpenFlood.heldOnce(door, from, HALF_OPEN_HANDSHAKES, hold)));
    }

    private static String topic(Attack attack) {
        return attack.label() + " (" + attack.reference() + ")";
    }

    private Attack.Target target(Duration lasting) {
        String path = CheckSettings.path(url);
        return new Attack.Target(trust.context(), URI.create("https://" + url.getHost() + ":" + CheckSettings.port(url) + "/"), path, path,
                lasting);
    }

    /**
     * 127.0.0.2 beside a server on IPv4 loopback, where this machine has it (Linux has all of 127/8): the server sees
     * another client than the attacker. Elsewhere the address the system picks, the attacker's too.
     */
    static InetAddress bystanderAddress(InetAddress server) throws IOException {
        InetAddress other = InetAddress.getByName("127.0.0.2");
        if (server instanceof Inet4Address && server.isLoopbackAddress() && !server.equals(other)) {
            try (Socket probe = new Socket()) {
                probe.bind(new InetSocketAddress(other, 0));
                return other;
            } catch (IOException notHere) {
                // a system with 127.0.0.1 alone: the same address as the attacker's, below
            }
        }
        return new InetSocketAddress(0).getAddress();
    }

    /** Whether the server stopped the attack or refused some of it: a GOAWAY, a close, refusals, a body timed out. */
    static boolean limited(Outcome outcome) {
        return !outcome.goAways().isEmpty() || outcome.closedByTheServer() > 0 || outcome.stoppedReading()
                || outcome.resets().containsKey("REFUSED_STREAM") || outcome.statuses().containsKey("503")
                || outcome.statuses().containsKey("429") || outcome.statuses().containsKey("408");
    }

    /**
     * The attack's line. Others not served is the FAIL, unless the bystander shared the attacker's address and the
     * server limited the attacker: a limit on that address refuses the bystander too, and one address cannot tell it from
     * a limit on everyone.
     */
    static Finding judge(String topic, Done done, OpenLoopBystander.Seen seen, boolean apart, String fixes) {
        String bystander = (apart ? "a bystander at another address: " : "a bystander from the attacker's address: ") + seen;
        if (seen.availability() < SERVED_ENOUGH) {
            if (done.limited() && !apart) {
                return new Finding(topic, Grade.WARN, done.what() + "; not served either, " + bystander,
                        "a limit on one address or on everyone? check from the server's own machine (a loopback URL), where the "
                                + "bystander asks from 127.0.0.2");
            }
            return new Finding(topic, Grade.FAIL, done.what() + "; others not served meanwhile, " + bystander, fixes);
        }
        if (done.limited()) {
            return Finding.pass(topic, done.what() + "; " + bystander);
        }
        return new Finding(topic, Grade.WARN, done.what() + ", not limited at this count; " + bystander, fixes);
    }
}
