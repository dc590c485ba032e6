package io.github.http2wildfly.it;

import io.github.http2wildfly.measure.check.CheckTrust;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;

/**
 * HTTP clients that trust exactly the project's certificate, with hostname verification on:
 * a door that negotiates TLS here would negotiate it in a browser that trusts the certificate.
 */
final class TrustedClients {

    private static final Path CERTIFICATE = ItSettings.path("keystore.certificate");

    private final X509Certificate certificate;
    private final X509TrustManager trustManager;
    private final SSLContext sslContext;

    TrustedClients() {
        this(CERTIFICATE);
    }

    /** Clients that trust exactly the certificate in this PEM file (another server's). */
    TrustedClients(Path certificatePem) {
        try (InputStream pem = Files.newInputStream(certificatePem)) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(pem);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot read the server certificate " + certificatePem.toAbsolutePath()
                    + ": run ./mvnw package first", e);
        }
        CheckTrust trust = CheckTrust.trusting(certificate);
        trustManager = trust.manager();
        sslContext = trust.context();
    }

    /** Where the server's certificate is, for a client outside the JVM (OpenSSL's). */
    static Path certificatePath() {
        return CERTIFICATE;
    }

    /** The server's certificate, the one thing these clients trust (the HTTP/3 client's trust too). */
    X509Certificate certificate() {
        return certificate;
    }

    SSLContext sslContext() {
        return sslContext;
    }

    /** OkHttp as a browser would be: offers h2 and http/1.1 by ALPN. */
    OkHttpClient okHttp() {
        return okHttpBuilder().build();
    }

    OkHttpClient.Builder okHttpBuilder() {
        return new OkHttpClient.Builder()
                .sslSocketFactory(sslContext.getSocketFactory(), trustManager)
                .connectionSpecs(List.of(ConnectionSpec.MODERN_TLS, ConnectionSpec.CLEARTEXT))
                .protocols(List.of(Protocol.HTTP_2, Protocol.HTTP_1_1));
    }

    /** The JDK's own client, as a second, independent opinion. */
    HttpClient jdkHttpClient() {
        return HttpClient.newBuilder().sslContext(sslContext).version(HttpClient.Version.HTTP_2).build();
    }
}
