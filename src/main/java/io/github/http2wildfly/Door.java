package io.github.http2wildfly;

import java.net.URI;
import java.util.Properties;

/**
 * The three ways into the same application. Their ports are server system properties
 * (set by wildfly/sockets.cli) shifted by WildFly's port offset.
 */
public enum Door {

    HTTP_1_1("HTTP/1.1", "http", "http", "h2demo.http.port"),
    HTTP_1_1_TLS("HTTP/1.1 over TLS", "https", "https-http1", "h2demo.https-http1.port"),
    HTTP_2_TLS("HTTP/2 over TLS", "https", "https", "h2demo.https.port");

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";

    private final String label;
    private final String scheme;
    private final String socketBinding;
    private final String portProperty;

    Door(String label, String scheme, String socketBinding, String portProperty) {
        this.label = label;
        this.scheme = scheme;
        this.socketBinding = socketBinding;
        this.portProperty = portProperty;
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
        String base = system.getProperty(portProperty);
        if (base == null) {
            throw new IllegalStateException("System property " + portProperty
                    + " is not set: this server was not configured by the project's wildfly/sockets.cli");
        }
        return Integer.parseInt(base.strip()) + Integer.parseInt(system.getProperty(PORT_OFFSET, "0").strip());
    }

    public URI uri(String host, int port, String path) {
        String authority = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return URI.create(scheme + "://" + authority + ":" + port + path);
    }
}
