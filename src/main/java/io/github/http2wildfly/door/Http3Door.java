package io.github.http2wildfly.door;

import io.github.http2wildfly.edge.EdgeTraffic;
import io.github.http2wildfly.edge.Http3Edge;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.latency.CongestionControl;
import io.netty.handler.codec.quic.Quic;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;
import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Door 4, HTTP/3 over QUIC: an edge ({@link Http3Edge}) in front of door 1, where the server's doors listen:
 * on loopback, both 127.0.0.1 and ::1, as a browser may send "localhost" to either; on the server's bind
 * address where it has another (the lab's namespace). It opens with the application and closes with it; its
 * slow twin is one of the {@link SlowDoors}. Its settings are server system properties (wildfly/h3-door.cli),
 * and its congestion control is the slow doors' ({@link SlowNetwork#congestionControl()}).
 */
public final class Http3Door implements Closeable {

    static final String MAX_STREAMS = Door.PROPERTY_PREFIX + "h3.max.streams";
    static final String QPACK_CAPACITY = Door.PROPERTY_PREFIX + "h3.qpack.capacity";
    /** The largest QPACK table door 4 offers: far above what request headers fill (HPACK's default is 4,096). */
    static final long MAX_QPACK_CAPACITY = 1 << 20;
    static final String KEYSTORE = Door.PROPERTY_PREFIX + "keystore.";
    private static final String ATTRIBUTE = Http3Door.class.getName();

    private final Http3Edge edge;
    private final String spkiHash;

    private Http3Door(Http3Edge edge, String spkiHash) {
        this.edge = edge;
        this.spkiHash = spkiHash;
    }

    /** Whether this server was configured with a door 4 (wildfly/h3-door.cli). */
    static boolean isConfigured(Properties system) {
        return system.getProperty(Door.PROPERTY_PREFIX + Door.HTTP_3.portProperty()) != null;
    }

    /**
     * Opens door 4. A taken port is reported with the build's sentence.
     *
     * @return null when door 4 cannot open (reported to {@code warning})
     */
    static Http3Door open(Properties system, Consumer<String> warning) {
        // Netty logs through java.util.logging, as WildFly reads it, instead of probing for Log4j 2 and failing aloud.
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
        if (!Quic.isAvailable()) {
            warning.accept("No HTTP/3 door: Netty's native QUIC does not load on this platform ("
                    + Quic.unavailabilityCause().getMessage() + ")");
            return null;
        }
        long qpackCapacity;
        try {
            qpackCapacity = Long.parseLong(system.getProperty(QPACK_CAPACITY, "0").strip());
        } catch (NumberFormatException notANumber) {
            qpackCapacity = -1;
        }
        if (qpackCapacity < 0 || qpackCapacity > MAX_QPACK_CAPACITY) {
            warning.accept("No HTTP/3 door: the server's " + QPACK_CAPACITY + " (the pom's h3.qpack.capacity) must be a number"
                    + " of bytes from 0 to " + MAX_QPACK_CAPACITY + ", not " + system.getProperty(QPACK_CAPACITY));
            return null;
        }
        int port = Door.HTTP_3.port(system);
        List<InetAddress> addresses = listenAddresses(system);
        try {
            CongestionControl congestionControl = CongestionControl.parse(system.getProperty(SlowNetwork.CC_SYSTEM_PROPERTY));
            TlsIdentity identity = TlsIdentity.read(Path.of(system.getProperty(KEYSTORE + "file")),
                    system.getProperty(KEYSTORE + "password").toCharArray(), system.getProperty(KEYSTORE + "alias"));
            InetSocketAddress origin = new InetSocketAddress(addresses.get(0), Door.HTTP_1_1.port(system));
            Http3Edge edge = Http3Edge.open(addresses, port, identity, origin, Integer.parseInt(system.getProperty(MAX_STREAMS).strip()),
                    qpackCapacity, congestionControl);
            return new Http3Door(edge, TlsIdentity.spkiHash(identity.chain()[0]));
        } catch (IllegalArgumentException badCongestionControl) {
            warning.accept("No HTTP/3 door: the server's " + SlowNetwork.CC_SYSTEM_PROPERTY + " (the pom's "
                    + SlowNetwork.CC_MAVEN_PROPERTY + "): " + badCongestionControl.getMessage());
        } catch (BindException taken) {
            int offset = Door.portOffset(system);
            warning.accept(PortInUse.message(addresses.get(0), Door.HTTP_3.portProperty(), port - offset, "port.offset", offset) + " (UDP)");
        } catch (IOException e) {
            warning.accept("No HTTP/3 door: " + e.getMessage());
        }
        return null;
    }

    /**
     * The flags that make Chromium or Chrome speak HTTP/3 to door 4 and its twin on {@code host}: QUIC
     * forced for both origins (a browser takes HTTP/3 to a local origin only so; Alt-Svc is not enough
     * with a certificate that no public root signed), and this certificate trusted by its key.
     */
    public String chromiumFlags(String host, OptionalInt slowPort) {
        StringBuilder origins = new StringBuilder(host + ":" + port());
        slowPort.ifPresent(twin -> origins.append(',').append(host).append(':').append(twin));
        return "--origin-to-force-quic-on=" + origins + " --ignore-certificate-errors-spki-list=" + spkiHash;
    }

    /** Where door 4 listens: the TCP doors' address ({@link Door#bindAddress}), with ::1 beside 127.0.0.1 on loopback. */
    static List<InetAddress> listenAddresses(Properties system) {
        InetAddress bind = Door.bindAddress(system);
        return bind.isLoopbackAddress() ? loopbackAddresses() : List.of(bind);
    }

    /** 127.0.0.1, and ::1 where the machine has IPv6 on loopback: where door 4's twin listens. */
    static List<InetAddress> loopbackAddresses() {
        List<InetAddress> addresses = new ArrayList<>(List.of(InetAddress.getLoopbackAddress()));
        try {
            NetworkInterface lo = NetworkInterface.getByInetAddress(InetAddress.getLoopbackAddress());
            if (lo != null) {
                lo.inetAddresses().filter(a -> a instanceof Inet6Address && a.isLoopbackAddress()
                        && !addresses.contains(a)).findFirst().ifPresent(addresses::add);
            }
        } catch (SocketException noInterfaces) {
            // IPv4 alone
        }
        return addresses;
    }

    /** Door 4 of this application, or null where it has none. */
    public static Http3Door of(ServletContext context) {
        return (Http3Door) context.getAttribute(ATTRIBUTE);
    }

    /**
     * What a page needs to say how to reach door 4 (WEB-INF/jsp/http3.jspf): Chromium's flags and Firefox's
     * mapping preference (one port per host: door 4's), or null.
     */
    public static void expose(HttpServletRequest request) {
        Http3Door door = of(request.getServletContext());
        SlowDoors slow = SlowDoors.of(request.getServletContext());
        request.setAttribute("http3Flags", door == null ? null
                : door.chromiumFlags(request.getServerName(), slow == null ? OptionalInt.empty() : slow.port(Door.HTTP_3)));
        request.setAttribute("http3FirefoxMapping", door == null ? null : request.getServerName() + ";h3=:" + door.port());
    }

    void register(ServletContext context) {
        context.setAttribute(ATTRIBUTE, this);
    }

    public int port() {
        return edge.port();
    }

    /** What door 4's closed connections carried, its slow twin's included. */
    public EdgeTraffic traffic() {
        return edge.traffic();
    }

    /** New connections answer loss with this algorithm from now on (the slow doors' network changed). */
    public void congestionControl(CongestionControl algorithm) {
        edge.congestionControl(algorithm);
    }

    @Override
    public void close() {
        edge.close();
    }

    @Override
    public String toString() {
        return edge.toString();
    }
}
