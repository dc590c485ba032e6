package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.Network;

/**
 * A back-of-the-envelope prediction of a page load, to set beside each measurement.
 *
 * <ul>
 * <li>Set-up: TCP costs one round trip, TLS 1.3 one more.</li>
 * <li>HTTP/1.1: the page, then the images six at a time (six connections per host, as browsers
 * do), so ⌈N/6⌉ round trips; the five extra connections pay their own set-up first.</li>
 * <li>HTTP/2: the page, then every image requested at once on the one connection; the responses
 * flow as fast as the client's flow-control window allows: ⌈N × bytes / window⌉ round trips, at
 * least one.</li>
 * <li>Link rate: over HTTP/2 every byte of the images through the link, one after another. Over
 * HTTP/1.1 the link is idle while the six connections wait for their round trips, so a round costs
 * one image's time on the link, unless the whole page's bytes need longer than all the round trips.
 * (A browser overlaps its own work with the transfer, which the model adds: it overestimates at low
 * rates.)</li>
 * <li>Loss (the delay proxy's model, {@code Flow}): a lost segment costs one round trip, or a
 * retransmission timeout of max(200 ms, 2 × RTT) when fewer than three segments follow it. Over
 * HTTP/1.1 every small response and request is such a tail, but each connection stalls alone, so one
 * connection's share of the exchanges counts. Over HTTP/2 the requests and responses stream on one
 * connection: losses cost a round trip each, all of them on the page's critical path, plus a timeout
 * for the tail of each window's burst.</li>
 * <li>HTTP/3: as HTTP/2 (one connection, every request at once), with one round trip less to set up, as QUIC's
 * handshake carries TLS's. Its losses are real datagrams lost, counted as HTTP/2's.</li>
 * </ul>
 *
 * The time is all that on top of what the same load takes without a network (measured at RTT 0 with no
 * loss and no rate limit, when the sweep has it): the CPU time the network's costs come on top of.
 */
public record PageLoadModel(int imageCount, long imageBytes, long clientWindowBytes) {

    public static final int HTTP1_CONNECTIONS_PER_HOST = 6;
    /** An HTTP/2 request for one more image of the page: HPACK-indexed headers and the frame, about 30 bytes. */
    static final int HTTP2_REQUEST_BYTES = 30;
    /** The delay proxy's TCP facts ({@code Flow}): the model counts what the proxy does. */
    private static final int SEGMENT_BYTES = Network.SEGMENT_BYTES;
    private static final int DUPLICATE_ACKS = Network.DUPLICATE_ACKS;

    public int roundTrips(Door door) {
        int setUp = door == Door.HTTP_1_1 || door.overQuic() ? 1 : 2;
        int page = 1;
        if (multiplexed(door)) {
            return setUp + page + windows();
        }
        int images = (imageCount + HTTP1_CONNECTIONS_PER_HOST - 1) / HTTP1_CONNECTIONS_PER_HOST;
        return setUp + page + setUp + images;
    }

    /** @param withoutNetworkMillis the measured load time without a network, or 0 when unknown */
    public double predictMillis(Door door, Condition condition, double withoutNetworkMillis) {
        return withoutNetworkMillis + (double) roundTrips(door) * condition.rttMillis() + transferMillis(door, condition)
                + lossMillis(door, condition);
    }

    /** What the link rate adds to the round trips (0 without a limit). */
    public double transferMillis(Door door, Condition condition) {
        if (condition.bandwidthMbps() == 0) {
            return 0;
        }
        double millisPerByte = 8.0 / (condition.bandwidthMbps() * 1000.0);
        double page = imagesBytes() * millisPerByte;
        if (multiplexed(door)) {
            return page;
        }
        long rounds = (imageCount + HTTP1_CONNECTIONS_PER_HOST - 1) / HTTP1_CONNECTIONS_PER_HOST;
        return Math.max(rounds * imageBytes * millisPerByte, page - (double) roundTrips(door) * condition.rttMillis());
    }

    /** The expected retransmission delays on the page's critical path. */
    public double lossMillis(Door door, Condition condition) {
        double p = condition.lossPercent() / 100.0;
        double rtt = condition.rttMillis();
        double timeout = condition.network().retransmissionDelay(true).toMillis();
        if (multiplexed(door)) {
            long segments = segments(imagesBytes()) + segments((long) imageCount * HTTP2_REQUEST_BYTES);
            return p * (segments * rtt + windows() * DUPLICATE_ACKS * (timeout - rtt));
        }
        long perConnection = (imageCount + HTTP1_CONNECTIONS_PER_HOST - 1) / HTTP1_CONNECTIONS_PER_HOST;
        long response = segments(imageBytes);
        long tails = 1 + Math.min(DUPLICATE_ACKS, response); // the request, and the response's last segments
        return perConnection * p * (tails * timeout + (response - Math.min(DUPLICATE_ACKS, response)) * rtt);
    }

    /** One connection for the whole page, every request at once. */
    private static boolean multiplexed(Door door) {
        return door == Door.HTTP_2_TLS || door == Door.HTTP_3;
    }

    private long imagesBytes() {
        return (long) imageCount * imageBytes;
    }

    private int windows() {
        return (int) Math.max(1, (imagesBytes() + clientWindowBytes - 1) / clientWindowBytes);
    }

    private static long segments(long bytes) {
        return (bytes + SEGMENT_BYTES - 1) / SEGMENT_BYTES;
    }
}
