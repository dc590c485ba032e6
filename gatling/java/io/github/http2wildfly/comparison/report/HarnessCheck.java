package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The harness checked by a client of its own: a browser's leg (Selenium and its driver, with their DevTools sessions and
 * polling) beside the bare probe's leg of the same cells (the same browser over a bare DevTools connection, nothing
 * enabled: {@code BareChromiumPageLoads}), loaded in the same rounds, each leg in an order of its own. For each pair and
 * condition under a network, the harness's figure over the probe's, round by round: the ratio of their pair's ratios,
 * and of their loads of the divided door on loopback (the headline's x, the client's speed), each the geometric mean of
 * its rounds with its interval at 97.5 %, so that the two together call a harness that adds nothing different in at most
 * 5 % of runs (Bonferroni). Where an interval excludes 1, the harness changes what it measures; two legs' intervals
 * that merely meet would let a harness 20 % off pass.
 */
public final class HarnessCheck {

    /** The probe's tool name beside the harness's: chromium-probe. */
    public static final String PROBE_SUFFIX = "-probe";
    static final double CONFIDENCE = 0.975;

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
                        lines.add(line(tool, pair, condition, byHarness.get().interval(), byProbe.get().interval(),
                                paired(harness, probe.get(), pair, condition)));
                    }
                }
            }
        }
        return lines;
    }

    /**
     * The harness over the probe, round by round: at the condition, (harness's of / against) / (probe's of / against);
     * on loopback, harness's of / probe's of. Either is empty where fewer than two rounds hold all it needs.
     */
    record Paired(Optional<RatioInterval> atNetwork, Optional<RatioInterval> onLoopback) {

        boolean differ() {
            return atNetwork.filter(RatioInterval::excludesOne).isPresent() || onLoopback.filter(RatioInterval::excludesOne).isPresent();
        }
    }

    static Paired paired(Comparison harness, Comparison probe, Pair pair, Condition condition) {
        Optional<RatioInterval> atNetwork = byRound(List.of(
                rounds(harness, pair, condition), rounds(probe, pair, condition)), logs -> logs[0] - logs[1]);
        Condition loopback = condition.withoutNetwork();
        Optional<RatioInterval> onLoopback = byRound(List.of(
                harness.cell(pair.of(), loopback).map(CellResult::roundMillis).map(HarnessCheck::logs).orElse(Map.of()),
                probe.cell(pair.of(), loopback).map(CellResult::roundMillis).map(HarnessCheck::logs).orElse(Map.of())),
                logs -> logs[0] - logs[1]);
        return new Paired(atNetwork, onLoopback);
    }

    /** A leg's log ratio of the pair, by round, where it loaded both cells in that round. */
    private static Map<Integer, Double> rounds(Comparison leg, Pair pair, Condition condition) {
        Map<Integer, Double> of = leg.cell(pair.of(), condition).map(CellResult::roundMillis).orElse(Map.of());
        Map<Integer, Double> against = leg.cell(pair.against(), condition).map(CellResult::roundMillis).orElse(Map.of());
        Map<Integer, Double> logs = new TreeMap<>();
        of.forEach((round, millis) -> {
            if (against.containsKey(round)) {
                logs.put(round, Math.log(millis / against.get(round)));
            }
        });
        return logs;
    }

    private static Map<Integer, Double> logs(Map<Integer, Double> millis) {
        Map<Integer, Double> logs = new TreeMap<>();
        millis.forEach((round, value) -> logs.put(round, Math.log(value)));
        return logs;
    }

    /** The geometric mean over the rounds every series holds of {@code difference} of their logs, with its interval. */
    private static Optional<RatioInterval> byRound(List<Map<Integer, Double>> series, ToDoubleFunction<double[]> difference) {
        double[] differences = series.get(0).keySet().stream().filter(round -> series.stream().allMatch(one -> one.containsKey(round)))
                .mapToDouble(round -> difference.applyAsDouble(series.stream().mapToDouble(one -> one.get(round)).toArray())).toArray();
        return differences.length < 2 ? Optional.empty() : Optional.of(RatioInterval.of(differences, CONFIDENCE));
    }

    static String line(String tool, Pair pair, Condition condition, RatioInterval harness, RatioInterval probe, Paired paired) {
        String agreement = paired.atNetwork().isEmpty() && paired.onLoopback().isEmpty() ? "no rounds to pair"
                : paired.differ() ? "they differ: the harness changes what it measures"
                : "no difference found (each paired interval holds 1)";
        return String.format(Locale.ROOT, "%s at %s, %s: the harness %s (%d loads), the bare probe %s (%d loads); paired round by"
                + " round, the harness's ratio over the probe's %s, its loads on loopback over the probe's %s: %s", pair.label(),
                condition.label(), tool, harness.label(), harness.loads(), probe.label(), probe.loads(), describe(paired.atNetwork()),
                describe(paired.onLoopback()), agreement);
    }

    private static String describe(Optional<RatioInterval> paired) {
        return paired.map(interval -> String.format(Locale.ROOT, "%.2f [%.2f, %.2f] (%d rounds)", interval.ratio(), interval.low(),
                interval.high(), interval.loads())).orElse("unpaired");
    }
}
