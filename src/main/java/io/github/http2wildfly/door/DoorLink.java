package io.github.http2wildfly.door;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * A door as the pages link to it, on the host the visitor used (a bean: Jasper's EL does not read
 * record components).
 */
public final class DoorLink {

    /** The race's key of the lane through the cluster's balancer; a door's lane is keyed by its protocol. */
    public static final String CLUSTER = "cluster";

    private final String label;
    private final String protocol;
    private final String key;
    private final boolean slow;
    private final URI uri;

    private DoorLink(String label, String protocol, String key, boolean slow, URI uri) {
        this.label = label;
        this.protocol = protocol;
        this.key = key;
        this.slow = slow;
        this.uri = uri;
    }

    private static DoorLink of(Door door, boolean slow, URI uri) {
        return new DoorLink(door.label(), door.protocol(), door.protocol(), slow, uri);
    }

    /** The door itself. */
    public static DoorLink fast(Door door, HttpServletRequest request, String path) {
        return of(door, false, door.uri(request.getServerName(), door.port(System.getProperties()), path));
    }

    /** The door's slow twin; empty when the server has no slow doors or that one's port was taken. */
    public static List<DoorLink> slow(Door door, HttpServletRequest request, String path) {
        SlowDoors doors = SlowDoors.of(request.getServletContext());
        OptionalInt port = doors == null ? OptionalInt.empty() : doors.port(door);
        return port.isPresent()
                ? List.of(of(door, true, door.uri(request.getServerName(), port.getAsInt(), path)))
                : List.of();
    }

    /** Door 4 (HTTP/3), or its slow twin; empty where either is shut. */
    public static List<DoorLink> http3(boolean slow, HttpServletRequest request, String path) {
        Http3Door door = Http3Door.of(request.getServletContext());
        if (door == null) {
            return List.of();
        }
        return slow ? slow(Door.HTTP_3, request, path)
                : List.of(of(Door.HTTP_3, false, Door.HTTP_3.uri(request.getServerName(), door.port(), path)));
    }

    /**
     * Door 2 of the cluster's balancer behind the slow doors' network (docs/cluster.md), at {@code path} in the
     * application as the nodes serve it; empty where this server has no such slow door or no balancer answers behind it now.
     */
    public static List<DoorLink> cluster(HttpServletRequest request, String path) {
        SlowDoors doors = SlowDoors.of(request.getServletContext());
        OptionalInt port = doors == null ? OptionalInt.empty() : doors.clusterPort();
        return port.isPresent()
                ? List.of(new DoorLink("HTTP/2 through WildFly's balancer", Door.HTTP_2_TLS.protocol(), CLUSTER, true,
                        Door.HTTP_2_TLS.uri(request.getServerName(), port.getAsInt(), doors.clusterContextPath() + path)))
                : List.of();
    }

    /** Every door and open slow door, in the order the landing page shows them. */
    public static List<DoorLink> all(HttpServletRequest request, String path) {
        List<DoorLink> links = new ArrayList<>();
        for (Door door : Door.overTcp()) {
            links.add(fast(door, request, path));
        }
        links.addAll(http3(false, request, path));
        for (Door door : Door.overTcp()) {
            links.addAll(slow(door, request, path));
        }
        links.addAll(http3(true, request, path));
        return links;
    }

    public String getLabel() {
        return slow ? label + ", far away" : label;
    }

    public String getUrl() {
        return uri.toString();
    }

    /** scheme://host:port, as a browser names the page's origin. */
    public String getOrigin() {
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    public boolean isSlow() {
        return slow;
    }

    /** The race's name for this lane: the protocol, or {@value #CLUSTER}. */
    public String getKey() {
        return key;
    }

    /** The protocol this door speaks, as Resource Timing's nextHopProtocol names it. */
    public String getProtocol() {
        return protocol;
    }
}
