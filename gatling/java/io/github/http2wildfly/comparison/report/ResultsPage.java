package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's record for docs/results, in Markdown: date, machine, the command, and per tool the medians of every cell
 * with its ratios (h2 / h1-TLS, and h3's where measured). Written beside the HTML report (target/comparison/results.md),
 * and with -Dcomparison.record=true as docs/results/DATE-GRID.md (RunRecord): figures are never typed.
 */
final class ResultsPage {

    private ResultsPage() {
    }

    static String render(List<Comparison> comparisons, LocalDate date, String command) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# The comparison of %s%n%nA record written by the run. Command: `%s`; medians in ms,"
                + " interleaved loads; each ratio (the geometric mean of its rounds' ratios) with its interval and verdict: loads until"
                + " decided, at most 5 %% false winners over all looks (docs/comparison.md). Every load, with its round and its place"
                + " in it, is in the run's data (run.json; a recorded run's beside its record, under the same name).%n", date, command));
        for (Comparison comparison : comparisons) {
            List<Door> doors = comparison.doors();
            List<Pair> pairs = comparison.pairs();
            md.append(String.format(Locale.ROOT, "%n## %s%n%nMachine and run: %s.%n%n| RTT, loss, rate, size |",
                    comparison.results().tool(), environment(comparison.results().environment())));
            doors.forEach(door -> md.append(' ').append(door.label()).append(" |"));
            pairs.forEach(pair -> md.append(' ').append(pair.label()).append(" |"));
            md.append("\n|---|");
            doors.forEach(door -> md.append("---|"));
            pairs.forEach(pair -> md.append("---|"));
            md.append('\n');
            for (Condition condition : comparison.conditions()) {
                md.append("| ").append(condition.label()).append(" |");
                for (Door door : doors) {
                    md.append(' ').append(comparison.cell(door, condition)
                            .map(cell -> String.format(Locale.ROOT, "%,.0f", cell.median())).orElse("–")).append(" |");
                }
                for (Pair pair : pairs) {
                    md.append(' ').append(comparison.verdict(pair, condition).map(verdict -> verdict.label() + ", "
                            + Comparison.shortVerdict(Pair.shortName(pair.of()), Pair.shortName(pair.against()),
                                    condition, verdict)).orElse("–")).append(" |");
                }
                md.append('\n');
            }
        }
        for (Comparison comparison : comparisons) {
            orderEffects(md, comparison);
        }
        for (Comparison comparison : comparisons) {
            stopsWinning(md, comparison);
        }
        ModelAgainstLab.of(comparisons).ifPresent(both -> modelAgainstLab(md, both));
        List<String> harness = HarnessCheck.lines(comparisons);
        if (!harness.isEmpty()) {
            md.append(String.format(Locale.ROOT, "%n## The harness against the bare probe%n%nThe same cells loaded by the harness"
                    + " (Selenium and its driver) and by a bare DevTools connection with nothing enabled, in the same rounds, each"
                    + " in an order of its own; each leg's ratio at its verdict's confidence, and the two paired round by round"
                    + " at 97.5 %% (HarnessCheck).%n%n"));
            harness.forEach(line -> md.append("- ").append(line).append('\n'));
        }
        return md.toString();
    }

    /**
     * What loading first in its round did to each pair (OrderEffect), where each cell led in two rounds or more: the
     * rounds are reversed in turn, so the effect cancels in the ratios above; this says how large it was.
     */
    private static void orderEffects(StringBuilder md, Comparison comparison) {
        List<String> rows = new ArrayList<>();
        for (Condition condition : comparison.conditions()) {
            for (Pair pair : comparison.pairs()) {
                comparison.orderEffect(pair, condition).ifPresent(effect -> rows.add(String.format(Locale.ROOT,
                        "| %s | %s | %.2f [%.2f, %.2f]%s | %d / %d |%n", condition.label(), pair.label(), effect.firstFactor(),
                        effect.low(), effect.high(), effect.found() ? ", found" : "", effect.firstLed(), effect.secondLed())));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append(String.format(Locale.ROOT, "%n## %s: what loading first in its round did%n%nA load's time when it came first of its"
                + " pair, over its time when it came second (95 %% interval; \"found\" where it excludes 1); the rounds each cell"
                + " led.%n%n| RTT, loss, rate, size | pair | first / second | rounds led |%n|---|---|---|---|%n", comparison.results().tool()));
        rows.forEach(md::append);
    }

    /** Where HTTP/2 stops winning against HTTP/1.1 over TLS along loss, one row per series (a sender, a size, a round trip). */
    private static void stopsWinning(StringBuilder md, Comparison comparison) {
        Pair pair = new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS);
        List<Comparison.Series> series = comparison.lossSeries().stream().filter(one -> one.pair().equals(pair)).toList();
        if (series.isEmpty()) {
            return;
        }
        List<Integer> losses = series.stream().flatMap(one -> one.values().stream()).distinct().sorted().toList();
        md.append(String.format(Locale.ROOT, "%n## %s: where HTTP/2 stops winning%n%n| RTT, rate, size, sender |",
                comparison.results().tool()));
        losses.forEach(loss -> md.append(" h2 / h1-TLS at ").append(loss).append(" % |"));
        md.append(" HTTP/2 stops winning |\n|---|");
        losses.forEach(loss -> md.append("---|"));
        md.append("---|\n");
        for (Comparison.Series one : series) {
            md.append("| ").append(one.label()).append(" |");
            for (int loss : losses) {
                int at = one.values().indexOf(loss);
                md.append(' ').append(at < 0 ? "–" : one.verdicts().get(at).label() + ", "
                        + one.verdicts().get(at).say("h2", "h1-TLS")).append(" |");
            }
            md.append(' ').append(one.crossover().orElse(one.verdicts().stream().allMatch(v -> v.kind() == Verdict.Kind.FASTER)
                    ? "not up to " + one.valueLabel(losses.get(losses.size() - 1)) : "no change decided")).append(" |\n");
        }
    }

    /** The model against the lab, point by point, where the run had both. */
    private static void modelAgainstLab(StringBuilder md, ModelAgainstLab both) {
        md.append(String.format(Locale.ROOT, "%n## The model against the lab%n%n%s.%n%n| RTT, loss, rate, size, sender | pair | model"
                + " | lab | model / lab (90 %%) | |%n|---|---|---|---|---|---|%n", both.summary()));
        for (ModelAgainstLab.Point point : both.points()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", point.condition().label(),
                    point.pair().label(), point.inModel().label(), point.inLab().label(), point.quotient().label(), point.verdict()));
        }
    }

    private static String environment(Map<String, String> environment) {
        return String.join("; ", environment.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue()).toList());
    }
}
