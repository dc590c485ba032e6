package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.page.ImageSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole run as data (run.json): every tool's cells with the model's prediction, the ratios of every pair, the
 * series along loss and link rate with their crossovers, the model against the lab, and the figures the report's
 * text quotes (the article's, the network model's). The report page draws itself from it (gatling/resources/report).
 * Numbers stay numbers: the page formats them, the same in every locale.
 */
final class RunData {

    private RunData() {
    }

    static Map<String, Object> of(List<Comparison> comparisons) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("article", Map.of("http1Millis", 2900, "http2Millis", 1300, "ratio", Comparison.ARTICLE_RATIO));
        run.put("network", Map.of("segmentBytes", Network.SEGMENT_BYTES,
                "minRetransmissionTimeoutMillis", Network.MIN_RETRANSMISSION_TIMEOUT.toMillis(), "duplicateAcks", Network.DUPLICATE_ACKS));
        run.put("tools", comparisons.stream().map(RunData::tool).toList());
        run.put("modelAgainstLab", ModelAgainstLab.of(comparisons).map(RunData::modelAgainstLab).orElse(null));
        return run;
    }

    private static Map<String, Object> tool(Comparison comparison) {
        ToolResults results = comparison.results();
        Map<String, Object> tool = new LinkedHashMap<>();
        tool.put("tool", results.tool());
        tool.put("clientWindowBytes", results.clientWindowBytes());
        tool.put("imageCount", results.imageCount());
        tool.put("doors", comparison.doors().stream().map(Door::label).toList());
        List<Integer> rtts = comparison.roundTrips();
        if (!rtts.isEmpty()) {
            int largest = rtts.get(rtts.size() - 1);
            comparison.http2Ratio(Condition.latency(largest), Door.HTTP_1_1_TLS)
                    .ifPresent(ratio -> tool.put("headline", Map.of("rttMillis", largest, "ratio", ratio)));
        }
        tool.put("cells", results.cells().stream().map(cell -> cell(comparison, cell)).toList());
        List<Pair> pairs = new ArrayList<>(comparison.pairs());
        pairs.add(new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1));
        tool.put("pairs", pairs.stream().map(Pair::label).toList());
        tool.put("ratios", comparison.conditions().stream().map(condition -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("condition", condition.label());
            Map<String, Double> ratios = new LinkedHashMap<>();
            Map<String, Object> intervals = new LinkedHashMap<>();
            pairs.forEach(pair -> comparison.verdict(pair, condition).ifPresent(verdict -> {
                ratios.put(pair.label(), verdict.ratio());
                // the interval (null under two loads) and the verdict: faster, level or undecided, with its loads
                Map<String, Object> bounds = new LinkedHashMap<>();
                bounds.put("low", verdict.interval().known() ? verdict.interval().low() : null);
                bounds.put("high", verdict.interval().known() ? verdict.interval().high() : null);
                bounds.put("confidence", verdict.interval().confidence());
                bounds.put("loads", verdict.interval().loads());
                bounds.put("verdict", Comparison.verdictText(pair, condition, verdict));
                // how much loading first in its round moved the pair (null under two rounds of either order)
                bounds.put("orderEffect", comparison.orderEffect(pair, condition).map(effect -> Map.of("firstFactor", effect.firstFactor(),
                        "low", effect.low(), "high", effect.high(), "firstLed", effect.firstLed(), "secondLed", effect.secondLed())).orElse(null));
                intervals.put(pair.label(), bounds);
            }));
            row.put("ratios", ratios);
            row.put("intervals", intervals);
            return row;
        }).toList());
        tool.put("latency", latency(comparison));
        List<Map<String, Object>> series = new ArrayList<>();
        for (List<Comparison.Series> dimension : List.of(comparison.lossSeries(), comparison.bandwidthSeries(), comparison.cpuSeries())) {
            dimension.forEach(one -> series.add(series(one)));
        }
        tool.put("series", series);
        tool.put("calibration", results.calibration());
        tool.put("environment", results.environment());
        return tool;
    }

    private static Map<String, Object> cell(Comparison comparison, CellResult cell) {
        Condition condition = cell.condition();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("door", cell.door().label());
        row.put("condition", condition.label());
        row.put("rttMillis", condition.rttMillis());
        row.put("lossPercent", condition.lossPercent());
        row.put("bandwidthMbps", condition.bandwidthMbps());
        row.put("size", condition.size().parameter());
        row.put("clientCores", condition.clientMillicores() == 0 ? null : condition.clientMillicores() / 1000.0);
        row.put("loads", cell.loads());
        row.put("mean", cell.mean());
        row.put("p50", cell.median());
        row.put("p95", cell.percentile(95));
        row.put("min", cell.min());
        row.put("max", cell.max());
        row.put("model", comparison.predictMillis(cell));
        row.put("modelRoundTrips", comparison.model(condition.size()).roundTrips(cell.door()));
        row.put("toolMean", cell.toolMeanMillis());
        row.put("requestsPerPage", cell.requestsPerLoad());
        row.put("failedRequests", cell.failedRequests());
        row.put("connectionsPerPage", cell.connectionsPerLoad());
        row.put("kibPerPage", cell.bytesPerLoad() / 1024);
        row.put("packetsUpPerPage", cell.packetsCounted() ? cell.packetsUpPerLoad() : null);
        row.put("packetsDownPerPage", cell.packetsCounted() ? cell.packetsDownPerLoad() : null);
        row.put("browserCpuPerPage", cell.cpuCounted() ? cell.browserCpuPerLoad() : null);
        row.put("networkCpuPerPage", cell.cpuCounted() ? cell.networkCpuPerLoad() : null);
        row.put("everyLoad", everyLoad(cell));
        return row;
    }

    /**
     * Every load as it was measured, in the order measured: its time, its round, its place in that round and the CPU
     * it cost the browser (null where not recorded), so that any figure can be recomputed and an effect of order seen.
     */
    private static List<Map<String, Object>> everyLoad(CellResult cell) {
        List<Map<String, Object>> loads = new ArrayList<>();
        for (int i = 0; i < cell.loads(); i++) {
            Map<String, Object> load = new LinkedHashMap<>();
            load.put("millis", cell.loadMillis().get(i));
            load.put("round", cell.loadRounds().get(i));
            load.put("position", cell.loadPositions().isEmpty() ? null : cell.loadPositions().get(i));
            load.put("cpuMillis", cell.loadCpuMillis().isEmpty() ? null : cell.loadCpuMillis().get(i));
            loads.add(load);
        }
        return loads;
    }

    /** Median and model against RTT, latency alone, the run's first image size. */
    private static Map<String, Object> latency(Comparison comparison) {
        ImageSize size = comparison.conditions().isEmpty() ? ImageSize.LOGO : comparison.conditions().get(0).size();
        List<Integer> rtts = comparison.roundTrips();
        List<Map<String, Object>> doors = new ArrayList<>();
        for (Door door : comparison.doors()) {
            List<Double> medians = new ArrayList<>();
            List<Double> model = new ArrayList<>();
            for (int rtt : rtts) {
                CellResult cell = comparison.cell(door, Condition.latency(rtt).withSize(size)).orElse(null);
                medians.add(cell == null ? null : cell.median());
                model.add(cell == null ? null : comparison.predictMillis(cell));
            }
            doors.add(Map.of("door", door.label(), "medians", medians, "model", model));
        }
        return Map.of("size", size.parameter(), "rttMillis", rtts, "doors", doors);
    }

    private static Map<String, Object> series(Comparison.Series series) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("pair", series.pair().label());
        one.put("dimension", series.dimension());
        one.put("label", series.label());
        one.put("values", series.values());
        one.put("valueLabels", series.values().stream().map(series::valueLabel).toList());
        one.put("ratios", series.ratios());
        one.put("verdicts", series.verdicts().stream().map(verdict -> verdict.say(series.pair().of().label(),
                series.pair().against().label())).toList());
        one.put("crossingLoss", series.crossingLoss().isPresent() ? series.crossingLoss().getAsDouble() : null);
        one.put("statement", series.statement());
        return one;
    }

    private static Map<String, Object> modelAgainstLab(ModelAgainstLab both) {
        return Map.of("summary", both.summary(), "points", both.points().stream().map(point -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("condition", point.condition().label());
            row.put("pair", point.pair().label());
            row.put("model", point.model());
            row.put("lab", point.lab());
            row.put("quotient", point.quotient().label());
            row.put("agreement", point.agreement().name().toLowerCase(java.util.Locale.ROOT));
            row.put("verdict", point.verdict());
            return row;
        }).toList());
    }
}
