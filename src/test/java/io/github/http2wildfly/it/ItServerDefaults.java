package io.github.http2wildfly.it;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Gives an IT run from an IDE what Maven's failsafe passes (the pom's it.port.offset), before
 * Arquillian reads its configuration: the ITs' server shifted by 100, so it never meets a dev
 * server, and Arquillian's management port (WildFly's 9990 plus this offset) with it.
 * Registered in META-INF/services like LegacyTlsClientForTests.
 */
public class ItServerDefaults implements LauncherSessionListener {

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty(PORT_OFFSET) == null) {
            System.setProperty(PORT_OFFSET, "100");
        }
    }
}
