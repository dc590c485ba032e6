package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.HalfOpenFlood;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import io.github.http2wildfly.measure.attack.RawHttp2;
import io.github.http2wildfly.measure.check.CheckReport;
import io.github.http2wildfly.measure.check.CopyPage;
import io.github.http2wildfly.measure.check.Finding;
import io.github.http2wildfly.measure.check.Grade;
import io.github.http2wildfly.page.LogoServlet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.TlsVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * docs/your-wildfly.md's lines, read from the page, applied with WildFly's own jboss-cli to a WildFly provisioned from
 * Maven Central with nothing of this project's (no CLI script of wildfly/, no diff of src/patches: -Pslow provisions
 * it, stock.server.dir), with a fresh key store: what a user who copies them sees, with clients nobody here
 * wrote, and the page's pitfalls. Runs with -Pslow.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YourWildFlyIT {

    private static final Path STOCK = ItSettings.path("stock.server.dir");
    private static final int OFFSET = Integer.getInteger("your.wildfly.port.offset", 6000);
    private static final Path WAR = ItSettings.path("deployment.war");
    private static final String PAGE = "http2/logos?count=1";
    private static final String PASSWORD = "changeit";

    private Path base;
    private Process server;
    private TrustedClients clients;

    @BeforeAll
    void startAStockServerAndApplyThePagesLines() throws Exception {
        assertTrue(Files.isDirectory(STOCK.resolve("modules")), STOCK + " is not provisioned: ./mvnw -Pslow package provisions it");
        assertFalse(Files.exists(STOCK.resolve("modules/system/layers/base/io/undertow/core/main/undertow-core-patch.jar")),
                "the stock server carries no diff");
        base = Files.createDirectories(Path.of("target/your-wildfly-it"));
        deleteRecursively(base);
        copyRecursively(STOCK.resolve("standalone"), base);
        // the demo's page, for the check beside door 2's: the WAR opens no door of its own on a server not configured for them
        Files.copy(WAR, base.resolve("deployments").resolve(WAR.getFileName()));
        Path keyStore = base.resolve("configuration/server.p12");
        run(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair", "-alias", "server",
                "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=dns:localhost", "-validity", "2",
                "-keystore", keyStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD));
        Path certificate = base.resolve("server.crt");
        run(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-exportcert", "-rfc", "-alias", "server",
                "-keystore", keyStore.toString(), "-storepass", PASSWORD, "-file", certificate.toString()));
        clients = new TrustedClients(certificate);
        server = start();
        cli(CopyPage.lines());
        awaitHttps();
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (server != null) {
            List<ProcessHandle> all = new ArrayList<>(server.descendants().toList());
            all.add(server.toHandle());
            all.forEach(ProcessHandle::destroy);
            for (ProcessHandle process : all) {
                process.onExit().orTimeout(30, TimeUnit.SECONDS).exceptionally(late -> {
                    process.destroyForcibly();
                    return process;
                }).join();
            }
        }
    }

    @Test
    void theLinesOfThePageGiveHttp2OverTls13ToTwoIndependentClients() throws Exception {
        try (Response response = clients.okHttp().newCall(new Request.Builder().url(https()).build()).execute()) {
            assertEquals(Protocol.HTTP_2, response.protocol());
            assertEquals(TlsVersion.TLS_1_3, response.handshake().tlsVersion());
        }
        assertEquals(HttpClient.Version.HTTP_2, clients.jdkHttpClient().send(HttpRequest.newBuilder(URI.create(https())).build(),
                HttpResponse.BodyHandlers.discarding()).version());
    }

    @Test
    void aTls12ClientGetsHttp2Too() throws IOException {
        ConnectionSpec tls12 = new ConnectionSpec.Builder(ConnectionSpec.MODERN_TLS).tlsVersions(TlsVersion.TLS_1_2).build();
        try (Response response = clients.okHttpBuilder().connectionSpecs(List.of(tls12)).build()
                .newCall(new Request.Builder().url(https()).build()).execute()) {
            assertEquals(Protocol.HTTP_2, response.protocol());
            assertEquals(TlsVersion.TLS_1_2, response.handshake().tlsVersion());
        }
    }

    @Test
    void aClientThatOffersTls13AloneGetsHttp11OnStockUndertow() throws Exception {
        assertEquals(HttpClient.Version.HTTP_1_1, tls13Only().send(HttpRequest.newBuilder(URI.create(https())).build(),
                HttpResponse.BodyHandlers.discarding()).version(), "UNDERTOW-1823: this project's server carries the diff that gives h2");
    }

    /** Elytron enables TLS 1.3 only where the context names its suites: without them, protocols=[TLSv1.3, …] is TLS 1.2. */
    @Test
    void withoutTls13CipherSuiteNamesTheContextSpeaksTls12Alone() throws Exception {
        String names = CopyPage.lines().stream().filter(line -> line.startsWith("/subsystem=elytron/server-ssl-context=")).findFirst()
                .map(YourWildFlyIT::cipherSuiteNames).orElseThrow();
        whileChanged("undefine-attribute(name=cipher-suite-names)", "write-attribute(name=cipher-suite-names, value=" + names + ")", () -> {
            try (Response response = clients.okHttp().newCall(new Request.Builder().url(https()).build()).execute()) {
                assertEquals(TlsVersion.TLS_1_2, response.handshake().tlsVersion());
                assertEquals(Protocol.HTTP_2, response.protocol());
            }
            SSLHandshakeException refused = assertThrows(SSLHandshakeException.class, () -> tls13Only().send(
                    HttpRequest.newBuilder(URI.create(https())).build(), HttpResponse.BodyHandlers.discarding()));
            assertTrue(refused.getMessage().contains("protocol_version"), refused.getMessage());
        });
    }

    @Test
    void theHttpListenerSpeaksH2cByPriorKnowledge() throws IOException {
        OkHttpClient priorKnowledge = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).build();
        try (Response response = priorKnowledge.newCall(new Request.Builder().url(http()).build()).execute()) {
            assertEquals(Protocol.H2_PRIOR_KNOWLEDGE, response.protocol());
        }
    }

    @Test
    void theHttpListenerUpgradesToH2cAGetAndAPostWithItsBody() throws Exception {
        HttpClient upgrading = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        assertEquals(HttpClient.Version.HTTP_2, upgrading.send(HttpRequest.newBuilder(URI.create(http())).build(),
                HttpResponse.BodyHandlers.discarding()).version(), "a GET upgraded");
        HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> post = fresh.send(HttpRequest.newBuilder(URI.create(http()))
                .POST(HttpRequest.BodyPublishers.ofString("x".repeat(10_000))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, post.version(), "a POST with a body, upgraded");
        assertTrue(post.statusCode() < 500, "answered: " + post.statusCode());
    }

    /**
     * The JBoss EAP guide warns that a wrapped SSL context (wrap=true) hides the engine from ALPN: on WildFly 39 it does
     * not, h2 still.
     */
    @Test
    void aWrappedSslContextStillGivesHttp2OnWildFly39() throws Exception {
        whileChanged("write-attribute(name=wrap, value=true)", "write-attribute(name=wrap, value=false)", () -> {
            try (Response response = clients.okHttp().newCall(new Request.Builder().url(https()).build()).execute()) {
                assertEquals(Protocol.HTTP_2, response.protocol(), "wrap=true");
            }
        });
    }

    /**
     * The server check (-Pcheck, docs/check.md) on the demo's page deployed to the stock server: what ServerCheckIT's
     * door 2 report says but the TLS-1.3-only client's line and the attacks stock Undertow 2.3.23 does not limit, which
     * the diffs and the request body guard do: slow bodies, half-open handshakes, rapid reset.
     */
    @Test
    void theCheckOfTheStockServerWarnsOfTheTls13OnlyClientAndOfTheAttacksItsUndertowTakesWhole() throws Exception {
        CheckReport report = ServerCheckIT.check("stock", URI.create(https() + PAGE), URI.create(http() + PAGE), base.resolve("server.crt"));
        Finding tls13 = report.on("ALPN, the JDK's HttpClient, TLS 1.3 alone");
        assertEquals(Grade.WARN, tls13.verdict(), report.console());
        assertTrue(tls13.seen().startsWith("http/1.1 over TLSv1.3") && tls13.seen().contains("UNDERTOW-1823"), tls13.seen());
        ServerCheckIT.assertPass(report, "ALPN, OkHttp, TLS 1.3 and 1.2 offered", "h2 over TLSv1.3");
        ServerCheckIT.assertPass(report, "h2c by Upgrade, POST with a 10,000-byte body, the JDK's HttpClient", "upgraded to h2");
        ServerCheckIT.assertNamedAttacks(report);
        // the page's POST answered 405, and each body still read to its end: nothing ends a slow one
        ServerCheckIT.assertTakenWhole(report, "slow bodies (R.U.D.Y.)");
        ServerCheckIT.assertTakenWhole(report, "half-open TLS handshakes"); // none closed in 12 s
        // every reset taken; the bystander not served within 1 s meanwhile in six runs of seven (docs/check.md), a FAIL, and
        // served in the seventh, a WARN
        Finding rapidReset = report.on("rapid reset (CVE-2023-44487)");
        assertTrue(rapidReset.verdict() == Grade.FAIL || rapidReset.verdict() == Grade.WARN, rapidReset.toString());
        assertTrue(rapidReset.seen().startsWith("took all 20,000 requests"), rapidReset.seen());
        Finding h2spec = report.on("h2spec 2.2.0 (conformance)");
        assertTrue(h2spec.verdict() == Grade.WARN && h2spec.seen().contains("generic/3.10/1"),
                "the CONTINUATION case http2-continuation.diff fixes: " + h2spec);
        assertEquals(List.of(), report.findings().stream().filter(finding -> finding.verdict() == Grade.FAIL && finding != rapidReset)
                .toList(), report.console());
    }

    /**
     * The page's read-timeout (10 s) against a POST whose body stops and R.U.D.Y. (the attack suite's slow bodies: 2
     * connections of 50 streams, one byte a stream every 5 s) for longer than it: the first connection is closed, the
     * trickle's are not, and its streams hold the task threads (32 on 2 cores) that a bystander at another address needs.
     */
    @Test
    void theReadTimeoutEndsABodyThatStopsButOneThatTricklesAByteEvery5sOutlivesItAndStarvesOthers() throws Exception {
        Duration readTimeout = Duration.ofMillis(Long.parseLong(pagesValue("read-timeout")));
        String logo = logo().getPath();
        try (RawHttp2 stopped = RawHttp2.open(clients.sslContext(), URI.create(https()))) {
            stopped.awaitSettingsExchanged();
            stopped.headers(1, stopped.post(logo).set("content-length", "1000000"), false);
            stopped.flush();
            Outcome trickle;
            OpenLoopBystander.Seen seen;
            try (OpenLoopBystander bystander = bystander()) {
                trickle = Attack.SLOW_BODIES.against(new Attack.Target(clients.sslContext(), URI.create(https()), logo, logo,
                        readTimeout.plusSeconds(2)));
                bystander.close();
                seen = bystander.seen();
            }
            System.out.println("slow bodies against the stock server: " + trickle.summary() + "; the bystander: " + seen);
            assertTrue(stopped.awaitClosed(Duration.ofSeconds(1)), "a body that stopped, " + readTimeout + " of read-timeout on");
            assertEquals(0, trickle.closedByTheServer(), "the trickle outlives the read-timeout: " + trickle.summary());
            assertTrue(seen.availability() < 0.98, "others served beside the trickle: " + seen);
        }
    }

    /**
     * One address's half-open TLS handshakes, one more than max-connections (250 against 200: the page's line with a
     * smaller number, for a short test), held for longer than the page's read-timeout: the server closes none of them,
     * and a bystander at another address is answered not once in 5 s while they are held.
     */
    @Test
    void halfOpenHandshakesFromOneAddressPastMaxConnectionsShutEveryoneElseOutAndNoTimeoutEndsThem() throws Exception {
        Duration readTimeout = Duration.ofMillis(Long.parseLong(pagesValue("read-timeout")));
        String listener = "/subsystem=undertow/server=default-server/https-listener=https:";
        whileChanged(listener, "write-attribute(name=max-connections, value=200)",
                "write-attribute(name=max-connections, value=" + pagesValue("max-connections") + ")", () -> {
                    HalfOpenFlood.Held held;
                    OpenLoopBystander.Seen seen;
                    try (OpenLoopBystander bystander = bystander()) {
                        held = HalfOpenFlood.heldOnce(new InetSocketAddress("localhost", 8443 + OFFSET), InetAddress.getByName("127.0.0.1"),
                                250, readTimeout.plusSeconds(2));
                        bystander.close();
                        seen = bystander.seen();
                    }
                    System.out.println("half-open handshakes against the stock server: " + held + "; the bystander: " + seen);
                    assertEquals(0, held.closedOrRefused(), held.toString());
                    assertEquals(0, seen.worstWindow().served(), "a bystander beside " + held + ": " + seen);
                });
    }

    private URI logo() {
        return URI.create(https() + "http2" + LogoServlet.LOGO_PATH);
    }

    /** The project's bystander: the logo ten times a second from 127.0.0.2, served when it came whole within 1 s. */
    private OpenLoopBystander bystander() throws IOException {
        return OpenLoopBystander.start(clients.okHttp(), logo(), InetAddress.getByName("127.0.0.2"), Duration.ofMillis(100),
                Duration.ofSeconds(1));
    }

    /** The value the page's limit lines write to the https listener's {@code attribute}. */
    private static String pagesValue(String attribute) {
        Matcher value = Pattern.compile("https-listener=https:write-attribute\\(name=" + attribute + ", value=([^)]+)\\)")
                .matcher(String.join("\n", CopyPage.lines()));
        assertTrue(value.find(), "the page writes no " + attribute);
        return value.group(1);
    }

    /** A check that may throw. */
    interface Check {
        void run() throws Exception;
    }

    /** The page's SSL context changed by one operation and reloaded for the check, then changed back and reloaded. */
    private void whileChanged(String change, String back, Check check) throws Exception {
        whileChanged("/subsystem=elytron/server-ssl-context=httpsSSC:", change, back, check);
    }

    /** A resource of the server changed by one operation and reloaded for the check, then changed back and reloaded. */
    private void whileChanged(String resource, String change, String back, Check check) throws Exception {
        try {
            cli(List.of(resource + change, "reload"));
            awaitHttps();
            check.run();
        } finally {
            cli(List.of(resource + back, "reload"));
            awaitHttps();
        }
    }

    private HttpClient tls13Only() {
        SSLParameters tls13 = new SSLParameters();
        tls13.setProtocols(new String[] {"TLSv1.3"});
        return HttpClient.newBuilder().sslContext(clients.sslContext()).sslParameters(tls13).version(HttpClient.Version.HTTP_2).build();
    }

    /** The suites the page's add line names (its cipher-suite-names="..."). */
    private static String cipherSuiteNames(String addLine) {
        Matcher names = Pattern.compile("cipher-suite-names=(\"[^\"]*\")").matcher(addLine);
        assertTrue(names.find(), addLine);
        return names.group(1);
    }

    private String https() {
        return "https://localhost:" + (8443 + OFFSET) + "/";
    }

    private String http() {
        return "http://localhost:" + (8080 + OFFSET) + "/";
    }

    private Process start() throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(STOCK.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base.toAbsolutePath(), "-Djboss.socket.binding.port-offset=" + OFFSET)
                .redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("LAUNCH_JBOSS_IN_BACKGROUND", "1");
        Process process = builder.start();
        CompletableFuture<Boolean> started = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    Files.writeString(base.resolve("console.log"), line + "\n", StandardCharsets.UTF_8,
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                    if (line.contains("WFLYSRV0025") || line.contains("WFLYSRV0026")) {
                        started.complete(true);
                    }
                }
            } catch (IOException e) {
                started.completeExceptionally(e);
            }
            started.complete(false);
        }, "stock-server-console");
        reader.setDaemon(true);
        reader.start();
        try {
            assertTrue(started.get(3, TimeUnit.MINUTES), "the stock server did not start: " + base.resolve("console.log"));
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the stock server did not start: " + base.resolve("console.log"), e);
        }
        return process;
    }

    /**
     * WildFly's own CLI, connected to the stock server's management port, running these lines from a file: the
     * server's org.jboss.as.cli module, as bin/jboss-cli.sh of a full distribution runs it (a server provisioned by
     * layers has the module, not the script).
     */
    private void cli(List<String> lines) throws IOException, InterruptedException {
        Path file = base.resolve("lines.cli");
        Files.write(file, lines);
        run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", STOCK.resolve("jboss-modules.jar").toString(),
                "-mp", STOCK.resolve("modules").toString(), "org.jboss.as.cli", "--connect", "--controller=localhost:" + (9990 + OFFSET),
                "--file=" + file.toAbsolutePath()));
    }

    /** After a reload, the https listener answers again. */
    private void awaitHttps() throws InterruptedException {
        OkHttpClient okHttp = clients.okHttp();
        IOException last = null;
        for (int i = 0; i < 120; i++) {
            try (Response response = okHttp.newCall(new Request.Builder().url(https()).build()).execute()) {
                return;
            } catch (IOException notYet) {
                last = notYet;
                Thread.sleep(500);
            }
        }
        throw new IllegalStateException("the stock server's https listener did not answer after 60 s", last);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(3, TimeUnit.MINUTES), String.join(" ", command) + " did not end");
        assertEquals(0, process.exitValue(), String.join(" ", command) + ":\n" + output);
    }

    private static void copyRecursively(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).filter(path -> !path.equals(directory)).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
