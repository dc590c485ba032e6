package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.setting.Token;

/** The servers {@code servers.bench.servers} names, in the order their rows stand in the record. */
enum ServerKind implements Token {
    /** target/server: the project's WildFly, Undertow's diffs compiled in. */
    WILDFLY,
    /** The same server without the diffs: stock Undertow (UndertowPatch.stock). */
    WILDFLY_STOCK,
    /** Debian's nginx-light serving a copy of WildFly's answers. */
    NGINX,
    /** Debian's Caddy serving the same copy. */
    CADDY;

    boolean wildFly() {
        return this == WILDFLY || this == WILDFLY_STOCK;
    }
}
