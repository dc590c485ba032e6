package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.net.H2spec;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * {@code ./mvnw verify -Pcheck -Dcheck.url=https://host:port/path}: what a WildFly user came to find out about their
 * own server, as a report (docs/check.md): which protocol each kind of client negotiates per TLS version, h2c,
 * h2spec's summary, the answer to oversized headers, the named attacks sent gently, 103 Early Hints, HTTP/3 as
 * advertised, and what the server says it is. A URL the check cannot use is one line; a FAIL fails the build, as a JUnit report fails CI.
 */
public final class ServerCheck {

    private static final Duration PATIENCE = Duration.ofSeconds(15);
    private static final String H2SPEC = "h2spec 2.2.0 (conformance)";

    private final CheckSettings settings;
    private final CheckTrust trust;

    public ServerCheck(CheckSettings settings) {
        this.settings = settings;
        this.trust = CheckTrust.of(settings.trust());
    }

    /**
     * Exit code 0 where no line failed, 1 where one did (the JUnit report has its failure), 2 where the check could not
     * run (one line on stderr; the JUnit report has that error): what CI reads, as a test run's.
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        Path reports = CheckSettings.reports(System.getProperties());
        CheckReport.clear(reports);
        CheckReport report;
        CheckSettings settings;
        try {
            settings = CheckSettings.read(System.getProperties());
            report = new ServerCheck(settings).run();
        } catch (CheckFailure cannot) {
            CheckReport.writeError(reports, System.getProperty("check.url", ""), cannot.getMessage());
            exit(2, cannot.getMessage());
            return;
        }
        Path html = report.write(settings.reports());
        System.out.print(report.console());
        System.out.println("The check of " + settings.url() + ": " + report.tally() + "; the report: " + html.toAbsolutePath());
        if (report.count(Grade.FAIL) > 0) {
            exit(1, report.count(Grade.FAIL) + " of " + report.findings().size() + " lines failed: " + html.toAbsolutePath());
        }
    }

    /** One line and the exit code, without Maven's page of help around it (the check runs in Maven's JVM). */
    private static void exit(int code, String line) {
        System.err.println("check: " + line);
        System.exit(code);
    }

    /** Every finding on the server; a URL the check cannot use throws one line of CheckFailure before any. */
    public CheckReport run() throws IOException, InterruptedException {
        URI url = settings.url();
        Instant checked = Instant.now();
        List<Finding> findings = new ArrayList<>();
        Optional<String> altSvc;
        Optional<String> link;
        Optional<String> server;
        Optional<String> poweredBy;
        int status;
        try (Response first = reach(url)) {
            status = first.code();
            findings.add(status < 400 ? Finding.info("the page", "answered " + status + " over " + first.protocol(), "")
                    : new Finding("the page", Grade.WARN, "answered " + status + " over " + first.protocol(),
                            "a mistyped path? the check asks for this page throughout"));
            altSvc = Optional.ofNullable(first.header("Alt-Svc"));
            link = Optional.ofNullable(first.header("Link"));
            server = Optional.ofNullable(first.header("Server"));
            poweredBy = Optional.ofNullable(first.header("X-Powered-By"));
        }
        Advice advice = Advice.of(server);
        boolean h2 = false;
        if (settings.tls()) {
            Negotiation negotiation = new Negotiation(url, trust, advice);
            findings.addAll(negotiation.findings());
            h2 = negotiation.anyH2();
        } else {
            findings.add(Finding.info("ALPN over TLS", "not checked: an http:// URL", "-Dcheck.url=https://… checks TLS and ALPN"));
        }
        Optional<URI> clearText = settings.tls() ? settings.clearTextUrl() : Optional.of(url);
        if (clearText.isPresent()) {
            reach(clearText.get()).close();
            ClearText h2c = new ClearText(clearText.get(), advice);
            findings.addAll(h2c.findings());
            h2 |= !settings.tls() && h2c.speaksH2c();
        } else {
            findings.add(Finding.info("h2c", "not checked: no clear-text URL", "-Dcheck.http.url=http://host:port/path checks h2c"));
        }
        String noH2 = "not checked: the server speaks no HTTP/2 here";
        findings.add(!settings.h2spec() ? Finding.info(H2SPEC, "not run (check.h2spec=false)", "")
                : h2 ? h2spec(url, advice) : Finding.info(H2SPEC, noH2, ""));
        findings.addAll(new OversizedHeaders(url, trust, status, advice).findings(h2 && settings.tls()));
        if (!h2 || !settings.tls() || settings.attacks().isEmpty()) {
            findings.add(Finding.info("the named attacks", !h2 ? noH2 : !settings.tls() ? "not sent: an http:// URL"
                    : "not sent (check.attacks=none)", "they go over TLS, as browsers' HTTP/2 does"));
        } else {
            findings.addAll(new GentleAttacks(url, trust, status, settings.attackTime(), settings.holdTime(), advice)
                    .findings(settings.attacks()));
        }
        if (settings.tls()) {
            findings.add(h2 ? EarlyHints.finding(url, trust, link, advice) : Finding.info("103 Early Hints and preload", noH2, ""));
            findings.add(AltSvc.finding(url, altSvc, trust, advice));
        } else {
            findings.add(Finding.info("HTTP/3 (Alt-Svc)", "not checked: an http:// URL", ""));
        }
        findings.addAll(ServerIdentity.findings(server, poweredBy));
        return new CheckReport(url, checked, findings);
    }

    private Finding h2spec(URI url, Advice advice) throws InterruptedException {
        String topic = H2SPEC;
        if (!H2spec.runsHere()) {
            return Finding.info(topic, "not run: its binary is Linux x86-64's", "");
        }
        try {
            H2spec.Run run = new H2spec(settings.reports().resolve("h2spec")).run("h2spec", url.getHost(), CheckSettings.port(url),
                    CheckSettings.path(url), settings.tls(), false, Duration.ofSeconds(2), Duration.ofMinutes(5));
            if (run.failed().isEmpty()) {
                return Finding.pass(topic, "all " + run.tests() + " tests passed");
            }
            return new Finding(topic, Grade.WARN, run.failed().size() + " of " + run.tests() + " failed: " + String.join(", ", run.failed()),
                    "each in " + run.report() + advice.pick("; docs/conformance.md says which Undertow fails and why",
                            "; each names its section of RFC 9113"));
        } catch (IOException failed) {
            return Finding.info(topic, "not run: " + failed.getMessage(), "");
        }
    }

    /**
     * The page's first answer, not followed if it redirects; whatever keeps the check from using the URL is one line:
     * nobody listening, an unknown host, no TLS where https was asked, a certificate not trusted, a redirect.
     */
    Response reach(URI url) {
        String where = url.getHost() + ":" + CheckSettings.port(url);
        OkHttpClient client = trust.okHttp()
                .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1)).followRedirects(false).followSslRedirects(false)
                .retryOnConnectionFailure(false).connectTimeout(PATIENCE).readTimeout(PATIENCE).callTimeout(PATIENCE).build();
        Response response;
        try {
            response = client.newCall(new Request.Builder().url(url.toString()).build()).execute();
        } catch (UnknownHostException unknown) {
            throw new CheckFailure("unknown host " + url.getHost() + " (" + url + ")");
        } catch (ConnectException refused) {
            throw new CheckFailure("nobody answers at " + where + ": " + refused.getMessage());
        } catch (InterruptedIOException late) { // a timeout, OkHttp's call timeout among them
            throw new CheckFailure(where + " did not answer within " + PATIENCE.toSeconds() + " s");
        } catch (SSLPeerUnverifiedException otherName) {
            throw new CheckFailure("the certificate of " + where + " does not name " + url.getHost() + ": " + otherName.getMessage());
        } catch (SSLException tls) {
            if (causedBy(tls, CertPathValidatorException.class) || causedBy(tls, CertificateException.class)) {
                throw new CheckFailure("the certificate of " + where + " is not trusted (self-signed, or from an authority the JDK does not "
                        + "know): -Dcheck.trust=its-certificate.pem trusts it");
            }
            if (String.valueOf(tls.getMessage()).startsWith("Received fatal alert")) {
                throw new CheckFailure("the TLS handshake with " + where + " failed: the server " + tls.getMessage().replace("Received", "sent a")
                        + " (a host name it has no certificate for?)");
            }
            throw new CheckFailure(where + " does not speak TLS (" + tls.getMessage() + "): a plain-HTTP port? try http://" + where
                    + CheckSettings.path(url));
        } catch (IOException failed) {
            throw new CheckFailure("no answer from " + url + ": " + failed.getMessage());
        } finally {
            client.dispatcher().executorService().shutdown();
        }
        if (response.isRedirect()) {
            response.close();
            throw new CheckFailure(url + " redirects (" + response.code() + ") to " + response.header("Location")
                    + ": check the URL it names");
        }
        return response;
    }

    private static boolean causedBy(Throwable thrown, Class<? extends Throwable> cause) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (cause.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
