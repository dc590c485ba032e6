package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;

/**
 * A back-of-the-envelope prediction of a page load, in round trips, to set beside each measurement.
 *
 * <ul>
 * <li>Set-up: TCP costs one round trip, TLS 1.3 one more.</li>
 * <li>HTTP/1.1: the page, then the images six at a time (six connections per host, as browsers
 * do), so ⌈N/6⌉ round trips; the five extra connections pay their own set-up first.</li>
 * <li>HTTP/2: the page, then every image requested at once on the one connection; the responses
 * flow as fast as the client's flow-control window allows: ⌈N × bytes / window⌉ round trips, at
 * least one.</li>
 * </ul>
 *
 * The time is that many round trips plus what the same load takes without latency (measured at
 * RTT 0, when the sweep has it): the CPU and transfer time the round trips come on top of.
 */
public record PageLoadModel(int imageCount, long imageBytes, long clientWindowBytes) {

    public static final int HTTP1_CONNECTIONS_PER_HOST = 6;

    public int roundTrips(Door door) {
        int setUp = door == Door.HTTP_1_1 ? 1 : 2;
        int page = 1;
        if (door == Door.HTTP_2_TLS) {
            long body = (long) imageCount * imageBytes;
            return setUp + page + (int) Math.max(1, (body + clientWindowBytes - 1) / clientWindowBytes);
        }
        int images = (imageCount + HTTP1_CONNECTIONS_PER_HOST - 1) / HTTP1_CONNECTIONS_PER_HOST;
        return setUp + page + setUp + images;
    }

    /** @param withoutLatencyMillis the measured load time at RTT 0, or 0 when unknown */
    public double predictMillis(Door door, int rttMillis, double withoutLatencyMillis) {
        return withoutLatencyMillis + (double) roundTrips(door) * rttMillis;
    }
}
