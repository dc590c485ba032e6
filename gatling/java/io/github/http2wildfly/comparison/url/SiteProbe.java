package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.measure.net.RoundTripProbe;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Asks the page's server once, with Java's HTTP client, before any browser: does the name resolve, does
 * the host answer, is its certificate trusted, where do redirects lead, is it an HTML page, and does it
 * offer HTTP/3 (Alt-Svc). Each problem is one line that says what to do; every step is bounded, so a
 * bad URL is answered within {@link #CONNECT} + {@link #ANSWER}.
 */
public final class SiteProbe {

    static final Duration CONNECT = Duration.ofSeconds(5);
    static final Duration ANSWER = Duration.ofSeconds(10);
    private static final int MAX_REDIRECTS = 10;
    /** h3="host:port" in Alt-Svc; not h3-29 and other drafts, which Chromium no longer speaks. */
    private static final Pattern H3 = Pattern.compile("(?:^|,)\\s*h3=\"([^\"]*)\"");

    private final HttpClient client;

    /** @param trustedCertificate a PEM certificate trusted besides the JDK's own roots, or null */
    public SiteProbe(Path trustedCertificate) {
        client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(CONNECT)
                .sslContext(trusting(trustedCertificate)).build();
    }

    /** @throws SiteProblem with the one line to say */
    public Site probe(URI requested) {
        List<String> notes = new ArrayList<>();
        URI page = requested;
        HttpResponse<Void> answer = get(page);
        for (int hop = 0; answer.statusCode() / 100 == 3 && answer.headers().firstValue("location").isPresent(); hop++) {
            if (hop == MAX_REDIRECTS) {
                throw new SiteProblem(requested + ": more than " + MAX_REDIRECTS + " redirects: give the URL they end at");
            }
            URI next = page.resolve(answer.headers().firstValue("location").get());
            notes.add("redirected (" + answer.statusCode() + ") from " + page + " to " + next + ": the lanes load " + next);
            page = next;
            answer = get(page);
        }
        if (answer.statusCode() >= 400) {
            throw new SiteProblem(page + " answered " + answer.statusCode() + ": give the URL of a page that loads");
        }
        String type = answer.headers().firstValue("content-type").orElse("");
        if (!type.toLowerCase(Locale.ROOT).startsWith("text/html") && !type.toLowerCase(Locale.ROOT).startsWith("application/xhtml")) {
            throw new SiteProblem(page + " is not an HTML page (Content-Type: " + (type.isEmpty() ? "none" : type)
                    + "): give the URL of a page, whose resources the browser then loads");
        }
        List<Lane> lanes = new ArrayList<>(List.of(Lane.H1));
        if (!"https".equalsIgnoreCase(page.getScheme())) {
            notes.add(page + ": browsers speak HTTP/2 and HTTP/3 only over TLS: the h1 lane only (give the https:// URL for all three)");
        } else {
            lanes.add(Lane.H2);
            Optional<String> h3 = http3Authority(answer.headers().allValues("alt-svc"));
            if (h3.isEmpty()) {
                notes.add("h3 not offered: " + page.getHost() + " sends no h3 in Alt-Svc");
            } else if (!h3.get().isEmpty() && !h3.get().equals(":" + Site.port(page))) {
                notes.add("h3 not measured: Alt-Svc offers it at " + h3.get() + ", not on the page's own port, where Chromium"
                        + " can be held to QUIC");
            } else {
                lanes.add(Lane.H3);
            }
        }
        return new Site(requested, page, List.copyOf(lanes), List.copyOf(notes), roundTripMillis(page));
    }

    /** The network's round trip as TCP's handshake takes it: the median of five connects (one round trip each). */
    static double roundTripMillis(URI page) {
        try {
            return RoundTripProbe.connects(new InetSocketAddress(page.getHost(), Site.port(page)), 5, CONNECT).median();
        } catch (IOException e) {
            throw new SiteProblem(page.getHost() + ":" + Site.port(page) + ": " + e.getMessage());
        }
    }

    /** The authority of Alt-Svc's h3 entry (":443", or "host:443"), "" for the same authority, or none. */
    static Optional<String> http3Authority(List<String> altSvc) {
        for (String value : altSvc) {
            Matcher h3 = H3.matcher(value);
            if (h3.find()) {
                return Optional.of(h3.group(1));
            }
        }
        return Optional.empty();
    }

    private HttpResponse<Void> get(URI uri) {
        resolve(uri.getHost());
        String where = uri.getHost() + ":" + Site.port(uri);
        try {
            return client.send(HttpRequest.newBuilder(uri).timeout(ANSWER).header("User-Agent", "http2-wildfly-demo").GET().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (HttpConnectTimeoutException e) {
            throw new SiteProblem("No connection to " + where + " within " + CONNECT.toSeconds() + " s (TCP"
                    + ("https".equalsIgnoreCase(uri.getScheme()) ? " and TLS" : "") + "): is it reachable from here (firewall,"
                    + " proxy, VPN), and does it speak " + uri.getScheme() + " there?");
        } catch (HttpTimeoutException e) {
            throw new SiteProblem(where + " accepted the connection but sent no answer within " + ANSWER.toSeconds() + " s");
        } catch (ConnectException e) {
            throw new SiteProblem(where + " refused the connection: nothing listens there (check the port and the scheme)");
        } catch (SSLHandshakeException e) {
            throw new SiteProblem(untrusted(e) ? "The certificate of " + where + " is not trusted here: trust that one with"
                    + " -Dcomparison.trust=cert.pem (its PEM file), or give the server a chain to a public root"
                    : "TLS with " + where + " failed: " + e.getMessage());
        } catch (IOException e) {
            throw new SiteProblem(where + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SiteProblem(where + ": interrupted");
        }
    }

    private static boolean untrusted(SSLHandshakeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertPathValidatorException || cause instanceof CertPathBuilderException) {
                return true;
            }
        }
        return String.valueOf(e.getMessage()).contains("PKIX");
    }

    /** The JDK's resolver can wait long on an unreachable DNS server: at most {@link #CONNECT} here. */
    private static void resolve(String host) {
        CompletableFuture<InetAddress[]> lookup = CompletableFuture.supplyAsync(() -> {
            try {
                return InetAddress.getAllByName(host);
            } catch (UnknownHostException e) {
                throw new SiteProblem("Host " + host + " not found (DNS): check the name, and that this machine can resolve it");
            }
        });
        try {
            lookup.get(CONNECT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SiteProblem problem ? problem : new SiteProblem(host + ": " + e.getCause());
        } catch (TimeoutException e) {
            throw new SiteProblem("Host " + host + " not resolved within " + CONNECT.toSeconds() + " s (DNS): is a name server reachable?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SiteProblem(host + ": interrupted");
        }
    }

    /** The JDK's roots, and the given certificate beside them. */
    static SSLContext trusting(Path certificate) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            if (certificate == null) {
                context.init(null, null, null);
                return context;
            }
            KeyStore roots = KeyStore.getInstance(KeyStore.getDefaultType());
            roots.load(null, null);
            TrustManagerFactory jdk = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            jdk.init((KeyStore) null);
            int n = 0;
            for (X509Certificate root : ((X509TrustManager) jdk.getTrustManagers()[0]).getAcceptedIssuers()) {
                roots.setCertificateEntry("jdk-" + n++, root);
            }
            roots.setCertificateEntry("given", read(certificate));
            TrustManagerFactory both = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            both.init(roots);
            context.init(null, both.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new SiteProblem("comparison.trust=" + certificate + ": " + e.getMessage());
        }
    }

    static X509Certificate read(Path pem) throws IOException {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (java.security.cert.CertificateException e) {
            throw new SiteProblem("comparison.trust=" + pem + " is not a PEM certificate: " + e.getMessage());
        }
    }
}
