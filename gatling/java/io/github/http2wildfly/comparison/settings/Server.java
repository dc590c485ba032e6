package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.edge.TlsIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * The comparison's server, as the build provisioned it, and the edge in front of it for HTTP/3.
 *
 * @param log the server's console, where it names itself when it has booted (comparison.server.log)
 * @param ports where each door of the server listens (its base port plus the offset)
 * @param h3Edge which edge answers the HTTP/3 cells (comparison.h3.edge)
 * @param keystore the server's key and certificate, which another edge (Caddy) serves too
 */
public record Server(Path log, Map<Door, Integer> ports, H3Edge h3Edge, Keystore keystore) {

    /** Where the server's key entry is (the pom's keystore.*). */
    public record Keystore(Path file, String password, String alias) {
        public TlsIdentity identity() throws IOException {
            return TlsIdentity.read(file, password.toCharArray(), alias);
        }
    }

    static Server from(Properties given) {
        return new Server(Path.of(required(given, "comparison.server.log")), ports(given), H3Edge.parse(required(given, "comparison.h3.edge")),
                new Keystore(Path.of(required(given, "comparison.keystore")), required(given, "comparison.keystore.password"),
                        required(given, "comparison.keystore.alias")));
    }

    private static Map<Door, Integer> ports(Properties given) {
        Map<Door, Integer> ports = new EnumMap<>(Door.class);
        for (Door door : Door.values()) {
            ports.put(door, door.port(given));
        }
        return Map.copyOf(ports);
    }
}
