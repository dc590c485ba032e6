package io.github.http2wildfly.it;

import io.github.http2wildfly.shared.ShortLivedJava;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Gives an IT run from an IDE what Maven's failsafe passes (the pom's it.port.offset), before
 * Arquillian reads its configuration: the ITs' server shifted by 100, so it never meets a dev
 * server, and Arquillian's management port (WildFly's 9990 plus this offset) with it. The server's JVM
 * takes the tests' own -XX flags (the pom's argLine, its one home; arquillian.xml names none).
 * Registered in META-INF/services like LegacyTlsClientForTests.
 */
public class ItServerDefaults implements LauncherSessionListener {

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** arquillian.xml's placeholder for the server JVM's -XX flags. */
    static final String SERVER_JVM_FLAGS = "server.jvm.flags";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty(PORT_OFFSET) == null) {
            System.setProperty(PORT_OFFSET, "100");
        }
        if (System.getProperty(SERVER_JVM_FLAGS) == null) {
            System.setProperty(SERVER_JVM_FLAGS, String.join(" ", ShortLivedJava.flags()));
        }
    }
}
