package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;

/**
 * The server's TLS identity, before the server is built: generated with the JDK's keytool when it
 * does not exist, then checked, so a wrong password or a missing or damaged keystore is one clear
 * line instead of a failed boot; then its certificate is exported in PEM, for curl --cacert,
 * browsers and the tests' trust store.
 *
 * <p>Arguments: {@code keystore password alias certificate.pem generate-if-missing}
 */
public final class ServerKeystore {

    /** Browsers and OkHttp ignore the CN: the names a client may use must be in the SAN. */
    static final String SUBJECT_ALTERNATIVE_NAMES = "SAN=dns:localhost,ip:127.0.0.1,ip:::1";
    static final String DISTINGUISHED_NAME = "CN=localhost, OU=HTTP/2 on WildFly demo, O=Development only";
    static final int VALIDITY_DAYS = 825;

    private ServerKeystore() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 5) {
            throw new BuildCheckFailure("ServerKeystore: expected keystore, password, alias, certificate file"
                    + " and generate-if-missing");
        }
        prepare(Path.of(args[0]), args[1].toCharArray(), args[2], Path.of(args[3]), Boolean.parseBoolean(args[4]));
    }

    /**
     * Generates (when missing and allowed), checks and exports, holding a lock on the keystore's folder:
     * two builds at once end with one key and the PEM of that key.
     */
    static void prepare(Path file, char[] password, String alias, Path pem, boolean generate)
            throws IOException, InterruptedException {
        Path folder = Files.createDirectories(file.toAbsolutePath().getParent());
        synchronized (ServerKeystore.class) { // a file lock is held per JVM, not per thread
            try (FileChannel lock = FileChannel.open(folder.resolve(".keystore.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock held = lock.lock()) {
                if (!Files.exists(file) && generate) {
                    generate(file, password, alias);
                    System.out.println("Generated " + file + " (" + DISTINGUISHED_NAME + ", " + SUBJECT_ALTERNATIVE_NAMES + ")");
                }
                X509Certificate certificate = check(file, password, alias);
                if (exportPem(certificate, pem)) {
                    System.out.println("Exported the server certificate to " + pem);
                }
            }
        }
    }

    /**
     * A self-signed EC key pair for localhost, made by the keytool of the running JDK into a file of its
     * own, readable by its owner only, and moved into place whole (an interrupted build leaves none).
     */
    static void generate(Path file, char[] password, String alias) throws IOException, InterruptedException {
        Path folder = Files.createDirectories(file.toAbsolutePath().getParent());
        Path partial = folder.resolve(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        ProcessBuilder keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keystore", partial.toString(), "-storetype", "PKCS12",
                // from the environment, so the password never shows in a process listing
                "-storepass:env", "KEYSTORE_PASSWORD", "-alias", alias,
                "-keyalg", "EC", "-groupname", "secp256r1", "-dname", DISTINGUISHED_NAME,
                "-ext", SUBJECT_ALTERNATIVE_NAMES, "-validity", Integer.toString(VALIDITY_DAYS))
                .redirectErrorStream(true);
        // keytool runs for half a second: with this JVM's -XX flags (Maven's .mvn/jvm.config, the tests' argLine:
        // C1 only and the serial collector), it starts in half the CPU time
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(flag -> flag.startsWith("-XX:"))
                .forEach(flag -> keytool.command().add("-J" + flag));
        keytool.environment().put("KEYSTORE_PASSWORD", new String(password));
        Process process = keytool.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (process.waitFor() != 0) {
            Files.deleteIfExists(partial);
            throw new BuildCheckFailure("keytool could not generate " + file + ": " + output.lines().findFirst().orElse(""));
        }
        ownerOnly(partial);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    }

    /** rw------- where the file system knows POSIX permissions. */
    static void ownerOnly(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /**
     * @return the certificate of the key entry {@code alias}
     * @throws BuildCheckFailure naming what is wrong and the property that fixes it
     */
    static X509Certificate check(Path file, char[] password, String alias) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new BuildCheckFailure("Keystore " + file + " does not exist: point -Dkeystore.file at yours,"
                    + " or leave keystore.generate at true to generate one there");
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
            throw new BuildCheckFailure("Keystore " + file + " is not a readable PKCS12 keystore (" + describe(e)
                    + "): delete it to generate a new one, or point -Dkeystore.file at yours");
        } catch (GeneralSecurityException e) {
            throw new BuildCheckFailure("Keystore " + file + " cannot be read: " + e.getMessage());
        }
    }

    private static String describe(Exception e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
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
