package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeystoreCheckTest {

    @TempDir
    static Path dir;
    static Path keystore;

    @BeforeAll
    static void generateAKeystoreAsTheBuildDoes() throws Exception {
        keystore = dir.resolve("localhost.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "secret1",
                "-keypass", "secret1", "-alias", "localhost", "-keyalg", "EC", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2")
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        assertEquals(0, keytool.waitFor(), output);
    }

    @Test
    void aGoodKeystoreYieldsItsCertificateAsPem() throws Exception {
        X509Certificate certificate = KeystoreCheck.check(keystore, "secret1".toCharArray(), "localhost");
        Path pem = dir.resolve("out/localhost.crt");
        assertTrue(KeystoreCheck.exportPem(certificate, pem));
        assertFalse(KeystoreCheck.exportPem(certificate, pem), "unchanged: not written again");
        try (InputStream in = Files.newInputStream(pem)) {
            assertEquals(certificate, CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
    }

    @Test
    void wrongPassword() {
        assertEquals("Wrong password for keystore " + keystore + ": set -Dkeystore.password", failure(keystore, "nope", "localhost"));
    }

    @Test
    void missingKeystore() {
        Path missing = dir.resolve("missing.p12");
        assertEquals("Keystore " + missing + " does not exist: build without -Dkeystore.skipGenerate=true to generate"
                + " one there, or point -Dkeystore.file at yours", failure(missing, "secret1", "localhost"));
    }

    @Test
    void corruptKeystore() throws IOException {
        Path corrupt = Files.write(dir.resolve("corrupt.p12"), new byte[] {0x30, 0x03, 0x02, 0x01, 0x03, 0x42});
        assertTrue(failure(corrupt, "secret1", "localhost").startsWith("Keystore " + corrupt
                + " is not a readable PKCS12 keystore"));
    }

    @Test
    void unknownAlias() {
        assertEquals("Keystore " + keystore + " has no key entry named 'server' (it has [localhost]): set -Dkeystore.alias",
                failure(keystore, "secret1", "server"));
    }

    @Test
    void mainTakesExactlyFourArguments() {
        assertThrows(BuildCheckFailure.class, () -> KeystoreCheck.main(new String[] {keystore.toString()}));
    }

    private static String failure(Path file, String password, String alias) {
        return assertThrows(BuildCheckFailure.class, () -> KeystoreCheck.check(file, password.toCharArray(), alias))
                .getMessage();
    }
}
