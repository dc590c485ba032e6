package io.github.http2wildfly.shield;

import io.undertow.servlet.ServletExtension;
import io.undertow.servlet.api.DeploymentInfo;
import jakarta.servlet.ServletContext;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * Puts {@link RequestBodyGuard} and {@link ClientShare} in front of the application, on the I/O thread before any
 * servlet is dispatched, with the settings {@code wildfly/limits.cli} gives the server (docs/configuration.md): the
 * guard reads the body first, then the share dispatches the request to a task thread. A server without them, a WildFly
 * this project did not configure, gets neither: the WAR alone does not change how a server reads bodies or runs requests.
 */
public final class ShieldExtension implements ServletExtension {

    static final String MIN_RATE = "h2demo.body.min.rate";
    static final String GRACE = "h2demo.body.grace";
    static final String READ_AHEAD = "h2demo.body.read.ahead";
    static final String CLIENT_SHARE = "h2demo.client.share";
    static final String FORWARDED_BY = "h2demo.client.forwarded.by";

    @Override
    public void handleDeployment(DeploymentInfo deployment, ServletContext context) {
        // The first wrapper added is the innermost: the share dispatches what the guard hands on.
        String share = System.getProperty(CLIENT_SHARE);
        if (share != null) {
            long percent = number(CLIENT_SHARE, share);
            if (percent < 0 || percent > 100) {
                throw new IllegalArgumentException(CLIENT_SHARE + "=" + share + ": a share of the task threads in per cent, 1 to 100 (0 or 100: no share)");
            }
            if (percent > 0 && percent < 100) {
                String forwardedBy = address(System.getProperty(FORWARDED_BY));
                deployment.addInitialHandlerChainWrapper(next -> new ClientShare(next, threads -> (int) (threads * percent / 100), forwardedBy));
            }
        }
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

    /** The address a host names, as {@link java.net.InetAddress#getHostAddress()} writes it, or null for none. */
    private static String address(String host) {
        if (host == null || host.isBlank()) {
            return null;
        }
        try {
            return InetAddress.getByName(host.trim()).getHostAddress();
        } catch (UnknownHostException unknown) {
            throw new IllegalArgumentException(FORWARDED_BY + "=" + host + ": no such host");
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
