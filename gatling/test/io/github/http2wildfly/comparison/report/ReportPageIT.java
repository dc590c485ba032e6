package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.RunRecord;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import io.github.http2wildfly.page.ImageSize;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The report page, opened in headless Chromium set to a German locale, shows the run's data (run.json) figure for
 * figure, as the build log writes them (no locale's separators), and Chart.js draws every chart.
 */
@Tag("browser")
@Tag("comparison") // the comparison's own ITs: CI runs them beside the cluster's
class ReportPageIT {

    private static final Map<String, String> ENVIRONMENT = Map.of("client", "a fixture", "CPUs", "2");

    /** Kept after the test, to open by hand. */
    private final Path dir = Path.of("target", "report-page-it");

    @Test
    void theReportShowsEveryFigureOfTheRunsDataAndDrawsEveryChart() throws Exception {
        ComparisonReport.clearPreviousRun(dir);
        java.nio.file.Files.createDirectories(dir);
        List<Condition> conditions = List.of(Condition.latency(0), Condition.latency(50),
                new Condition(50, 2, 0, ImageSize.LOGO, CongestionControl.RENO), new Condition(50, 5, 0, ImageSize.LOGO, CongestionControl.RENO));
        // h1-TLS, h2, h3 per condition: HTTP/2 ahead, then behind at 5 %; the lab close to the model
        tool("chromium", conditions, 1653.4, 1434.6, 2127, 5275, 2060, 1920, 6157, 1971, 2912, 6993, 7357, 5701);
        tool("chromium-lab", conditions, 1700, 1400, 2100, 5100, 2200, 1900, 6000, 2100, 3000, 7100, 7000, 5600);
        new ToolResults("gatling", 65_535, 500, Map.of(ImageSize.LOGO, 670L), List.of(
                cell(Door.HTTP_1_1_TLS, conditions.get(0), 223.2), cell(Door.HTTP_2_TLS, conditions.get(0), 121),
                cell(Door.HTTP_1_1_TLS, conditions.get(1), 4600), cell(Door.HTTP_2_TLS, conditions.get(1), 851)),
                Map.of(50, 50.4), ENVIRONMENT).write(dir);
        try {
            ComparisonReport.report(dir, RunRecord.of(new java.util.Properties()));
        } catch (io.github.http2wildfly.comparison.ComparisonFailure expected) {
            // HTTP/2 losing at 5 % is one of the run's checks; the report is written first either way
        }
        JsonNode run = new ObjectMapper().readTree(dir.resolve(ComparisonReport.RUN_DATA).toFile());

        HeadlessChromium.requireInstalled();
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            chromium.driver().executeCdpCommand("Emulation.setLocaleOverride", Map.of("locale", "de-DE"));
            chromium.driver().get(dir.resolve("report.html").toAbsolutePath().toUri().toString());
            assertEquals("1.234,5", chromium.script("return (1234.5).toLocaleString()"), "a German browser");
            assertEquals("", chromium.script("return document.getElementById('not-drawn').textContent"), "the page drew itself");
            int charts = 0;
            for (JsonNode tool : run.get("tools")) {
                String section = "#tool-" + tool.get("tool").asText();
                List<String> expected = new ArrayList<>();
                for (JsonNode cell : tool.get("cells")) {
                    expected.add(String.join("|", cell.get("door").asText(), cell.get("rttMillis").asText(), cell.get("lossPercent").asText(),
                            "\u2013", cell.get("size").asText(), cell.get("loads").asText(), whole(cell.get("mean")), whole(cell.get("p50")),
                            whole(cell.get("p95")), whole(cell.get("min")), whole(cell.get("max")), whole(cell.get("model"))));
                }
                assertEquals(expected, rows(chromium, section + " table[data-cells] tr", 12), tool.get("tool").asText());
                List<String> ratios = new ArrayList<>();
                List<String> pairs = tool.get("pairs").valueStream().map(JsonNode::asText).toList();
                for (JsonNode row : tool.get("ratios")) {
                    ratios.add(row.get("condition").asText() + "|" + String.join("|", pairs.stream().map(pair -> row.at("/ratios").has(pair)
                            ? withInterval(row.at("/ratios").get(pair), row.at("/intervals").get(pair)) : "\u2013").toList()));
                }
                assertEquals(ratios, rows(chromium, section + " table[data-ratios] tr", pairs.size() + 1), tool.get("tool").asText());
                charts += 1 + (int) tool.get("series").valueStream().map(one -> one.get("pair").asText() + one.get("dimension").asText())
                        .distinct().count();
            }
            List<String> statements = run.findValues("statement").stream().map(JsonNode::asText).sorted().toList();
            @SuppressWarnings("unchecked")
            List<String> shown = (List<String>) chromium.script("return [...document.querySelectorAll('li.crossover')].map(li => li.textContent)");
            assertEquals(statements, shown.stream().sorted().toList());
            List<String> points = run.at("/modelAgainstLab/points").valueStream().map(point -> point.get("condition").asText() + "|"
                    + point.get("pair").asText() + "|" + String.format(Locale.ROOT, "%.2f", point.get("model").asDouble()) + "|"
                    + point.get("verdict").asText()).toList();
            assertEquals(points, verdicts(chromium));
            assertEquals((long) charts, chromium.script("return Object.keys(Chart.instances).length"), "a chart per tool, and per series' pair");
            assertEquals(Boolean.FALSE, chromium.script("return document.getElementById('no-gatling-http3').hidden"),
                    "Gatling without HTTP/3 beside Chromium with it: the page says so");
        }
    }

    /** A ratio and its 95 % interval as the build log writes them (RatioInterval#label). */
    private static String withInterval(JsonNode ratio, JsonNode interval) {
        return interval.get("low").isNull() ? String.format(Locale.ROOT, "%.2f [one load: no interval]", ratio.asDouble())
                : String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", ratio.asDouble(), interval.get("low").asDouble(), interval.get("high").asDouble());
    }

    /** The model against the lab as the page shows it: condition, pair, the model's ratio and the verdict. */
    @SuppressWarnings("unchecked")
    private static List<String> verdicts(HeadlessChromium chromium) {
        return (List<String>) chromium.script("return [...document.querySelectorAll('#model-against-lab-table tr')].slice(1)"
                + ".map(tr => [0, 1, 2, 5].map(i => tr.cells[i].textContent).join('|'))");
    }

    /** The first {@code columns} cells of every row but the heading, joined by '|'. */
    @SuppressWarnings("unchecked")
    private static List<String> rows(HeadlessChromium chromium, String selector, int columns) {
        return (List<String>) chromium.script("return [...document.querySelectorAll(arguments[0])].slice(1)"
                .replace("arguments[0]", "'" + selector + "'") + ".map(tr => [...tr.cells].slice(0, " + columns
                + ").map(td => td.textContent).join('|'))");
    }

    private static String whole(JsonNode number) {
        return String.format(Locale.ROOT, "%.0f", number.asDouble());
    }

    private void tool(String name, List<Condition> conditions, double... millis) throws Exception {
        List<Door> doors = List.of(Door.HTTP_1_1_TLS, Door.HTTP_2_TLS, Door.HTTP_3);
        List<CellResult> cells = new ArrayList<>();
        for (int i = 0; i < millis.length; i++) {
            cells.add(cell(doors.get(i % 3), conditions.get(i / 3), millis[i]));
        }
        new ToolResults(name, 15L << 20, 500, Map.of(ImageSize.LOGO, 670L), cells, Map.of(50, 50.2), ENVIRONMENT).write(dir);
    }

    private static CellResult cell(Door door, Condition condition, double millis) {
        return new CellResult(door, condition, List.of(millis, millis + 10.5, millis - 3.25), 0, 1503, 0, door == Door.HTTP_1_1_TLS ? 18 : 3,
                1_200_000, 0, 0, 0, 0, null);
    }
}
