package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's section for docs/results.md, in Markdown: date, machine, the command's settings, and per
 * tool the medians of every cell with its ratios (h2 / h1-TLS, and h3's where measured). Written beside the HTML report
 * (target/comparison/results.md) so the results page is pasted from a run, never typed.
 */
final class ResultsPage {

    private ResultsPage() {
    }

    static String render(List<Comparison> comparisons, LocalDate date) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "## The comparison of %s%n%nCommand: `./mvnw verify -Pgatling` with the settings"
                + " in target/comparison.properties; medians in ms.%n", date));
        for (Comparison comparison : comparisons) {
            List<Door> doors = comparison.doors();
            List<Comparison.Pair> pairs = comparison.pairs();
            md.append(String.format(Locale.ROOT, "%n### %s%n%nMachine and run: %s.%n%n| RTT, loss, rate, size |",
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
                for (Comparison.Pair pair : pairs) {
                    md.append(' ').append(comparison.ratio(pair, condition)
                            .map(ratio -> String.format(Locale.ROOT, "%.2f", ratio)).orElse("–")).append(" |");
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    private static String environment(Map<String, String> environment) {
        return String.join("; ", environment.entrySet().stream().map(entry -> entry.getKey() + " " + entry.getValue()).toList());
    }
}
