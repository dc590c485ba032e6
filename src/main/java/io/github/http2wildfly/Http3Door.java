package io.github.http2wildfly;

import io.github.http2wildfly.edge.Http3Edge;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.latency.DatagramDelayProxy;
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
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Door 4, HTTP/3 over QUIC: an edge ({@link Http3Edge}) in front of door 1, and its slow twin (a
 * {@link DatagramDelayProxy} under the slow doors' network). Both listen on 127.0.0.1 and ::1, as a
 * browser may send "localhost" to either. They open with the application and close with it, like the
 * slow doors. Their settings are server system properties (wildfly/h3-door.cli).
 */
public final class Http3Door implements Closeable {

    static final String PORT = Door.PROPERTY_PREFIX + "h3.port";
    static final String SLOW_PORT = Door.PROPERTY_PREFIX + "slow.h3.port";
    static final String MAX_STREAMS = Door.PROPERTY_PREFIX + "h3.max.streams";
    static final String KEYSTORE = Door.PROPERTY_PREFIX + "keystore.";
    public static final String LABEL = "HTTP/3 over QUIC";
    private static final String ATTRIBUTE = Http3Door.class.getName();

    private final Http3Edge edge;
    private final DatagramDelayProxy slow;
    private final String spkiHash;

    private Http3Door(Http3Edge edge, DatagramDelayProxy slow, String spkiHash) {
        this.edge = edge;
        this.slow = slow;
        this.spkiHash = spkiHash;
    }

    /** Whether this server was configured with a door 4 (wildfly/h3-door.cli). */
    static boolean isConfigured(Properties system) {
        return system.getProperty(PORT) != null;
    }

    /**
     * Opens door 4 and its slow twin (when {@code network} is given). A taken port is reported with the
     * build's sentence and that door stays shut.
     *
     * @return null when door 4 cannot open (reported to {@code warning})
     */
    static Http3Door open(Properties system, SlowNetwork network, Consumer<String> warning) {
        // Netty logs through java.util.logging, as WildFly reads it, instead of probing for Log4j 2 and failing aloud.
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
        if (!Quic.isAvailable()) {
            warning.accept("No HTTP/3 door: Netty's native QUIC does not load on this platform ("
                    + Quic.unavailabilityCause().getMessage() + ")");
            return null;
        }
        int offset = Door.portOffset(system);
        int port = Integer.parseInt(system.getProperty(PORT).strip()) + offset;
        List<InetAddress> loopback = loopbackAddresses();
        Http3Edge edge;
        TlsIdentity identity;
        try {
            identity = TlsIdentity.read(Path.of(system.getProperty(KEYSTORE + "file")),
                    system.getProperty(KEYSTORE + "password").toCharArray(), system.getProperty(KEYSTORE + "alias"));
            InetSocketAddress origin = new InetSocketAddress(InetAddress.getLoopbackAddress(), Door.HTTP_1_1.port(system));
            edge = Http3Edge.open(loopback, port, identity, origin, Integer.parseInt(system.getProperty(MAX_STREAMS).strip()));
        } catch (BindException taken) {
            warning.accept(PortInUse.message(loopback.get(0), "h3.port", port - offset, "port.offset", offset) + " (UDP)");
            return null;
        } catch (IOException e) {
            warning.accept("No HTTP/3 door: " + e.getMessage());
            return null;
        }
        DatagramDelayProxy slow = null;
        if (network != null) {
            int slowPort = Integer.parseInt(system.getProperty(SLOW_PORT).strip()) + offset;
            List<InetSocketAddress> listen = loopback.stream().map(address -> new InetSocketAddress(address, slowPort)).toList();
            try {
                slow = DatagramDelayProxy.listening(listen, new InetSocketAddress(loopback.get(0), edge.port()),
                        network.emulated(), SlowDoors.MAX_CONNECTIONS_PER_DOOR);
            } catch (BindException taken) {
                warning.accept(PortInUse.message(loopback.get(0), "slow.h3.port", slowPort - offset, "port.offset", offset) + " (UDP)");
            } catch (IOException e) {
                warning.accept("Slow door " + LABEL + " on port " + slowPort + " could not open: " + e.getMessage());
            }
        }
        return new Http3Door(edge, slow, spkiHash(identity.chain()[0]));
    }

    /** What Chromium's --ignore-certificate-errors-spki-list takes: base64 of the SHA-256 of the public key's DER. */
    static String spkiHash(X509Certificate certificate) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(certificate.getPublicKey().getEncoded()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /**
     * The flags that make Chromium or Chrome speak HTTP/3 to door 4 and its twin on {@code host}: QUIC
     * forced for both origins (a browser takes HTTP/3 to a local origin only so; Alt-Svc is not enough
     * with a certificate that no public root signed), and this certificate trusted by its key.
     */
    public String chromiumFlags(String host) {
        StringBuilder origins = new StringBuilder(host + ":" + port());
        slowPort().ifPresent(twin -> origins.append(',').append(host).append(':').append(twin));
        return "--origin-to-force-quic-on=" + origins + " --ignore-certificate-errors-spki-list=" + spkiHash;
    }

    /** 127.0.0.1, and ::1 where the machine has IPv6 on loopback. */
    private static List<InetAddress> loopbackAddresses() {
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

    /** What a page needs to say how to reach door 4 (WEB-INF/jsp/http3.jspf): Chromium's flags, or null. */
    static void expose(HttpServletRequest request) {
        Http3Door door = of(request.getServletContext());
        request.setAttribute("http3Flags", door == null ? null : door.chromiumFlags(request.getServerName()));
    }

    void register(ServletContext context) {
        context.setAttribute(ATTRIBUTE, this);
    }

    public int port() {
        return edge.port();
    }

    /** The slow twin's port, empty when it is shut. */
    public OptionalInt slowPort() {
        return slow == null ? OptionalInt.empty() : OptionalInt.of(slow.port());
    }

    /** As SlowDoors.setNetwork: for the datagrams from now on. */
    void setNetwork(SlowNetwork network) {
        if (slow != null) {
            slow.setNetwork(network.emulated());
        }
    }

    /** Whether every thread of door 4 and its twin has ended (after close). */
    public boolean isClosed() {
        return edge.isTerminated() && (slow == null || slow.liveThreads() == 0);
    }

    @Override
    public void close() {
        if (slow != null) {
            slow.close();
        }
        edge.close();
    }

    @Override
    public String toString() {
        return edge + (slow == null ? "" : ", slow twin " + slow);
    }
}
