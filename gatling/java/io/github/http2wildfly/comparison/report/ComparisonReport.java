package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.comparison.settings.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The end of a comparison run (the verify phase, after the server stopped): reads every tool's
 * results, writes the run's data (run.json) and the report drawn from it, prints the table, and fails the build if a cell failed or the
 * claim does not hold, always after the report is written.
 *
 * <p>Run by RunComparison's {@code report}, after GatlingStatistics has added what only Gatling knows.
 */
public final class ComparisonReport {

    /** The whole run as one JSON, which the report page draws itself from; every other JSON here is one tool's results. */
    static final String RUN_DATA = "run.json";

    private ComparisonReport() {
    }

    public static void report(Path directory, RunRecord record) throws IOException {
        List<Comparison> comparisons = read(directory);
        if (comparisons.isEmpty()) {
            throw new ComparisonFailure("No results in " + directory + ": the comparison did not run to its end (see the log above)");
        }
        Path report = ReportPage.write(directory, "comparison.html", RUN_DATA, RunData.of(comparisons));
        Path results = directory.resolve("results.md");
        LocalDate today = LocalDate.now();
        Files.writeString(results, ResultsPage.render(comparisons, today, record.command()));
        // where this run's own point fell against the recorded curve, in the log and in its record
        Optional<String> headline = Headline.thisRun(directory.resolve(RUN_DATA), record.directory());
        if (headline.isPresent()) {
            Files.writeString(results, "\n## Against the headline's curve\n\n" + headline.get() + ".\n", StandardOpenOption.APPEND);
        }
        Optional<Path> recorded = record.copy(results, today);
        if (recorded.isPresent()) {
            // every load beside the record, so that its figures can be recomputed
            Files.copy(directory.resolve(RUN_DATA), recorded.get().resolveSibling(recorded.get().getFileName().toString().replaceFirst("\\.md$", ".json")));
            Optional<ModelAgainstLab> both = ModelAgainstLab.of(comparisons);
            if (both.isPresent()) {
                both.get().record(recorded.get());
            }
            // the headline is every record's, this one's among them
            Headline.write(recorded.get().getParent(), record.pages());
        }
        List<String> problems = new ArrayList<>();
        for (Comparison comparison : comparisons) {
            System.out.println(table(comparison));
            problems.addAll(comparison.problems());
        }
        ModelAgainstLab.of(comparisons).ifPresent(both -> System.out.println(both.summary()));
        HarnessCheck.lines(comparisons).forEach(line -> System.out.println("The harness against the bare probe: " + line));
        headline.ifPresent(System.out::println);
        System.out.println("Report: " + report.toAbsolutePath().toUri() + recorded.map(file -> " (recorded: " + file + ")")
                .orElse(" (-Dcomparison.record=true records it under docs/results)"));
        if (!problems.isEmpty()) {
            throw new ComparisonFailure("The comparison failed (report: " + report.toAbsolutePath() + "): "
                    + String.join("; ", problems));
        }
    }

    /** A new run starts without the results of an earlier one, which the report would otherwise judge. */
    public static void clearPreviousRun(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json") || f.endsWith("report.html") || f.endsWith("results.md")).toList()) {
                Files.delete(file);
            }
        }
    }

    static List<Comparison> read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<Comparison> comparisons = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json") && !f.endsWith(RUN_DATA)).sorted().toList()) {
                comparisons.add(new Comparison(ToolResults.read(file)));
            }
        }
        return comparisons;
    }

    /** Packets per page where the network counted them (the lab), "-" where it sees none (the model's proxies). */
    private static String packets(CellResult cell, double perLoad) {
        return cell.packetsCounted() ? String.format(Locale.ROOT, "%.0f", perLoad) : "-";
    }

    /** CPU milliseconds per page where the tool is a browser, "-" where it is not (Gatling). */
    private static String cpu(CellResult cell, double perLoad) {
        return cell.cpuCounted() ? String.format(Locale.ROOT, "%.0f", perLoad) : "-";
    }

    /** The plain-text table for the build log. */
    static String table(Comparison comparison) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%n%s: page load time (ms), %d images%n", comparison.results().tool(),
                comparison.results().imageCount()));
        out.append(String.format(Locale.ROOT, "%-18s %5s %4s %5s %5s %5s %8s %8s %8s %8s %8s %8s %6s %6s %6s %7s %7s %7s %7s%n", "door",
                "RTT", "loss", "Mbps", "size", "loads", "mean", "p50", "p95", "min", "max", "model", "req/pg", "failed",
                "conn/pg", "pk↑/pg", "pk↓/pg", "cpu/pg", "net/pg"));
        for (CellResult cell : comparison.results().cells()) {
            Condition condition = cell.condition();
            out.append(String.format(Locale.ROOT, "%-18s %5d %4d %5d %5s %5d %8.0f %8.0f %8.0f %8.0f %8.0f %8.0f %6.0f %6d %6.1f %7s %7s %7s %7s%n",
                    cell.door().label(), condition.rttMillis(), condition.lossPercent(), condition.bandwidthMbps(),
                    condition.size().parameter(), cell.loads(), cell.mean(), cell.median(), cell.percentile(95), cell.min(),
                    cell.max(), comparison.predictMillis(cell), cell.requestsPerLoad(), cell.failedRequests(),
                    cell.connectionsPerLoad(), packets(cell, cell.packetsUpPerLoad()), packets(cell, cell.packetsDownPerLoad()),
                    cpu(cell, cell.browserCpuPerLoad()), cpu(cell, cell.networkCpuPerLoad())));
        }
        for (Pair pair : comparison.pairs()) {
            for (Condition condition : comparison.conditions()) {
                comparison.verdict(pair, condition).ifPresent(verdict -> out.append(String.format(Locale.ROOT,
                        "%s at %s: %s, %s%n", pair.label(), condition.label(), verdict.label(),
                        Comparison.verdictText(pair, condition, verdict))));
            }
        }
        for (Comparison.Series series : comparison.lossSeries()) {
            out.append(series.statement()).append(System.lineSeparator());
        }
        for (Comparison.Series series : comparison.bandwidthSeries()) {
            out.append(series.statement()).append(System.lineSeparator());
        }
        for (Comparison.Series series : comparison.cpuSeries()) {
            out.append(series.statement()).append(System.lineSeparator());
        }
        return out.toString();
    }
}
