package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.Bystander;
import io.github.http2wildfly.measure.attack.Outcome;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The named HTTP/2 attacks of the suite (measure/attack), each at most its count and a few seconds, with a bystander
 * asking for the page meanwhile: the check stops at the first sign of harm (a bystander's request unanswered) and runs
 * no further attack. An attack the server limits (GOAWAY, a close, refused streams, no more reading) passes; one it
 * takes whole is a warning with the CVE table to read.
 */
final class GentleAttacks {

    private static final Duration BYSTANDER_PATIENCE = Duration.ofSeconds(5);

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

    List<Finding> findings(List<Attack> attacks) throws InterruptedException {
        List<Finding> findings = new ArrayList<>();
        String harmedBy = null;
        for (Attack attack : attacks) {
            String topic = attack.label() + " (" + attack.reference() + ")";
            if (harmedBy != null) {
                findings.add(Finding.info(topic, "not sent: the check stopped at the first sign of harm, " + harmedBy, ""));
                continue;
            }
            Finding finding = send(attack, topic);
            if (finding.verdict() == Grade.FAIL) {
                harmedBy = attack.label();
            }
            findings.add(finding);
        }
        return findings;
    }

    private Finding send(Attack attack, String topic) throws InterruptedException {
        String path = CheckSettings.path(url);
        Attack.Target target = new Attack.Target(trust.context(), URI.create("https://" + url.getHost() + ":" + CheckSettings.port(url) + "/"),
                path, path, time);
        Outcome outcome;
        Bystander.Seen seen;
        try (Bystander bystander = Bystander.start(url, trust.context(), pageStatus, 100, BYSTANDER_PATIENCE)) {
            try {
                outcome = attack.against(target);
            } finally {
                bystander.close();
            }
            seen = bystander.seen();
        } catch (IOException failed) {
            return Finding.info(topic, "not sent: " + Finding.said(failed), "");
        }
        return judge(topic, outcome, seen, fixes);
    }

    static Finding judge(String topic, Outcome outcome, Bystander.Seen seen, String fixes) {
        String others = "a bystander: " + seen;
        if (seen.answered() < seen.asked()) {
            return new Finding(topic, Grade.FAIL, outcome.summary() + "; others not served meanwhile, " + others, fixes);
        }
        boolean limited = !outcome.goAways().isEmpty() || outcome.closedByTheServer() > 0 || outcome.stoppedReading()
                || outcome.resets().containsKey("REFUSED_STREAM") || outcome.statuses().containsKey("503")
                || outcome.statuses().containsKey("429");
        if (limited) {
            return Finding.pass(topic, outcome.summary() + "; " + others);
        }
        return new Finding(topic, Grade.WARN, outcome.summary() + ", not limited at this count; " + others, fixes);
    }
}
