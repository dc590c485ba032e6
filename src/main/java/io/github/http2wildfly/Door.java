package io.github.http2wildfly;

import java.net.URI;
import java.util.Properties;

/**
 * The three ways into the same application, each with a slow twin (the same door behind a delay
 * proxy, see SlowDoors). Their ports are server system properties (set by wildfly/sockets.cli and
 * wildfly/slow-doors.cli) shifted by WildFly's port offset.
 */
public enum Door {

    HTTP_1_1("HTTP/1.1", "http", "http", "http.port", "slow.http.port"),
    HTTP_1_1_TLS("HTTP/1.1 over TLS", "https", "https-http1", "https.http1.port", "slow.https.http1.port"),
    HTTP_2_TLS("HTTP/2 over TLS", "https", "https", "https.port", "slow.https.port");

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** The server's system properties are the Maven properties' names behind this prefix. */
    static final String PROPERTY_PREFIX = "h2demo.";

    private final String label;
    private final String scheme;
    private final String socketBinding;
    private final String portProperty;
    private final String slowPortProperty;

    Door(String label, String scheme, String socketBinding, String portProperty, String slowPortProperty) {
        this.label = label;
        this.scheme = scheme;
        this.socketBinding = socketBinding;
        this.portProperty = portProperty;
        this.slowPortProperty = slowPortProperty;
    }

    public String label() {
        return label;
    }

    public String scheme() {
        return scheme;
    }

    /** The name of the door's socket binding in the server's configuration. */
    public String socketBinding() {
        return socketBinding;
    }

    /** The port this door listens on, from the server's system properties. */
    public int port(Properties system) {
        return basePort(system, PROPERTY_PREFIX + portProperty, "sockets.cli") + portOffset(system);
    }

    /** The port of this door's slow twin. */
    public int slowPort(Properties system) {
        return basePort(system, PROPERTY_PREFIX + slowPortProperty, "slow-doors.cli") + portOffset(system);
    }

    /** The Maven property that moves the slow twin (named in messages). */
    public String slowPortProperty() {
        return slowPortProperty;
    }

    public static int portOffset(Properties system) {
        return Integer.parseInt(system.getProperty(PORT_OFFSET, "0").strip());
    }

    private static int basePort(Properties system, String property, String script) {
        String base = system.getProperty(property);
        if (base == null) {
            throw new IllegalStateException("System property " + property
                    + " is not set: this server was not configured by the project's wildfly/" + script);
        }
        return Integer.parseInt(base.strip());
    }

    public URI uri(String host, int port, String path) {
        String authority = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create(scheme + "://" + authority + ":" + port + path);
    }
}
