package io.github.http2wildfly.comparison.settings;

import io.github.http2wildfly.setting.Token;

/** Which edge answers the comparison's HTTP/3 cells, in front of the same application (comparison.h3.edge). */
public enum H3Edge implements Token {

    /** Door 4: the application's own edge, Netty's QUIC (quiche). */
    DOOR4("door 4 (Netty's QUIC, quiche)"),
    /** Debian's Caddy (quic-go) as a reverse proxy in front of door 1, as a common deployment puts it. */
    CADDY("Caddy (quic-go) in front of door 1");

    private final String label;

    H3Edge(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    static H3Edge parse(String value) {
        return Token.parse(H3Edge.class, "comparison.h3.edge", value);
    }
}
