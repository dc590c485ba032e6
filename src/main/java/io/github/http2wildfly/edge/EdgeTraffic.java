package io.github.http2wildfly.edge;

import io.netty.handler.codec.quic.QuicConnectionStats;

/**
 * What door 4's closed QUIC connections carried, as quiche counted it: packets and bytes from the clients and
 * to them, and packets lost. The difference of two readings is what one page load cost on the wire.
 */
public record EdgeTraffic(long connections, long packetsIn, long bytesIn, long packetsOut, long bytesOut, long lost) {

    public static final EdgeTraffic NONE = new EdgeTraffic(0, 0, 0, 0, 0, 0);

    static EdgeTraffic of(QuicConnectionStats stats) {
        return new EdgeTraffic(1, stats.recv(), stats.recvBytes(), stats.sent(), stats.sentBytes(), stats.lost());
    }

    public EdgeTraffic plus(EdgeTraffic other) {
        return new EdgeTraffic(connections + other.connections, packetsIn + other.packetsIn, bytesIn + other.bytesIn,
                packetsOut + other.packetsOut, bytesOut + other.bytesOut, lost + other.lost);
    }

    public EdgeTraffic minus(EdgeTraffic earlier) {
        return new EdgeTraffic(connections - earlier.connections, packetsIn - earlier.packetsIn, bytesIn - earlier.bytesIn,
                packetsOut - earlier.packetsOut, bytesOut - earlier.bytesOut, lost - earlier.lost);
    }

    /** As JSON: {@code {"connections":1,"packetsIn":…,"bytesIn":…,"packetsOut":…,"bytesOut":…,"lost":…}}. */
    public String json() {
        return "{\"connections\":" + connections + ",\"packetsIn\":" + packetsIn + ",\"bytesIn\":" + bytesIn
                + ",\"packetsOut\":" + packetsOut + ",\"bytesOut\":" + bytesOut + ",\"lost\":" + lost + "}";
    }
}
