package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.attack.Attack;
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
 * The named HTTP/2 attacks of the suite (measure/attack), each at most its count and a few seconds. Meanwhile the
 * project's bystander asks for the page ten times a second, each time on a fresh connection, from another client
 * address where it can (127.0.0.2 beside a server on loopback): a request is served when the page's answer came whole
 * within 1 s. The check stops at the first sign of harm, fewer than 98 % served, and sends no further attack. An attack
 * the server limits (GOAWAY, a close, refused streams, no more reading) passes; one it takes whole while others are
 * served is a warning with the CVE table to read.
 */
final class GentleAttacks {

    /** Below this share served, others were harmed (the project's bystander: SlowRequestBodiesIT, the attack suite). */
    static final double SERVED_ENOUGH = 0.98;
    private static final Duration PATIENCE = Duration.ofSeconds(1);
    private static final Duration EVERY = Duration.ofMillis(100);

    /** What one attack did, in a sentence, and whether the server limited it. */
    record Done(String what, boolean limited) {

        static Done of(Outcome outcome) {
            return new Done(outcome.summary(), GentleAttacks.limited(outcome));
        }
    }

    private final URI url;
    private final CheckTrust trust;
    private final int pageStatus;
    private final Duration time;
    private final String fixes;

    /** Attacks on the server of {@code url}, whose page answers {@code pageStatus} (what the bystander expects). */
    GentleAttacks(URI url, CheckTrust trust, int pageStatus, Duration time, Advice advice) {
        this.url = url;
        this.trust = trust;
        this.pageStatus = pageStatus;
        this.time = time;
        this.fixes = advice.pick("compare the server's Undertow with docs/hardening.md#the-http2-cves-and-the-undertow-you-run",
                "compare the server's version with its vendor's advisories");
    }

    List<Finding> findings(List<Attack> attacks) throws InterruptedException, IOException {
        InetAddress bystanderAddress = bystanderAddress(InetAddress.getByName(url.getHost()));
        boolean apart = !bystanderAddress.isAnyLocalAddress();
        List<Finding> findings = new ArrayList<>();
        String harmedBy = null;
        for (Attack attack : attacks) {
            String topic = attack.label() + " (" + attack.reference() + ")";
            if (harmedBy != null) {
                findings.add(Finding.info(topic, "not sent: the check stopped at the first sign of harm, " + harmedBy, ""));
                continue;
            }
            Done done;
            OpenLoopBystander.Seen seen;
            try (OpenLoopBystander bystander = OpenLoopBystander.start(trust.okHttp().build(), url, pageStatus, bystanderAddress, EVERY,
                    PATIENCE)) {
                try {
                    done = Done.of(attack.against(target()));
                } finally {
                    bystander.close();
                }
                seen = bystander.seen();
            } catch (IOException failed) {
                findings.add(Finding.info(topic, "not sent: " + Finding.said(failed), ""));
                continue;
            }
            findings.add(judge(topic, done, seen, apart, fixes));
            if (seen.availability() < SERVED_ENOUGH) {
                harmedBy = topic;
            }
        }
        return findings;
    }

    private Attack.Target target() {
        String path = CheckSettings.path(url);
        return new Attack.Target(trust.context(), URI.create("https://" + url.getHost() + ":" + CheckSettings.port(url) + "/"), path, path,
                time);
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

    /** Whether the server stopped the attack or refused some of it: a GOAWAY, a close, no more reading, refusals. */
    static boolean limited(Outcome outcome) {
        return !outcome.goAways().isEmpty() || outcome.closedByTheServer() > 0 || outcome.stoppedReading()
                || outcome.resets().containsKey("REFUSED_STREAM") || outcome.statuses().containsKey("503")
                || outcome.statuses().containsKey("429");
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
