package io.github.http2wildfly.edge;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The key and certificate chain door 4 presents: the same entry of the same key store as the TCP
 * doors' SSL context (wildfly/elytron/ssl-context.cli), read directly because QUIC's TLS lives in
 * BoringSSL, not in the JVM's SSLContext.
 */
public record TlsIdentity(PrivateKey key, X509Certificate[] chain) {

    /** What Chromium's --ignore-certificate-errors-spki-list takes: base64 of the SHA-256 of the public key's DER. */
    public static String spkiHash(X509Certificate certificate) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(certificate.getPublicKey().getEncoded()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** @throws IOException with a sentence that names the file and what is wrong with it */
    public static TlsIdentity read(Path keystore, char[] password, String alias) throws IOException {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            if (!(store.getKey(alias, password) instanceof PrivateKey key)) {
                throw new IOException(keystore + " has no private key under the alias " + alias);
            }
            Certificate[] chain = store.getCertificateChain(alias);
            return new TlsIdentity(key, Arrays.copyOf(chain, chain.length, X509Certificate[].class));
        } catch (GeneralSecurityException e) {
            throw new IOException(keystore + " could not be read with its password: " + e.getMessage(), e);
        }
    }

    /** The chain and the key as PEM files, for servers nobody here wrote (Caddy, HAProxy, nginx). */
    public void writePem(Path certificate, Path privateKey) throws IOException {
        StringBuilder pem = new StringBuilder();
        try {
            for (X509Certificate link : chain) {
                pem.append(pem("CERTIFICATE", link.getEncoded()));
            }
        } catch (CertificateEncodingException e) {
            throw new IOException("the certificate cannot be written as PEM: " + e.getMessage(), e);
        }
        Files.writeString(certificate, pem);
        Files.writeString(privateKey, pem("PRIVATE KEY", key.getEncoded()));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
