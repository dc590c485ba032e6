package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;

/** One door at one emulated round-trip time. */
public record Cell(Door door, int rttMillis) {

    /** A name without spaces, for Gatling groups and scenario names. */
    public String key() {
        return door.name() + "@" + rttMillis + "ms";
    }
}
