package io.github.http2wildfly.comparison;

import io.github.http2wildfly.build.BuildCheckFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Adds what only Gatling's own report knows to the simulation's results: the requests and failed
 * requests of each cell, and Gatling's own mean page-load time of each cell's group, to check the
 * simulation's timing against. Gatling 3.15 writes no machine-readable statistics, so this reads
 * the statistics table of the newest report's index.html.
 *
 * Called by ComparisonReport before it reads the results.
 */
public final class GatlingStatistics {

    /** One row of the table: a group or a request, with its parent group's row id. */
    record Row(String id, String parent, String name, long total, long ko, double mean) {
    }

    private static final Pattern ROW = Pattern.compile(
            "<tr id=\"([^\"]+)\"(?: data-parent=\"([^\"]+)\")?>.*?class=\"ellipsed-name\">([^<]*)</span>"
                    + ".*?col-2\">([\\d,]+)</td>.*?col-4\">([\\d,]+)</td>.*?col-13\">([\\d,.]+)</td>",
            Pattern.DOTALL);

    private GatlingStatistics() {
    }

    static void addTo(Path comparisonDirectory, Path gatlingResults) throws IOException {
        Path results = comparisonDirectory.resolve("gatling.json");
        if (!Files.isRegularFile(results)) {
            return; // ComparisonReport says that the run produced no results
        }
        Path report = newestReport(gatlingResults);
        ToolResults measured = ToolResults.read(results);
        Map<String, Row> groups = new HashMap<>();
        List<Row> rows = rows(Files.readString(report));
        rows.stream().filter(row -> row.id().startsWith("group_")).forEach(row -> groups.put(row.name(), row));
        List<CellResult> cells = new ArrayList<>();
        for (CellResult cell : measured.cells()) {
            Row group = groups.get(cell.door().name() + "@" + cell.rttMillis() + "ms");
            if (group == null) {
                cells.add(cell);
                continue;
            }
            long requests = 0;
            long failed = 0;
            for (Row row : rows) {
                if (group.id().equals(row.parent())) {
                    requests += row.total();
                    failed += row.ko();
                }
            }
            cells.add(new CellResult(cell.door(), cell.rttMillis(), cell.loadMillis(), cell.failedLoads(), requests,
                    failed, cell.connections(), cell.bytes(), group.mean()));
        }
        Map<String, String> environment = new java.util.LinkedHashMap<>(measured.environment());
        environment.put("Gatling report", report.toAbsolutePath().toString());
        new ToolResults(measured.tool(), measured.clientWindowBytes(), measured.imageCount(), measured.imageBytes(), cells,
                measured.calibration(), environment)
                .write(results.getParent());
    }

    static List<Row> rows(String html) {
        List<Row> rows = new ArrayList<>();
        Matcher row = ROW.matcher(html);
        while (row.find()) {
            rows.add(new Row(row.group(1), row.group(2), row.group(3).strip(), number(row.group(4)), number(row.group(5)),
                    Double.parseDouble(row.group(6).replace(",", ""))));
        }
        return rows;
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    private static Path newestReport(Path gatlingResults) throws IOException {
        if (!Files.isDirectory(gatlingResults)) {
            throw new BuildCheckFailure("gatling.json, but no Gatling report in " + gatlingResults);
        }
        try (Stream<Path> runs = Files.list(gatlingResults)) {
            return runs.map(run -> run.resolve("index.html")).filter(Files::isRegularFile)
                    .max(Comparator.comparing(GatlingStatistics::modified))
                    .orElseThrow(() -> new IOException("No Gatling report in " + gatlingResults));
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
