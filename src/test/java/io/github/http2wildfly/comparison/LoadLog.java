package io.github.http2wildfly.comparison;

import io.github.http2wildfly.latency.DelayProxy;
import java.util.ArrayList;
import java.util.List;

/** The page loads of one cell as they happen, from any thread. */
public final class LoadLog {

    private final List<Double> millis = new ArrayList<>();
    private int failed;

    public synchronized void record(double loadMillis, boolean failedLoad) {
        millis.add(loadMillis);
        if (failedLoad) {
            failed++;
        }
    }

    /** The cell's result, with the connections and bytes its proxy saw. */
    public synchronized CellResult result(Cell cell, DelayProxy proxy) {
        return new CellResult(cell.door(), cell.rttMillis(), List.copyOf(millis), failed, 0, 0,
                proxy.connectionsAccepted(), proxy.bytesForwarded(), null);
    }
}
