package io.github.http2wildfly.door;

import java.net.InetAddress;

/**
 * The one sentence for a port that is taken, naming the property that moves it: said by the build's
 * port check before a server starts, and by the slow doors when they open inside a running server.
 */
public final class PortInUse {

    private PortInUse() {
    }

    /**
     * @param property the Maven property that sets the port before the offset
     * @param offsetProperty the Maven property of the offset that applies ({@code port.offset}, {@code it.port.offset})
     */
    public static String message(InetAddress address, String property, int base, String offsetProperty, int offset) {
        return "Port " + (base + offset) + " on " + address.getHostAddress() + " is already in use (" + property
                + "=" + base + (offset == 0 ? "" : " + " + offsetProperty + "=" + offset)
                + "): stop what listens there, or move it with -D" + property + "=<port> or every port with -D"
                + offsetProperty + "=<offset>";
    }
}
