package io.github.http2wildfly.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;

/**
 * Checks the server's keystore before the server is built, so a wrong password or a missing or
 * damaged keystore is one clear line instead of a failed boot; then exports its certificate in PEM,
 * for curl --cacert, browsers and the tests' trust store.
 *
 * <p>Arguments: {@code keystore password alias certificate.pem}
 */
public final class KeystoreCheck {

    private KeystoreCheck() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new BuildCheckFailure("KeystoreCheck: expected keystore, password, alias and certificate file");
        }
        X509Certificate certificate = check(Path.of(args[0]), args[1].toCharArray(), args[2]);
        Path pem = Path.of(args[3]);
        if (exportPem(certificate, pem)) {
            System.out.println("Exported the server certificate to " + pem);
        }
    }

    /**
     * @return the certificate of the key entry {@code alias}
     * @throws BuildCheckFailure naming what is wrong and the property that fixes it
     */
    static X509Certificate check(Path file, char[] password, String alias) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BuildCheckFailure("Keystore " + file + " does not exist: build without"
                    + " -Dkeystore.skipGenerate=true to generate one there, or point -Dkeystore.file at yours");
        }
        KeyStore keyStore = load(file, password);
        try {
            if (!keyStore.isKeyEntry(alias)) {
                throw new BuildCheckFailure("Keystore " + file + " has no key entry named '" + alias
                        + "' (it has " + Collections.list(keyStore.aliases()) + "): set -Dkeystore.alias");
            }
            keyStore.getKey(alias, password);
            X509Certificate certificate = (X509Certificate) keyStore.getCertificate(alias);
            certificate.checkValidity();
            return certificate;
        } catch (UnrecoverableKeyException wrongKeyPassword) {
            throw new BuildCheckFailure("The key '" + alias + "' in " + file
                    + " has another password than the keystore: this project expects one password for both");
        } catch (CertificateExpiredException | CertificateNotYetValidException expired) {
            throw new BuildCheckFailure("The certificate in " + file + " is not valid now (" + expired.getMessage()
                    + "): delete the file to generate a new one");
        } catch (GeneralSecurityException e) {
            throw new BuildCheckFailure("Cannot read the key '" + alias + "' in " + file + ": " + e.getMessage());
        }
    }

    private static KeyStore load(Path file, char[] password) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(in, password);
            return keyStore;
        } catch (IOException e) {
            if (e.getCause() instanceof UnrecoverableKeyException) {
                throw new BuildCheckFailure("Wrong password for keystore " + file + ": set -Dkeystore.password");
            }
            throw new BuildCheckFailure("Keystore " + file + " is not a readable PKCS12 keystore (" + e.getMessage()
                    + "): delete it to generate a new one, or point -Dkeystore.file at yours");
        } catch (GeneralSecurityException e) {
            throw new BuildCheckFailure("Keystore " + file + " cannot be read: " + e.getMessage());
        }
    }

    /** @return true when the file was written, false when it already held this certificate */
    static boolean exportPem(X509Certificate certificate, Path pem) throws IOException {
        String text;
        try {
            text = "-----BEGIN CERTIFICATE-----\n"
                    + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                            .encodeToString(certificate.getEncoded())
                    + "\n-----END CERTIFICATE-----\n";
        } catch (GeneralSecurityException e) {
            throw new BuildCheckFailure("Cannot encode the certificate: " + e.getMessage());
        }
        if (Files.isRegularFile(pem) && Files.readString(pem, StandardCharsets.US_ASCII).equals(text)) {
            return false;
        }
        Files.createDirectories(pem.toAbsolutePath().getParent());
        Files.writeString(pem, text, StandardCharsets.US_ASCII);
        return true;
    }
}
