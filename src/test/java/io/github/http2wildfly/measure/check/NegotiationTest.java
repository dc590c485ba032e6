package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.check.Negotiation.Negotiated;
import io.github.http2wildfly.measure.check.Negotiation.Offer;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NegotiationTest {

    private static final Advice WILDFLY = Advice.of(Optional.empty());
    private static final Advice NGINX = Advice.of(Optional.of("nginx/1.22.1"));
    private static final Negotiated HTTP_1_1 = new Negotiated("TLSv1.3", "http/1.1", null, null);

    @Test
    void aTls13OnlyClientGettingHttp11WhereOthersGetH2IsUndertowsKnownBugOnAWildFly() {
        Finding finding = Negotiation.judge("t", Offer.TLS_1_3, HTTP_1_1, true, WILDFLY);
        assertEquals(Grade.WARN, finding.verdict());
        assertTrue(finding.seen().contains("UNDERTOW-1823") && finding.toDo().contains("http2-alpn-for-tls13-clients.diff"), finding.toString());
    }

    @Test
    void whereNoClientGetsH2HttpIsOffForEveryClientTheTls13OnlyOneToo() {
        Finding finding = Negotiation.judge("t", Offer.TLS_1_3, HTTP_1_1, false, NGINX);
        assertEquals(Grade.FAIL, finding.verdict());
        assertEquals("turn HTTP/2 on (nginx/1.22.1)", finding.toDo());
    }

    @Test
    void aServerNamingItselfOtherThanWildFlyGetsNoLineOfTheCopyPage() {
        Finding tls13Off = Negotiation.judge("t", Offer.BOTH, new Negotiated("TLSv1.2", "h2", null, null), true, NGINX);
        assertEquals(Grade.WARN, tls13Off.verdict());
        assertFalse(tls13Off.toDo().contains("docs/your-wildfly.md"), tls13Off.toDo());
        assertTrue(Negotiation.judge("t", Offer.BOTH, new Negotiated("TLSv1.2", "h2", null, null), true, WILDFLY).toDo()
                .contains("docs/your-wildfly.md: `/subsystem=elytron/server-ssl-context=httpsSSC:add("));
    }

    @Test
    void aClientTheServerNeverAnswersIsAFailedLineNotAnAbortedCheck() {
        Finding finding = Negotiation.judge("t", Offer.BOTH, Negotiated.noAnswer("Read timed out"), false, WILDFLY);
        assertEquals(Grade.FAIL, finding.verdict());
        assertEquals("no answer: Read timed out", finding.seen());
    }
}
