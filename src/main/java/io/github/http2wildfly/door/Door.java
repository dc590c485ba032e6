package io.github.http2wildfly.door;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Properties;

/**
 * The four ways into the same application, each with a slow twin (the same door behind a delay
 * proxy, see SlowDoors): three Undertow listeners over TCP and door 4, HTTP/3 over QUIC, an edge in
 * front of door 1 ({@link Http3Door}). Their ports are server system properties (set by
 * wildfly/sockets.cli, wildfly/h3-door.cli and wildfly/slow-doors.cli) shifted by WildFly's port offset.
 */
public enum Door {

    HTTP_1_1("HTTP/1.1", "http/1.1", "http", "http", "http.port", "slow.http.port", "sockets.cli"),
    HTTP_1_1_TLS("HTTP/1.1 over TLS", "http/1.1", "https", "https-http1", "https.http1.port", "slow.https.http1.port", "sockets.cli"),
    HTTP_2_TLS("HTTP/2 over TLS", "h2", "https", "https", "https.port", "slow.https.port", "sockets.cli"),
    /** No socket binding of its own: Undertow has no HTTP/3, the edge listens on UDP. */
    HTTP_3("HTTP/3 over QUIC", "h3", "https", null, "h3.port", "slow.h3.port", "h3-door.cli");

    static final String PORT_OFFSET = "jboss.socket.binding.port-offset";
    /** WildFly's public interface (wildfly/sockets.cli): loopback unless the server was started with another. */
    static final String BIND_ADDRESS = "jboss.bind.address";
    /** The server's system properties are the Maven properties' names behind this prefix. */
    static final String PROPERTY_PREFIX = "h2demo.";

    private final String label;
    private final String protocol;
    private final String scheme;
    private final String socketBinding;
    private final String portProperty;
    private final String slowPortProperty;
    private final String script;

    Door(String label, String protocol, String scheme, String socketBinding, String portProperty, String slowPortProperty,
            String script) {
        this.label = label;
        this.protocol = protocol;
        this.scheme = scheme;
        this.socketBinding = socketBinding;
        this.portProperty = portProperty;
        this.slowPortProperty = slowPortProperty;
        this.script = script;
    }

    /** The three Undertow listeners: the doors a TCP client, a TCP delay proxy and Gatling reach. */
    public static List<Door> overTcp() {
        return List.of(HTTP_1_1, HTTP_1_1_TLS, HTTP_2_TLS);
    }

    public boolean overQuic() {
        return this == HTTP_3;
    }

    public String label() {
        return label;
    }

    /** The protocol this door speaks, as ALPN and Resource Timing's nextHopProtocol name it. */
    public String protocol() {
        return protocol;
    }

    public String scheme() {
        return scheme;
    }

    /** The name of the door's socket binding in the server's configuration. */
    public String socketBinding() {
        if (socketBinding == null) {
            throw new UnsupportedOperationException(label + " has no socket binding: it is not an Undertow listener");
        }
        return socketBinding;
    }

    /** The port this door listens on, from the server's system properties. */
    public int port(Properties system) {
        return basePort(system, PROPERTY_PREFIX + portProperty, script) + portOffset(system);
    }

    /** The port of this door's slow twin. */
    public int slowPort(Properties system) {
        return basePort(system, PROPERTY_PREFIX + slowPortProperty, "slow-doors.cli") + portOffset(system);
    }

    /** The Maven property that moves the door (named in messages). */
    public String portProperty() {
        return portProperty;
    }

    /** The Maven property that moves the slow twin (named in messages). */
    public String slowPortProperty() {
        return slowPortProperty;
    }

    /** Where the doors listen: the server's bind address, loopback unless it was started with another. */
    public static InetAddress bindAddress(Properties system) {
        String address = system.getProperty(BIND_ADDRESS);
        try {
            return address == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(address.strip());
        } catch (UnknownHostException e) {
            throw new IllegalStateException(BIND_ADDRESS + "=" + address + " is not an address of this machine", e);
        }
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
