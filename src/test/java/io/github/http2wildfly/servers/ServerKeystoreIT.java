package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerKeystoreIT {

    @TempDir
    static Path dir;
    static Path keystore;

    @BeforeAll
    static void generateAsTheBuildDoes() throws Exception {
        keystore = dir.resolve("keystore/localhost.p12");
        ServerKeystore.main(new String[] {keystore.toString(), "secret1", "localhost",
                dir.resolve("keystore/localhost.crt").toString(), "true"});
    }

    @Test
    void theGeneratedCertificateNamesLocalhostInItsSan() throws Exception {
        X509Certificate certificate = ServerKeystore.check(keystore, "secret1".toCharArray(), "localhost");
        assertEquals("CN=localhost, OU=HTTP/2 on WildFly demo, O=Development only",
                certificate.getSubjectX500Principal().getName(X500Principal.RFC2253).replace(",", ", "));
        assertEquals(List.of(List.of(2, "localhost"), List.of(7, "127.0.0.1"), List.of(7, "0:0:0:0:0:0:0:1")),
                List.copyOf(certificate.getSubjectAlternativeNames()));
        assertEquals("EC", certificate.getPublicKey().getAlgorithm());
    }

    @Test
    void theExportedPemIsTheCertificateAndIsWrittenOnlyWhenItChanges() throws Exception {
        X509Certificate certificate = ServerKeystore.check(keystore, "secret1".toCharArray(), "localhost");
        Path pem = dir.resolve("keystore/localhost.crt");
        assertFalse(ServerKeystore.exportPem(certificate, pem), "main exported it already");
        try (InputStream in = Files.newInputStream(pem)) {
            assertEquals(certificate, CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        assertTrue(ServerKeystore.exportPem(certificate, dir.resolve("elsewhere/localhost.crt")));
    }

    @Test
    void twoBuildsAtOnceMakeOneKeyAndThePemOfThatKey() throws Exception {
        Path shared = dir.resolve("at-once/localhost.p12");
        Path pem = dir.resolve("at-once/localhost.crt");
        List<Process> builds = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            builds.add(new ProcessBuilder(ShortLivedJava.command("-cp", System.getProperty("java.class.path"),
                    ServerKeystore.class.getName(), shared.toString(), "secret1", "localhost", pem.toString(), "true"))
                    .redirectErrorStream(true).start());
        }
        for (Process build : builds) {
            String output = new String(build.getInputStream().readAllBytes());
            assertEquals(0, build.waitFor(), output);
        }
        X509Certificate certificate = ServerKeystore.check(shared, "secret1".toCharArray(), "localhost");
        try (InputStream in = Files.newInputStream(pem)) {
            assertEquals(certificate, CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        assertFalse(Files.exists(dir.resolve("at-once/localhost.p12.partial")));
    }

    @Test
    void theGeneratedKeystoreIsReadableByItsOwnerOnly() throws IOException {
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(keystore)));
    }

    @Test
    void anExistingKeystoreIsNeverReplaced() throws Exception {
        byte[] before = Files.readAllBytes(keystore);
        ServerKeystore.main(new String[] {keystore.toString(), "secret1", "localhost",
                dir.resolve("keystore/localhost.crt").toString(), "true"});
        assertArrayEquals(before, Files.readAllBytes(keystore));
    }

    @Test
    void aMissingKeystoreIsNotGeneratedWhenTurnedOff() {
        Path missing = dir.resolve("off/localhost.p12");
        assertThrows(BuildCheckFailure.class, () -> ServerKeystore.main(new String[] {missing.toString(), "secret1",
                "localhost", dir.resolve("off/localhost.crt").toString(), "false"}));
        assertFalse(Files.exists(missing));
    }

    @Test
    void wrongPassword() {
        assertEquals("Wrong password for keystore " + keystore + ": set -Dkeystore.password", failure(keystore, "nope", "localhost"));
    }

    @Test
    void missingKeystore() {
        Path missing = dir.resolve("missing.p12");
        assertEquals("Keystore " + missing + " does not exist: point -Dkeystore.file at yours, or leave"
                + " keystore.generate at true to generate one there", failure(missing, "secret1", "localhost"));
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
    void mainTakesExactlyFiveArguments() {
        assertThrows(BuildCheckFailure.class, () -> ServerKeystore.main(new String[] {keystore.toString()}));
    }

    private static String failure(Path file, String password, String alias) {
        return assertThrows(BuildCheckFailure.class, () -> ServerKeystore.check(file, password.toCharArray(), alias))
                .getMessage();
    }
}
