package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/** One tool's results read as a comparison: cells by door and RTT, the model, ratios, verdicts. */
public final class Comparison {

    /** The HTTP/2 over TLS time as a share of the HTTP/1.1 over TLS time: the article's 1.3 s / 2.9 s. */
    public static final double ARTICLE_RATIO = 1.3 / 2.9;
    /** Delay emulation must be this close to its setting for the figures to mean anything. */
    static final double CALIBRATION_TOLERANCE = 0.10;
    /** Our timing and the tool's own may differ by scheduling, not by more. */
    static final double TOOL_AGREEMENT = 0.05;
    static final double TOOL_AGREEMENT_MILLIS = 10;

    private final ToolResults results;
    private final PageLoadModel model;

    public Comparison(ToolResults results) {
        this.results = results;
        this.model = new PageLoadModel(results.imageCount(), results.imageBytes(), results.clientWindowBytes());
    }

    public ToolResults results() {
        return results;
    }

    public PageLoadModel model() {
        return model;
    }

    public List<Integer> roundTrips() {
        return List.copyOf(new TreeSet<>(results.cells().stream().map(CellResult::rttMillis).toList()));
    }

    public List<Door> doors() {
        return results.cells().stream().map(CellResult::door).distinct().sorted().toList();
    }

    public Optional<CellResult> cell(Door door, int rtt) {
        return results.cells().stream().filter(c -> c.door() == door && c.rttMillis() == rtt).findFirst();
    }

    /** The model's time: its round trips plus the same door's measured median at RTT 0, if measured. */
    public double predictMillis(CellResult cell) {
        double withoutLatency = cell(cell.door(), 0).map(CellResult::median).orElse(0.0);
        return model.predictMillis(cell.door(), cell.rttMillis(), withoutLatency);
    }

    /** HTTP/2 over TLS median divided by HTTP/1.1 over TLS median at one RTT. */
    public Optional<Double> http2Ratio(int rtt, Door against) {
        return cell(Door.HTTP_2_TLS, rtt).flatMap(h2 -> cell(against, rtt).map(h1 -> h2.median() / h1.median()));
    }

    /** Whether the delay proxy's measured round trip is close enough to its setting (0: nothing to emulate). */
    static boolean isCalibrated(int settingMillis, double measuredMillis) {
        return settingMillis == 0 || Math.abs(measuredMillis - settingMillis) <= CALIBRATION_TOLERANCE * settingMillis;
    }

    /** Everything that makes this run's figures wrong or the claim false, one line each. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        String tool = results.tool();
        for (CellResult cell : results.cells()) {
            String where = tool + " " + cell.door() + " at " + cell.rttMillis() + " ms";
            if (cell.loads() == 0) {
                problems.add(where + ": no page load was measured");
            }
            if (cell.failedLoads() > 0 || cell.failedRequests() > 0) {
                problems.add(where + ": " + cell.failedLoads() + " failed loads, " + cell.failedRequests() + " failed requests");
            }
            if (cell.toolMeanMillis() != null && cell.loads() > 0) {
                double difference = Math.abs(cell.mean() - cell.toolMeanMillis());
                if (difference > TOOL_AGREEMENT_MILLIS && difference > TOOL_AGREEMENT * cell.toolMeanMillis()) {
                    problems.add(String.format(Locale.ROOT, "%s: our mean %.0f ms disagrees with %s's own %.0f ms",
                            where, cell.mean(), tool, cell.toolMeanMillis()));
                }
            }
        }
        for (Map.Entry<Integer, Double> calibration : results.calibration().entrySet()) {
            int setting = calibration.getKey();
            if (!isCalibrated(setting, calibration.getValue())) {
                problems.add(String.format(Locale.ROOT, "%s: the delay proxy measured %.1f ms for an RTT of %d ms (more than"
                        + " 10%% off): the machine is too busy to emulate latency", tool, calibration.getValue(), setting));
            }
        }
        List<Integer> rtts = roundTrips();
        if (!rtts.isEmpty()) {
            int largest = rtts.get(rtts.size() - 1);
            http2Ratio(largest, Door.HTTP_1_1_TLS).filter(ratio -> ratio >= 1).ifPresent(ratio -> problems.add(
                    String.format(Locale.ROOT, "%s: at %d ms RTT HTTP/2 was not faster than HTTP/1.1 over TLS (h2/h1 = %.2f)",
                            tool, largest, ratio)));
        }
        return problems;
    }
}
