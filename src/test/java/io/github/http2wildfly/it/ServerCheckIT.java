package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.check.CheckFailure;
import io.github.http2wildfly.measure.check.CheckReport;
import io.github.http2wildfly.measure.check.CheckSettings;
import io.github.http2wildfly.measure.check.Finding;
import io.github.http2wildfly.measure.check.Grade;
import io.github.http2wildfly.measure.check.ServerCheck;
import io.github.http2wildfly.measure.net.RefusedPort;
import io.github.http2wildfly.servers.LocalWebServers;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check of a user's own server (-Pcheck, docs/check.md) pointed at servers whose answers are known: this project's
 * door 2 (Undertow with the diffs), Debian's nginx and Caddy serving a static copy of the page (LocalWebServers); the stock WildFly's report is
 * YourWildFlyIT's. Each report is different, and each line the one that server earns. Bad URLs: one line each.
 */
@Tag("slow") // a few attacks of seconds and h2spec against each server: -Pslow runs it
class ServerCheckIT extends DeployedWarTest {

    static final Path REPORTS = Path.of("target/check-it");

    /** Where nginx and Caddy keep their files (a field: Arquillian resolves the methods' parameters). */
    @TempDir
    static Path serversDir;

    /** nginx and Caddy, started once for the two tests that check them. */
    private static LocalWebServers servers;

    @BeforeAll
    static void startNginxAndCaddy() throws Exception {
        servers = new LocalWebServers(serversDir);
    }

