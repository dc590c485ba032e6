package io.github.http2wildfly.comparison.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which edge answers the comparison's HTTP/3 cells, in front of the same application (comparison.h3.edge). */
public enum H3Edge {

    /** Door 4: the application's own edge, Netty's QUIC (quiche). */
    DOOR4("door4", "door 4 (Netty's QUIC, quiche)"),
    /** Debian's Caddy (quic-go) as a reverse proxy in front of door 1, as a common deployment puts it. */
    CADDY("caddy", "Caddy (quic-go) in front of door 1");

    private final String name;
    private final String label;

    H3Edge(String name, String label) {
        this.name = name;
        this.label = label;
    }

    public String label() {
        return label;
    }

    static H3Edge parse(String value) {
        for (H3Edge edge : values()) {
            if (edge.name.equals(value.strip().toLowerCase(Locale.ROOT))) {
                return edge;
            }
        }
        throw new IllegalArgumentException("comparison.h3.edge=" + value + ": expected one of "
                + Arrays.stream(values()).map(edge -> edge.name).collect(Collectors.joining(", ")));
    }
}
