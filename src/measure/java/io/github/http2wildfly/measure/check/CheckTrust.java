package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/** What the check's clients trust: the JDK's authorities, or exactly the certificate of {@code check.trust}. */
record CheckTrust(SSLContext context, X509TrustManager manager) {

    static CheckTrust of(Optional<Path> certificatePem) {
        try {
            KeyStore trusted = null;
            if (certificatePem.isPresent()) {
                trusted = KeyStore.getInstance(KeyStore.getDefaultType());
                trusted.load(null, null);
                try (InputStream pem = Files.newInputStream(certificatePem.get())) {
                    trusted.setCertificateEntry("server", CertificateFactory.getInstance("X.509").generateCertificate(pem));
                }
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, factory.getTrustManagers(), null);
            return new CheckTrust(context, (X509TrustManager) factory.getTrustManagers()[0]);
        } catch (IOException | GeneralSecurityException e) {
            throw new CheckFailure("check.trust=" + certificatePem.map(Path::toString).orElse("") + " is not a PEM certificate: "
                    + e.getMessage());
        }
    }
}
