package io.github.http2wildfly.comparison;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.page.ImageSize;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;

/**
 * What the sweep varies besides the door: the emulated network (round trip, loss, link rate), the size of
 * the page's images, and how the senders answer loss.
 *
 * @param bandwidthMbps the link rate in Mbit/s, 0 for no limit
 * @param congestionControl the senders' congestion control: the model's TCP, door 4's QUIC, the lab's kernel
 */
public record Condition(int rttMillis, int lossPercent, int bandwidthMbps, ImageSize size, CongestionControl congestionControl) {

    /**
     * Where nothing is lost and nothing waits, every sender behaves alike: the page without a network, the
     * model's baseline, is measured once, under this one.
     */
    static final CongestionControl BASELINE_CONGESTION_CONTROL = CongestionControl.RENO;

    /** The order of the report's tables: by image size, then link rate (no limit first), congestion control, loss and round trip. */
    static final Comparator<Condition> ORDER = Comparator.comparing(Condition::size)
            .thenComparingInt(c -> bandwidthRank(c.bandwidthMbps()))
            .thenComparing(Condition::congestionControl)
            .thenComparingInt(Condition::lossPercent)
            .thenComparingInt(Condition::rttMillis);

    /** Latency alone, the logo: the article's comparison. */
    public static Condition latency(int rttMillis) {
        return new Condition(rttMillis, 0, 0, ImageSize.LOGO, BASELINE_CONGESTION_CONTROL);
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
        return new Network(Duration.ofMillis(rttMillis), lossPercent / 100.0, bandwidthMbps * 1_000_000L, congestionControl);
    }

    /** The same network with images of another size. */
    public Condition withSize(ImageSize other) {
        return new Condition(rttMillis, lossPercent, bandwidthMbps, other, congestionControl);
    }

    /** The same page on loopback: the CPU and transfer time the network's costs come on top of. */
    public Condition withoutNetwork() {
        return new Condition(0, 0, 0, size, BASELINE_CONGESTION_CONTROL);
    }

    /** A name without spaces for Gatling's groups: only what differs from latency alone, the logo and the baseline's sender. */
    public String key() {
        return rttMillis + "ms" + (lossPercent == 0 ? "" : "-" + lossPercent + "pct")
                + (bandwidthMbps == 0 ? "" : "-" + bandwidthMbps + "Mbps")
                + (size == ImageSize.LOGO ? "" : "-" + size.parameter())
                + (congestionControl == BASELINE_CONGESTION_CONTROL ? "" : "-" + congestionControl.parameter());
    }

    /** For people: "50 ms, 2 % loss, 10 Mbit/s, 20k images, BBR". */
    public String label() {
        return String.format(Locale.ROOT, "%d ms, %d %% loss, %s, %s images, %s", rttMillis, lossPercent,
                bandwidthLabel(bandwidthMbps), size.parameter(), congestionControl.label());
    }
}
