package io.github.http2wildfly.it;

import java.security.Security;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Lets the test JVM offer TLS 1.1, so that a test can watch the server refuse it: the JDK disables
 * TLS 1.1 in its clients and reads that setting once, before any test class could change it.
 * Registered in META-INF/services, so Maven and IDEs alike apply it before the first test.
 */
public class LegacyTlsClientForTests implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String disabled = Security.getProperty("jdk.tls.disabledAlgorithms");
        if (disabled != null) {
            Security.setProperty("jdk.tls.disabledAlgorithms", Arrays.stream(disabled.split(","))
                    .map(String::strip)
                    .filter(algorithm -> !algorithm.equals("TLSv1.1"))
                    .collect(Collectors.joining(", ")));
        }
    }
}
