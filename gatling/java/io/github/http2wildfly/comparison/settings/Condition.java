package io.github.http2wildfly.comparison.settings;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.page.ImageSize;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;

/**
 * What the sweep varies besides the door: the emulated network (round trip, loss, link rate), the size of
 * the page's images, how the senders answer loss, and how much CPU the browser may use.
 *
 * @param bandwidthMbps the link rate in Mbit/s, 0 for no limit
 * @param congestionControl the senders' congestion control: the model's TCP, door 4's QUIC, the lab's kernel
 * @param clientMillicores the browser's CPU budget in thousandths of a core (a cgroup's quota: {@code measurement.ClientCpu}), 0 for
 *     no limit
 * @param receiveWindow whether the model's senders wait on the client's receive window (off: to measure what it
 *     changes; the lab's kernel always has one)
 */
public record Condition(int rttMillis, int lossPercent, int bandwidthMbps, ImageSize size, CongestionControl congestionControl,
        int clientMillicores, boolean receiveWindow) {

    /** The browser's CPU unlimited, the model's receive window on. */
    public Condition(int rttMillis, int lossPercent, int bandwidthMbps, ImageSize size, CongestionControl congestionControl) {
        this(rttMillis, lossPercent, bandwidthMbps, size, congestionControl, 0);
    }

    /** The model's receive window on. */
    public Condition(int rttMillis, int lossPercent, int bandwidthMbps, ImageSize size, CongestionControl congestionControl,
            int clientMillicores) {
        this(rttMillis, lossPercent, bandwidthMbps, size, congestionControl, clientMillicores, true);
    }

    /**
     * Where nothing is lost and nothing waits, every sender behaves alike: the page without a network, the
     * model's baseline, is measured once, under this one.
     */
    static final CongestionControl BASELINE_CONGESTION_CONTROL = CongestionControl.RENO;

    /** The order of the report's tables: by image size, then link rate (no limit first), congestion control, loss and round trip. */
    public static final Comparator<Condition> ORDER = Comparator.comparing(Condition::size)
            .thenComparingInt(c -> cpuRank(c.clientMillicores()))
            .thenComparing(c -> !c.receiveWindow())
            .thenComparingInt(c -> bandwidthRank(c.bandwidthMbps()))
            .thenComparing(Condition::congestionControl)
            .thenComparingInt(Condition::lossPercent)
            .thenComparingInt(Condition::rttMillis);

    /** Latency alone, the logo: the article's comparison. */
    public static Condition latency(int rttMillis) {
        return new Condition(rttMillis, 0, 0, ImageSize.LOGO, BASELINE_CONGESTION_CONTROL);
    }

    /** Link rates from no limit (0) to the slowest: the order in which HTTP/2's head start is expected to shrink. */
    public static int bandwidthRank(int mbps) {
        return mbps == 0 ? Integer.MIN_VALUE : -mbps;
    }

    /** CPU budgets from none (0) to the smallest: the order in which the client's own work is expected to grow. */
    public static int cpuRank(int millicores) {
        return millicores == 0 ? Integer.MIN_VALUE : -millicores;
    }

    /** "unlimited CPU" or "0.5 cores". */
    public static String cpuLabel(int millicores) {
        return millicores == 0 ? "unlimited CPU" : BigDecimal.valueOf(millicores).movePointLeft(3).stripTrailingZeros().toPlainString()
                + (millicores == 1000 ? " core" : " cores");
    }

    /** The same condition at another round trip. */
    public Condition withRttMillis(int millis) {
        return new Condition(millis, lossPercent, bandwidthMbps, size, congestionControl, clientMillicores, receiveWindow);
    }

    /** The same condition with another packet loss. */
    public Condition withLossPercent(int percent) {
        return new Condition(rttMillis, percent, bandwidthMbps, size, congestionControl, clientMillicores, receiveWindow);
    }

    /** The same condition at another link rate (0: no limit). */
    public Condition withBandwidthMbps(int mbps) {
        return new Condition(rttMillis, lossPercent, mbps, size, congestionControl, clientMillicores, receiveWindow);
    }

    /** The same condition with the senders' congestion control another. */
    public Condition withCongestionControl(CongestionControl other) {
        return new Condition(rttMillis, lossPercent, bandwidthMbps, size, other, clientMillicores, receiveWindow);
    }

    /** The same condition with the browser's CPU limited to this budget (0: unlimited). */
    public Condition withClientMillicores(int millicores) {
        return new Condition(rttMillis, lossPercent, bandwidthMbps, size, congestionControl, millicores, receiveWindow);
    }

    /** The same condition with the model's receive window on or off. */
    public Condition withReceiveWindow(boolean on) {
        return new Condition(rttMillis, lossPercent, bandwidthMbps, size, congestionControl, clientMillicores, on);
    }

    /** "no rate limit" or "10 Mbit/s". */
    public static String bandwidthLabel(int mbps) {
        return mbps == 0 ? "no rate limit" : mbps + " Mbit/s";
    }

    public Network network() {
        return new Network(Duration.ofMillis(rttMillis), lossPercent / 100.0, bandwidthMbps * 1_000_000L, congestionControl, receiveWindow);
    }

    /** The same network with images of another size. */
    public Condition withSize(ImageSize other) {
        return new Condition(rttMillis, lossPercent, bandwidthMbps, other, congestionControl, clientMillicores, receiveWindow);
    }

    /**
     * The same page on loopback, with the same CPU budget: the CPU and transfer time the network's costs come on top of
     * (without a round trip the receive window is loopback's own, whatever the setting).
     */
    public Condition withoutNetwork() {
        return new Condition(0, 0, 0, size, BASELINE_CONGESTION_CONTROL, clientMillicores, true);
    }

    /** A name without spaces for Gatling's groups: only what differs from latency alone, the logo and the baseline's sender. */
    public String key() {
        return rttMillis + "ms" + (lossPercent == 0 ? "" : "-" + lossPercent + "pct")
                + (bandwidthMbps == 0 ? "" : "-" + bandwidthMbps + "Mbps")
                + (size == ImageSize.LOGO ? "" : "-" + size.parameter())
                + (congestionControl == BASELINE_CONGESTION_CONTROL ? "" : "-" + congestionControl.parameter())
                + (clientMillicores == 0 ? "" : "-" + clientMillicores + "mcpu") + (receiveWindow ? "" : "-norwnd");
    }

    /** For people: "50 ms, 2 % loss, 10 Mbit/s, 20k images, BBR", and ", client 0.5 cores" where the browser's CPU was limited. */
    public String label() {
        return String.format(Locale.ROOT, "%d ms, %d %% loss, %s, %s images, %s", rttMillis, lossPercent,
                bandwidthLabel(bandwidthMbps), size.parameter(), congestionControl.label())
                + (clientMillicores == 0 ? "" : ", client " + cpuLabel(clientMillicores)) + (receiveWindow ? "" : ", no receive window");
    }
}