    @AfterAll
    static void stopThem() {
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void door2WithTheDiffsGivesH2ToEveryClientAndLimitsEveryAttack() throws Exception {
        CheckReport report = check("patched", doors.uri(Door.HTTP_2_TLS, "/logos?count=1"), doors.uri(Door.HTTP_1_1, "/logos?count=1"));
        assertEquals(0, report.count(Grade.FAIL), report.console());
        assertPass(report, "ALPN, OkHttp, TLS 1.3 and 1.2 offered", "h2 over TLSv1.3");
        assertPass(report, "ALPN, the JDK's HttpClient, TLS 1.3 alone", "h2 over TLSv1.3");
        assertPass(report, "h2c by prior knowledge, OkHttp", "h2");
        assertPass(report, "h2c by Upgrade, POST with a 10,000-byte body, the JDK's HttpClient", "upgraded to h2");
        Finding h2spec = report.on("h2spec 2.2.0 (conformance)");
        assertTrue(h2spec.verdict() == Grade.PASS || h2spec.verdict() == Grade.WARN
                && H2specIT.RACES.containsAll(List.of(h2spec.seen().replaceFirst(".*failed: ", "").split(", "))),
                "all passed, or only the races H2specIT pins: " + h2spec);
        // Undertow's header list limit (20,000 bytes) ends the connection unanswered (GOAWAY); stock Undertow may answer
        // before it is reached, by how the frames fall: it dispatches a request before its header block ends
        // (http2-continuation.diff), so YourWildFlyIT asserts nothing of it
        assertEquals(Grade.WARN, report.on("a 64 KiB header over h2").verdict(), report.console());
        assertPass(report, "a 64 KiB header over HTTP/1.1", "answered 431");
        assertNamedAttacks(report);
        assertPass(report, "rapid reset (CVE-2023-44487)", "closed after"); // http2-counts-resets-of-complete-requests.diff
        assertPass(report, "slow bodies (R.U.D.Y.)", "answered 10 × 408"); // the request body guard, after its 5 s of grace
        assertPass(report, "half-open TLS handshakes", "200 closed or refused by the server"); // the 10 s handshake timeout
        assertTrue(report.on("103 Early Hints and preload").seen().startsWith("no 103 before the answer (200)"), report.console());
        assertEquals(Grade.INFO, report.on("HTTP/3 (Alt-Svc)").verdict(), "door 2 advertises no door 4: " + report.console());
        assertEquals("not told (WildFly's default)", report.on("server identity").seen(), report.console());
    }

    @Test
    void nginx122SpeaksTls12AloneByDefaultNamesItselfAndEndsARapidReset() throws Exception {
        CheckReport report = check("nginx", URI.create(servers.nginx("/")), URI.create("http://localhost:" + servers.nginxPlain + "/"),
                servers.certificate);
        // ssl_protocols gained TLSv1.3 by default in nginx 1.23.4; Debian 12 carries 1.22
        Finding tls13 = report.on("ALPN, the JDK's HttpClient, TLS 1.3 alone");
        assertEquals(Grade.WARN, tls13.verdict(), report.console());
        assertTrue(tls13.seen().contains("TLS 1.3 is off"), tls13.seen());
        assertPass(report, "ALPN, OkHttp, TLS 1.2 alone", "h2 over TLSv1.2");
        assertEquals(Grade.INFO, report.on("h2c by prior knowledge, OkHttp").verdict(), "no http2 on its plain listen: " + report.console());
        assertPass(report, "rapid reset (CVE-2023-44487)", "GOAWAY");
        // a POST to a static file: answered 405, and each stream reset (NO_ERROR) without waiting for its body
        assertPass(report, "slow bodies (R.U.D.Y.)", "reset 10 × NO_ERROR");
        assertTakenWhole(report, "half-open TLS handshakes"); // held for the check's 12 s
        assertTrue(report.on("server identity").seen().startsWith("Server: nginx/"), report.console());
        assertEquals(Grade.INFO, report.on("HTTP/3 (Alt-Svc)").verdict(), report.console());
    }

    @Test
    void caddyAdvertisesHttp3AndAnswersItAndTakesEveryAttackWhileOthersAreServed() throws Exception {
        CheckReport report = check("caddy", URI.create(servers.caddy("/")), null, servers.certificate);
        assertPass(report, "ALPN, the JDK's HttpClient, TLS 1.3 alone", "h2 over TLSv1.3");
        assertPass(report, "HTTP/3 (Alt-Svc)", "h3 answered 200");
        for (String attack : List.of("slow bodies (R.U.D.Y.)", "half-open TLS handshakes", "CONTINUATION flood (CVE-2024-27316)",
                "MadeYouReset (CVE-2025-8671)", "rapid reset (CVE-2023-44487)")) {
            assertTakenWhole(report, attack);
        }
        assertTrue(report.on("server identity").seen().contains("Caddy"), report.console());
        assertEquals(0, report.count(Grade.FAIL), report.console());
    }

    @Test
    void aUrlTheCheckCannotUseIsOneLineEach() throws Exception {
        URI page = doors.uri(Door.HTTP_2_TLS, "/logos?count=1");
        try (RefusedPort refused = new RefusedPort()) {
            int port = refused.address().getPort();
            assertOneLine("nobody answers at 127.0.0.1:" + port, "https://127.0.0.1:" + port + "/", true);
        }
        URI door1 = doors.uri(Door.HTTP_1_1, "/");
        assertOneLine("does not speak TLS", "https://localhost:" + door1.getPort() + "/", true);
        assertOneLine("is not trusted (self-signed", page.toString(), false);
        String context = doors.uri(Door.HTTP_2_TLS, "").toString().replaceAll("/$", "");
        assertOneLine("redirects (", context, true);
        assertOneLine("not an http:// or https:// URL", "ftp://localhost/", true);
        assertOneLine("check.url is missing", "", true);
    }

    private void assertOneLine(String words, String url, boolean trusted) {
        Properties given = new Properties();
        given.setProperty("check.url", url);
        if (trusted) {
            given.setProperty("check.trust", TrustedClients.certificatePath().toString());
        }
        given.setProperty("check.reports", REPORTS.resolve("bad").toString());
        CheckFailure failure = assertThrows(CheckFailure.class, () -> new ServerCheck(CheckSettings.read(given)).run(), url);
        assertTrue(failure.getMessage().contains(words), url + ": " + failure.getMessage());
        assertFalse(failure.getMessage().contains("\n"), failure.getMessage());
        assertEquals(0, failure.getStackTrace().length, "no stack trace");
    }

    /**
     * The named attacks' answers that are the same on stock Undertow 2.3.23 and with the diffs (docs/hardening.md):
     * MadeYouReset and the CONTINUATION flood end the connection. Rapid reset is each test's own.
     */
    static void assertNamedAttacks(CheckReport report) {
        // the GOAWAY (ENHANCE_YOUR_CALM, PROTOCOL_ERROR) is not always read before the close
        assertPass(report, "MadeYouReset (CVE-2025-8671)", "closed after");
        assertPass(report, "CONTINUATION flood (CVE-2024-27316)", "closed after");
    }

    /** The attack taken whole while others were served: a warning. */
    static void assertTakenWhole(CheckReport report, String topic) {
        Finding finding = report.on(topic);
        assertEquals(Grade.WARN, finding.verdict(), topic + ": " + finding + "\n" + report.console());
        assertTrue(finding.seen().contains("not limited at this count"), topic + ": " + finding.seen());
    }

    static void assertPass(CheckReport report, String topic, String seen) {
        Finding finding = report.on(topic);
        assertEquals(Grade.PASS, finding.verdict(), topic + ": " + finding + "\n" + report.console());
        assertTrue(finding.seen().contains(seen), topic + ": " + finding.seen());
    }

    /** The check's report on {@code url}, trusting the project's certificate, written to target/check-it/{@code name}. */
    static CheckReport check(String name, URI url, URI clearText) throws Exception {
        return check(name, url, clearText, TrustedClients.certificatePath());
    }

    static CheckReport check(String name, URI url, URI clearText, Path trust) throws Exception {
        Properties given = new Properties();
        given.setProperty("check.url", url.toString());
        if (clearText != null) {
            given.setProperty("check.http.url", clearText.toString());
        }
        given.setProperty("check.trust", trust.toString());
        given.setProperty("check.reports", REPORTS.resolve(name).toString());
        CheckReport report = new ServerCheck(CheckSettings.read(given)).run();
        report.write(REPORTS.resolve(name));
        System.out.println("The check of " + name + " (" + url + "):\n" + report.console());
        return report;
    }
}
