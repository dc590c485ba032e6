package io.github.http2wildfly.it;

import io.github.http2wildfly.servers.FilledInSettings;
import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Gives the ITs their settings ({@code target/it.properties}, from {@code src/test/it.properties}: their knobs, and the
 * paths the build filled in) as system properties, before Arquillian reads its configuration: the same from Maven and from an IDE, so that an IT
 * run from an IDE meets the server Maven's would, never a dev server. A property already set is kept (a {@code -D} to
 * Maven reaches the tests' JVM as one). The ITs' server's port offset is it.port.offset, and Arquillian's management
 * port WildFly's 9990 plus it; the server's JVM takes the tests' own -XX flags (.mvn/jvm.config, their one home;
 * arquillian.xml names none). Registered in META-INF/services like LegacyTlsClientForTests.
 */
public class ItSettings implements LauncherSessionListener {

    static final Path FILE = Path.of("target/it.properties");
    static final String PORT_OFFSET = "it.port.offset";
    static final String CLUSTER_PORT_OFFSET = "it.cluster.port.offset";
    /** The name WildFly's Arquillian container reads the port offset under. */
    static final String ARQUILLIAN_PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** arquillian.xml's placeholder for the server JVM's -XX flags. */
    static final String SERVER_JVM_FLAGS = "server.jvm.flags";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (!Files.isRegularFile(FILE)) {
            System.err.println("No " + FILE + ": the ITs need ./mvnw package once (run from the project's folder)");
            return;
        }
        try {
            FilledInSettings.read(FILE, "./mvnw package").forEach((name, value) -> setUnlessGiven((String) name, (String) value));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + FILE, e);
        }
        setUnlessGiven(ARQUILLIAN_PORT_OFFSET, System.getProperty(PORT_OFFSET));
        setUnlessGiven(SERVER_JVM_FLAGS, String.join(" ", ShortLivedJava.flags()));
    }

    /** A setting that names a file or folder; one clear line where the build has not filled the settings in. */
    public static Path path(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set: " + FILE + " is missing (./mvnw package once, from the project's folder)");
        }
        return Path.of(value);
    }

    /**
     * Whether the ITs' server carries this diff of src/patches/undertow-core (not under -Pstock): a test whose answer is
     * the diff's asserts stock Undertow's answer where it does not.
     */
    public static boolean serverCarries(String undertowDiff) {
        return Files.isRegularFile(path("undertow.patches").resolve(undertowDiff));
    }

    private static void setUnlessGiven(String name, String value) {
        if (System.getProperty(name) == null) {
            System.setProperty(name, value);
        }
    }
}
