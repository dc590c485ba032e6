package io.github.http2wildfly.servers.cluster;

import io.github.http2wildfly.setting.Token;

/**
 * The protocol from the balancer to the nodes. A node registers one of its listeners with the balancer over
 * MCMP, and the balancer's mod-cluster filter speaks that listener's scheme; its {@code enable-http2} decides
 * whether clear text goes up to h2c and TLS negotiates h2. Each name is also what the node reports it saw
 * ({@code ServedByFilter}).
 */
public enum Hop implements Token {
    /** WildFly 39's default: its {@code mod_cluster} layer registers the AJP listener (WildFly 41 deprecates it). */
    AJP("ajp", false),
    /** HTTP/1.1 in clear text, a pool of connections as with AJP. */
    HTTP("default", false),
    /**
     * HTTP/2 in clear text: the balancer asks for it with {@code Upgrade: h2c}. WildFly 41's default (its mod_cluster
     * registers the http listener, the balancer's filter has enable-http2), and this project's.
     */
    H2C("default", true),
    /** HTTP/2 over TLS, negotiated by ALPN, to the node's https listener. */
    H2("https", true);

    private final String listener;
    private final boolean http2;

    Hop(String listener, boolean http2) {
        this.listener = listener;
        this.http2 = http2;
    }

    /** The node's Undertow listener that it registers with the balancer. */
    public String listener() {
        return listener;
    }

    /** The balancer filter's {@code enable-http2}. */
    public boolean http2() {
        return http2;
    }

    /** The hop without a setting: as WildFly 41 registers nodes (docs/cluster.md). */
    public static final Hop DEFAULT = H2C;

    public static Hop parse(String setting) {
        return Token.parse(Hop.class, "cluster.hop", setting);
    }
}
