package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/**
 * What the check's clients trust: the JDK's authorities, or exactly the certificate of {@code check.trust} (the ITs'
 * clients trust the project's certificate the same way, {@link #trusting}).
 */
public record CheckTrust(SSLContext context, X509TrustManager manager) {

    static CheckTrust of(Optional<Path> certificatePem) {
        if (certificatePem.isEmpty()) {
            return trusting(null);
        }
        try (InputStream pem = Files.newInputStream(certificatePem.get())) {
            return trusting((X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(pem));
        } catch (IOException | GeneralSecurityException e) {
            throw new CheckFailure("check.trust=" + certificatePem.get() + " is not a PEM certificate: " + e.getMessage());
        }
    }

    /** An OkHttp client that trusts what the check trusts, to be built on. */
    OkHttpClient.Builder okHttp() {
        return new OkHttpClient.Builder().sslSocketFactory(context.getSocketFactory(), manager);
    }

    /** Trusting exactly {@code certificate}, or the JDK's authorities where it is null. */
    public static CheckTrust trusting(X509Certificate certificate) {
        try {
            KeyStore trusted = null;
            if (certificate != null) {
                trusted = KeyStore.getInstance(KeyStore.getDefaultType());
                trusted.load(null, null);
                trusted.setCertificateEntry("server", certificate);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return new CheckTrust(context, (X509TrustManager) factory.getTrustManagers()[0]);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the JDK's TLS cannot trust " + certificate + ": " + e.getMessage(), e);
        }
    }
}
