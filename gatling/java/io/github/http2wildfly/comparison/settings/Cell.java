package io.github.http2wildfly.comparison.settings;

import io.github.http2wildfly.door.Door;

/** One door under one condition (network and image size). */
public record Cell(Door door, Condition condition) {

    /** A name without spaces, for Gatling groups and scenario names. */
    public String key() {
        return door.name() + "@" + condition.key();
    }

    /** Whether its condition has no network at all: the cells a warm-up loads (ComparisonRun). */
    public boolean hasNoNetwork() {
        return condition.equals(condition.withoutNetwork());
    }

    /** For people: "HTTP/3 over QUIC at 50 ms, 2 % loss, no rate limit, logo images". */
    public String label() {
        return door.label() + " at " + condition.label();
    }
}
