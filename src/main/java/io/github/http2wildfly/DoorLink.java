package io.github.http2wildfly;

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

    private final Door door;
    private final boolean slow;
    private final URI uri;

    private DoorLink(Door door, boolean slow, URI uri) {
        this.door = door;
        this.slow = slow;
        this.uri = uri;
    }

    /** The door itself. */
    public static DoorLink fast(Door door, HttpServletRequest request, String path) {
        return new DoorLink(door, false, door.uri(request.getServerName(), door.port(System.getProperties()), path));
    }

    /** The door's slow twin; empty when the server has no slow doors or that one's port was taken. */
    public static List<DoorLink> slow(Door door, HttpServletRequest request, String path) {
        SlowDoors doors = SlowDoors.of(request.getServletContext());
        OptionalInt port = doors == null ? OptionalInt.empty() : doors.port(door);
        return port.isPresent()
                ? List.of(new DoorLink(door, true, door.uri(request.getServerName(), port.getAsInt(), path)))
                : List.of();
    }

    /** Every door and open slow door, in the order the landing page shows them. */
    public static List<DoorLink> all(HttpServletRequest request, String path) {
        List<DoorLink> links = new ArrayList<>();
        for (Door door : Door.values()) {
            links.add(fast(door, request, path));
        }
        for (Door door : Door.values()) {
            links.addAll(slow(door, request, path));
        }
        return links;
    }

    public String getLabel() {
        return slow ? door.label() + ", far away" : door.label();
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

    public String getProtocol() {
        return door == Door.HTTP_2_TLS ? "h2" : "http/1.1";
    }
}
