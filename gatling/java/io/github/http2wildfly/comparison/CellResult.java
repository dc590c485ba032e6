package io.github.http2wildfly.comparison;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.shared.Spread;
import java.util.Arrays;
import java.util.List;

/**
 * The measured page loads of one cell by one tool, as the comparison wrote them, with the counts the
 * network saw (packets only where it sees them: the lab). Derived figures (percentiles, per-page counts) are computed, never stored.
 *
 * @param browserCpuMillis the CPU time the browser's processes spent on the counted loads (0 where the tool is not a
 *     browser), and {@code networkCpuMillis} the part of it in its network service (TLS, and QUIC in user space)
 * @param toolMeanMillis the mean load time by the tool's own statistics, to check ours against
 *     ({@code null} where the tool has none)
 */
public record CellResult(Door door, Condition condition, List<Double> loadMillis, int failedLoads, long requests,
        long failedRequests, long connections, long bytes, long packetsUp, long packetsDown, double browserCpuMillis,
        double networkCpuMillis, Double toolMeanMillis) {

    public int loads() {
        return loadMillis.size();
    }

    /** The load times summed up, as every measurement of this project is. */
    public Spread spread() {
        return Spread.of(loadMillis);
    }

    public double mean() {
        return spread().mean();
    }

    public double min() {
        return spread().min();
    }

    public double max() {
        return spread().max();
    }

    /** Nearest-rank percentile: a value some load really took. */
    public double percentile(double p) {
        return spread().percentile(p);
    }

    public double median() {
        return spread().median();
    }

    public double connectionsPerLoad() {
        return loads() == 0 ? Double.NaN : (double) connections / loads();
    }

    /** Packets from the browser and to it per load, where the network counted them (the lab); 0 elsewhere. */
    public double packetsUpPerLoad() {
        return loads() == 0 ? Double.NaN : (double) packetsUp / loads();
    }

    public double packetsDownPerLoad() {
        return loads() == 0 ? Double.NaN : (double) packetsDown / loads();
    }

    /** Whether the network counted packets (the lab's wire; the model's proxies see bytes). */
    public boolean packetsCounted() {
        return packetsUp + packetsDown > 0;
    }

    /** Whether the tool counted the browser's CPU (Chromium; Gatling is no browser). */
    public boolean cpuCounted() {
        return browserCpuMillis > 0;
    }

    /** CPU milliseconds per load: the browser's, and its network service's; 0 where the tool is not a browser. */
    public double browserCpuPerLoad() {
        return loads() == 0 ? Double.NaN : browserCpuMillis / loads();
    }

    public double networkCpuPerLoad() {
        return loads() == 0 ? Double.NaN : networkCpuMillis / loads();
    }

    public double bytesPerLoad() {
        return loads() == 0 ? Double.NaN : (double) bytes / loads();
    }

    public double requestsPerLoad() {
        return loads() == 0 ? Double.NaN : (double) requests / loads();
    }

    static CellResult of(Door door, Condition condition, double... millis) {
        return new CellResult(door, condition, Arrays.stream(millis).boxed().toList(), 0, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }
}
