package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KnownCveTest {

    @Test
    void docsHardeningTableNamesEveryCveTheCheckKnowsWithTheSameRelease() throws IOException {
        String page = Files.readString(Path.of("docs/hardening.md"));
        String table = page.substring(page.indexOf("## The HTTP/2 CVEs and the Undertow you run"));
        for (KnownCve cve : KnownCve.values()) {
            String row = table.lines().filter(line -> line.startsWith("| ") && line.contains(cve.id.substring(0, 13))).findFirst()
                    .orElseThrow(() -> new AssertionError("docs/hardening.md's table has no row for " + cve.id));
            String release = cve.status.replaceFirst("^fixed in ", "").replaceFirst("^no fix in a release up to ", "after ");
            assertTrue(row.contains(release), cve + ": the row says " + row + ", the check " + cve.status);
        }
    }

    @Test
    void anUndertowBeforeAFixIsAffectedAndTheFixedReleaseIsNot() {
        assertTrue(KnownCve.RAPID_RESET.affects("2.3.9.Final"));
        assertFalse(KnownCve.RAPID_RESET.affects("2.3.10.Final"));
        assertTrue(KnownCve.MADE_YOU_RESET.affects("2.2.99.Final"));
        assertFalse(KnownCve.MADE_YOU_RESET.affects("2.4.0.Alpha1"));
        assertTrue(KnownCve.HTTP1_PARSER.affects("2.3.24.Final"));
    }

    @Test
    void theVersionIsReadFromAServerHeaderThatNamesUndertow() {
        assertEquals(Optional.of("2.3.23.Final"), KnownCve.undertowVersion("WildFly/39 Undertow/2.3.23.Final"));
        assertEquals(Optional.empty(), KnownCve.undertowVersion("nginx/1.22.1"));
    }

    @Test
    void aServerNamingAnOldUndertowFailsWithEachFixItLacks() {
        Finding identity = ServerIdentity.findings(Optional.of("Undertow/2.3.15.Final"), Optional.empty()).get(0);
        assertEquals(Grade.FAIL, identity.verdict());
        assertTrue(identity.seen().contains("CVE-2025-9784") && !identity.seen().contains("CVE-2023-44487"), identity.seen());
    }
}
