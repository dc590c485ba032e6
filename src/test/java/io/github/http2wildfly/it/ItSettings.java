package io.github.http2wildfly.it;

import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Gives an IT run from an IDE what Maven's failsafe passes, before Arquillian reads its configuration: the ITs'
 * server's port offset and the cluster ITs' (the pom's it.port.offset and it.cluster.port.offset, read from the pom,
 * their one home), so that the server never meets a dev server, and Arquillian's management port (WildFly's 9990
 * plus the offset) with it. The server's JVM takes the tests' own -XX flags (.mvn/jvm.config, their one home;
 * arquillian.xml names none). Registered in META-INF/services like LegacyTlsClientForTests.
 */
public class ItServerDefaults implements LauncherSessionListener {

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    static final String CLUSTER_PORT_OFFSET = "it.cluster.port.offset";
    /** arquillian.xml's placeholder for the server JVM's -XX flags. */
    static final String SERVER_JVM_FLAGS = "server.jvm.flags";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty(PORT_OFFSET) == null) {
            System.setProperty(PORT_OFFSET, pomProperty("it.port.offset"));
        }
        if (System.getProperty(CLUSTER_PORT_OFFSET) == null) {
            System.setProperty(CLUSTER_PORT_OFFSET, pomProperty(CLUSTER_PORT_OFFSET));
        }
        if (System.getProperty(SERVER_JVM_FLAGS) == null) {
            System.setProperty(SERVER_JVM_FLAGS, String.join(" ", ShortLivedJava.flags()));
        }
    }

    /** A property's default as the pom sets it (an IDE runs the tests from the project's folder). */
    static String pomProperty(String name) {
        try {
            Matcher value = Pattern.compile("<" + Pattern.quote(name) + ">([^<]*)</").matcher(Files.readString(Path.of("pom.xml")));
            if (!value.find()) {
                throw new IllegalStateException("pom.xml has no property " + name);
            }
            return value.group(1).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read pom.xml for " + name + " (run the tests from the project's folder)", e);
        }
    }
}
