package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.Spread;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * The measured page loads of one cell by one tool, as the comparison wrote them, with the counts the
 * network saw (packets only where it sees them: the lab). Derived figures (percentiles, per-page counts) are computed, never stored.
 *
 * @param browserCpuMillis the CPU time the browser's processes spent on the counted loads (0 where the tool is not a
 *     browser), and {@code networkCpuMillis} the part of it in its network service (TLS, and QUIC in user space)
 * @param toolMeanMillis the mean load time by the tool's own statistics, to check ours against
 *     ({@code null} where the tool has none)
 * @param loadRounds the round of each load (ComparisonRun's), which pairs it with the other cells' loads of that round;
 *     results written without it had every cell loaded in every round, in order
 * @param loadPositions each load's place in its round among the loads its tool made in that round (0: the round's
 *     first; for Gatling, in its user's sequence), so that an effect of order can be seen; empty in results written
 *     without them
 * @param loadCpuMillis the CPU time the browser spent on each load; empty where the tool is not a browser
 */
public record CellResult(Door door, Condition condition, List<Double> loadMillis, int failedLoads, long requests,
        long failedRequests, long connections, long bytes, long packetsUp, long packetsDown, double browserCpuMillis,
        double networkCpuMillis, Double toolMeanMillis, List<Integer> loadRounds, List<Integer> loadPositions,
        List<Double> loadCpuMillis) {

    public CellResult {
        loadRounds = loadRounds != null ? List.copyOf(loadRounds) : IntStream.range(0, loadMillis.size()).boxed().toList();
        loadPositions = loadPositions != null ? List.copyOf(loadPositions) : List.of();
        loadCpuMillis = loadCpuMillis != null ? List.copyOf(loadCpuMillis) : List.of();
        for (List<?> perLoad : List.of(loadRounds, loadPositions, loadCpuMillis)) {
            if (perLoad != loadRounds && perLoad.isEmpty()) {
                continue;
            }
            if (perLoad.size() != loadMillis.size()) {
                throw new IllegalArgumentException(door + " at " + condition.label() + ": " + loadMillis.size() + " loads, "
                        + loadRounds.size() + " rounds, " + loadPositions.size() + " positions, " + loadCpuMillis.size() + " CPU times");
            }
        }
    }

    /** The same loads with their rounds, and neither positions nor CPU times per load (results written before them). */
    public CellResult(Door door, Condition condition, List<Double> loadMillis, int failedLoads, long requests,
            long failedRequests, long connections, long bytes, long packetsUp, long packetsDown, double browserCpuMillis,
            double networkCpuMillis, Double toolMeanMillis, List<Integer> loadRounds) {
        this(door, condition, loadMillis, failedLoads, requests, failedRequests, connections, bytes, packetsUp, packetsDown,
                browserCpuMillis, networkCpuMillis, toolMeanMillis, loadRounds, null, null);
    }

    /** Loaded in rounds 0, 1, 2, … in order. */
    public CellResult(Door door, Condition condition, List<Double> loadMillis, int failedLoads, long requests,
            long failedRequests, long connections, long bytes, long packetsUp, long packetsDown, double browserCpuMillis,
            double networkCpuMillis, Double toolMeanMillis) {
        this(door, condition, loadMillis, failedLoads, requests, failedRequests, connections, bytes, packetsUp, packetsDown,
                browserCpuMillis, networkCpuMillis, toolMeanMillis, null, null, null);
    }

    /**
     * Each round's load time, in round order: where several users loaded the cell in one round, their geometric mean
     * (the statistics work on logarithms).
     */
    public Map<Integer, Double> roundMillis() {
        Map<Integer, double[]> logs = new TreeMap<>();
        for (int i = 0; i < loadMillis.size(); i++) {
            double[] sum = logs.computeIfAbsent(loadRounds.get(i), round -> new double[2]);
            sum[0] += Math.log(loadMillis.get(i));
            sum[1]++;
        }
        Map<Integer, Double> rounds = new TreeMap<>();
        logs.forEach((round, sum) -> rounds.put(round, Math.exp(sum[0] / sum[1])));
        return rounds;
    }

    /** The log of this cell's time over the other's, one per round both loaded, in round order. */
    public double[] logRatiosAgainst(CellResult against) {
        Map<Integer, Double> mine = roundMillis();
        Map<Integer, Double> theirs = against.roundMillis();
        return mine.keySet().stream().filter(theirs::containsKey)
                .mapToDouble(round -> Math.log(mine.get(round) / theirs.get(round))).toArray();
    }

    /**
     * The log of this cell's time over the other's per round both loaded, split by which of the two came first in that
     * round (each cell's first load of the round): [0] the rounds this cell led, [1] the others; both empty where
     * either cell's results hold no positions.
     */
    public double[][] logRatiosByOrder(CellResult against) {
        Map<Integer, Integer> mine = firstPositions();
        Map<Integer, Integer> theirs = against.firstPositions();
        Map<Integer, Double> myMillis = roundMillis();
        Map<Integer, Double> theirMillis = against.roundMillis();
        List<Double> led = new java.util.ArrayList<>();
        List<Double> followed = new java.util.ArrayList<>();
        mine.forEach((round, position) -> {
            if (theirs.containsKey(round)) {
                (position < theirs.get(round) ? led : followed).add(Math.log(myMillis.get(round) / theirMillis.get(round)));
            }
        });
        return new double[][] {led.stream().mapToDouble(Double::doubleValue).toArray(), followed.stream().mapToDouble(Double::doubleValue).toArray()};
    }

    /** Each round's first position of this cell's loads. */
    private Map<Integer, Integer> firstPositions() {
        Map<Integer, Integer> first = new TreeMap<>();
        for (int i = 0; i < loadPositions.size(); i++) {
            first.merge(loadRounds.get(i), loadPositions.get(i), Math::min);
        }
        return first;
    }

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

    public static CellResult of(Door door, Condition condition, double... millis) {
        return new CellResult(door, condition, Arrays.stream(millis).boxed().toList(), 0, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }
}
