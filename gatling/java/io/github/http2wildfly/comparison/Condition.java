package io.github.http2wildfly.comparison;

import io.github.http2wildfly.ImageSize;
import io.github.http2wildfly.latency.Network;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;

/**
 * What the sweep varies besides the door: the emulated network (round trip, loss, link rate) and the
 * size of the page's images.
 *
 * @param bandwidthMbps the link rate in Mbit/s, 0 for no limit
 */
public record Condition(int rttMillis, int lossPercent, int bandwidthMbps, ImageSize size) {

    /** The order of the report's tables: by image size, then link rate (no limit first), loss and round trip. */
    static final Comparator<Condition> ORDER = Comparator.comparing(Condition::size)
            .thenComparingInt(c -> bandwidthRank(c.bandwidthMbps()))
            .thenComparingInt(Condition::lossPercent)
            .thenComparingInt(Condition::rttMillis);

    /** Latency alone, the logo: today's comparison. */
    public static Condition latency(int rttMillis) {
        return new Condition(rttMillis, 0, 0, ImageSize.LOGO);
    }

    /** Link rates from no limit (0) to the slowest: the order in which HTTP/2's head start is expected to shrink. */
    static int bandwidthRank(int mbps) {
        return mbps == 0 ? Integer.MIN_VALUE : -mbps;
    }

    /** "no rate limit" or "10 Mbit/s". */
    static String bandwidthLabel(int mbps) {
        return mbps == 0 ? "no rate limit" : mbps + " Mbit/s";
    }

    public Network network() {
        return new Network(Duration.ofMillis(rttMillis), lossPercent / 100.0, bandwidthMbps * 1_000_000L);
    }

    /** The same page on loopback: the CPU and transfer time the network's costs come on top of. */
    public Condition withoutNetwork() {
        return new Condition(0, 0, 0, size);
    }

    /** A name without spaces for Gatling's groups: only what differs from latency alone and the logo. */
    public String key() {
        return rttMillis + "ms" + (lossPercent == 0 ? "" : "-" + lossPercent + "pct")
                + (bandwidthMbps == 0 ? "" : "-" + bandwidthMbps + "Mbps")
                + (size == ImageSize.LOGO ? "" : "-" + size.parameter());
    }

    /** For people: "50 ms, 2 % loss, 10 Mbit/s, 20k images". */
    public String label() {
        return String.format(Locale.ROOT, "%d ms, %d %% loss, %s, %s images", rttMillis, lossPercent,
                bandwidthLabel(bandwidthMbps), size.parameter());
    }
}
