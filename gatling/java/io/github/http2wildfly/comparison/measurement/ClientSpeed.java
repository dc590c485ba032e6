package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.measure.Spread;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How fast the browser ran on this machine in this run: a fixed task of integer arithmetic in its JavaScript, timed by
 * the page itself ({@code performance.now()}), {@value #TIMES} times after one that warms it; the median. A CPU budget
 * caps the browser's share of the machine; this says how fast that share ran, so that a run on a slow day (a shared
 * machine that gave the browser half its speed) is recognised as one, and two runs are compared at a known speed.
 * Measured when a browser's leg starts and again when it ends.
 *
 * @param taskMillis each timed run of the task, in the order run
 */
public record ClientSpeed(List<Double> taskMillis) {

    static final int TIMES = 5;
    /** About 0.1 s on one core of 2026's machines; the result is used, so that no engine drops the loop. */
    static final String TASK = "(() => { const started = performance.now(); let h = 0;"
            + " for (let i = 0; i < 50000000; i++) { h = (Math.imul(h, 31) + i) | 0; }"
            + " return h === 42 ? -1 : performance.now() - started; })()";

    public ClientSpeed {
        taskMillis = List.copyOf(taskMillis);
        if (taskMillis.isEmpty()) {
            throw new IllegalArgumentException("no timed run");
        }
    }

    /** The task run once to warm the engine, then {@value #TIMES} times, in {@code engine}'s page. */
    static ClientSpeed measure(BrowserEngine engine) throws IOException {
        engine.scriptMillis(TASK);
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < TIMES; i++) {
            millis.add(engine.scriptMillis(TASK));
        }
        return new ClientSpeed(millis);
    }

    public double medianMillis() {
        return Spread.of(taskMillis).median();
    }

    /** "112 ms (median of 5, 108 to 131)". */
    public String describe() {
        Spread spread = Spread.of(taskMillis);
        return String.format(Locale.ROOT, "%.0f ms (median of %d, %.0f to %.0f)", spread.median(), spread.n(), spread.min(), spread.max());
    }
}
