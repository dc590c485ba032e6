package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.emulation.Emulation;
import io.github.http2wildfly.comparison.settings.Cell;
import java.util.ArrayList;
import java.util.List;

/** The page loads of one cell as they happen, from any thread. */
public final class LoadLog {

    private final List<Double> millis = new ArrayList<>();
    private final List<Integer> rounds = new ArrayList<>();
    private final List<Integer> positions = new ArrayList<>();
    private final List<Double> cpuMillis = new ArrayList<>();
    private int failedLoads;
    private long requests;
    private long failedRequests;
    private double browserCpuMillis;
    private double networkCpuMillis;

    /**
     * A load of this round, at this position among the round's loads (CellResult#loadPositions), whose requests only
     * the tool's own statistics count (Gatling's report).
     */
    public synchronized void record(int round, int position, double loadMillis, boolean failedLoad) {
        millis.add(loadMillis);
        rounds.add(round);
        positions.add(position);
        if (failedLoad) {
            failedLoads++;
        }
    }

    /**
     * A load that counted its own requests and failures (the browser, from inside the page), with the CPU time the
     * browser spent on it: all its processes, and its network service.
     */
    public synchronized void record(int round, int position, double loadMillis, int failed, long loadRequests, double browserCpu,
            double networkCpu) {
        record(round, position, loadMillis, failed > 0);
        cpuMillis.add(browserCpu);
        requests += loadRequests;
        failedRequests += failed;
        browserCpuMillis += browserCpu;
        networkCpuMillis += networkCpu;
    }

    /** The rounds loaded so far, one per load. */
    public synchronized List<Integer> rounds() {
        return List.copyOf(rounds);
    }

    /** The cell's result, with the connections and bytes its network saw. */
    public synchronized CellResult result(Cell cell, Emulation.Traffic traffic) {
        return new CellResult(cell.door(), cell.condition(), List.copyOf(millis), failedLoads, requests, failedRequests,
                traffic.connections(), traffic.bytes(), traffic.packetsUp(), traffic.packetsDown(), browserCpuMillis,
                networkCpuMillis, null, List.copyOf(rounds), List.copyOf(positions),
                cpuMillis.size() == millis.size() ? List.copyOf(cpuMillis) : List.of());
    }
}
