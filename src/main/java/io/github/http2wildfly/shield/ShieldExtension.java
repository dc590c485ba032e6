package io.github.http2wildfly.shield;

import io.undertow.servlet.ServletExtension;
import io.undertow.servlet.api.DeploymentInfo;
import jakarta.servlet.ServletContext;
import java.time.Duration;

/**
 * Puts {@link RequestBodyGuard} in front of the application, on the I/O thread before any servlet is dispatched, with
 * the settings {@code wildfly/limits.cli} gives the server (docs/configuration.md). A server without them, a
 * WildFly this project did not configure, gets no guard: the WAR alone does not change how a server reads bodies.
 */
public final class ShieldExtension implements ServletExtension {

    static final String MIN_RATE = "h2demo.body.min.rate";
    static final String GRACE = "h2demo.body.grace";
    static final String READ_AHEAD = "h2demo.body.read.ahead";

    @Override
    public void handleDeployment(DeploymentInfo deployment, ServletContext context) {
        String rate = System.getProperty(MIN_RATE);
        if (rate == null) {
            return;
        }
        BodyRate bodyRate = new BodyRate(number(MIN_RATE, rate), Duration.ofSeconds(number(GRACE, System.getProperty(GRACE, "5"))));
        int readAhead = Math.toIntExact(number(READ_AHEAD, System.getProperty(READ_AHEAD, "0")));
        if (bodyRate.bytesPerSecond() > 0 || readAhead > 0) {
            deployment.addInitialHandlerChainWrapper(next -> new RequestBodyGuard(next, bodyRate, readAhead));
        }
    }

    private static long number(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException(name + "=" + value + ": not a whole number");
        }
    }
}
