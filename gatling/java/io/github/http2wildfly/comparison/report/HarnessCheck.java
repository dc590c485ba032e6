package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The harness checked by a client of its own: a browser's leg (Selenium and its driver, with their DevTools sessions and
 * polling) beside the minimal probe's leg of the same cells (the same browser over a bare DevTools connection, nothing
 * enabled: {@code BareChromiumPageLoads}). For each pair and condition both loaded, under a network, the two ratios with
 * their intervals, and whether the intervals meet: where they do not, the harness changes what it measures.
 */
public final class HarnessCheck {

    /** The probe's tool name beside the harness's: chromium-probe. */
    public static final String PROBE_SUFFIX = "-probe";

    private HarnessCheck() {
    }

    /** One line per pair and condition that a tool and its probe both decided or looked at, empty without a probe. */
    public static List<String> lines(List<Comparison> comparisons) {
        List<String> lines = new ArrayList<>();
        for (Comparison harness : comparisons) {
            String tool = harness.results().tool();
            Optional<Comparison> probe = comparisons.stream().filter(other -> other.results().tool().equals(tool + PROBE_SUFFIX)).findFirst();
            if (probe.isEmpty()) {
                continue;
            }
            for (Pair pair : harness.pairs()) {
                for (Condition condition : harness.conditions()) {
                    if (condition.rttMillis() == 0) {
                        continue;
                    }
                    Optional<Verdict> byHarness = harness.verdict(pair, condition);
                    Optional<Verdict> byProbe = probe.get().verdict(pair, condition);
                    if (byHarness.isPresent() && byProbe.isPresent()) {
                        lines.add(line(tool, pair, condition, byHarness.get().interval(), byProbe.get().interval()));
                    }
                }
            }
        }
        return lines;
    }

    static String line(String tool, Pair pair, Condition condition, RatioInterval harness, RatioInterval probe) {
        String agreement = harness.overlaps(probe) ? "their intervals meet"
                : !harness.known() || !probe.known() ? "one has no interval" : "they differ: the harness changes what it measures";
        return String.format(Locale.ROOT, "%s at %s, %s: the harness %s (%d loads), the bare probe %s (%d loads): %s", pair.label(),
                condition.label(), tool, harness.label(), harness.loads(), probe.label(), probe.loads(), agreement);
    }
}
