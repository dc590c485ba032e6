package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.ImageSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.LinkedHashMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/** One tool's results read as a comparison: cells by door and condition, the model, ratios, crossovers, verdicts. */
public final class Comparison {

    /** The HTTP/2 over TLS time as a share of the HTTP/1.1 over TLS time: the article's 1.3 s / 2.9 s. */
    public static final double ARTICLE_RATIO = 1.3 / 2.9;
    /** Delay emulation must be this close to its setting for the figures to mean anything. */
    static final double CALIBRATION_TOLERANCE = 0.10;
    /** Our timing and the tool's own may differ by scheduling, not by more. */
    static final double TOOL_AGREEMENT = 0.05;
    static final double TOOL_AGREEMENT_MILLIS = 10;

    /**
     * The h2 / h1-over-TLS ratio along one dimension of the grid (loss, or link rate from none to the
     * slowest), the others fixed; {@code fixed} is one condition of the series, for its label.
     */
    public record Series(String dimension, Condition fixed, List<Integer> values, List<Double> ratios) {

        /**
         * Where the ratio first reaches 1 (HTTP/2 no faster): between two measured values, and for loss
         * where a straight line between them crosses 1; empty if it never does.
         */
        public Optional<String> crossover() {
            int i = firstNotWon();
            if (i < 0) {
                return Optional.empty();
            }
            if (i == 0) {
                return Optional.of("already at " + valueLabel(values.get(0)));
            }
            String between = "between " + valueLabel(values.get(i - 1)) + " and " + valueLabel(values.get(i));
            return Optional.of(crossingLoss().isPresent()
                    ? between + String.format(Locale.ROOT, ", at about %.1f %%", crossingLoss().getAsDouble()) : between);
        }

        /** For loss: where a straight line between the last value HTTP/2 won and the first it did not crosses 1. */
        public OptionalDouble crossingLoss() {
            int i = firstNotWon();
            if (!dimension.equals(LOSS) || i < 1) {
                return OptionalDouble.empty();
            }
            double from = ratios.get(i - 1);
            return OptionalDouble.of(values.get(i - 1) + (1 - from) / (ratios.get(i) - from) * (values.get(i) - values.get(i - 1)));
        }

        private int firstNotWon() {
            for (int i = 0; i < values.size(); i++) {
                if (ratios.get(i) >= 1) {
                    return i;
                }
            }
            return -1;
        }

        public String valueLabel(int value) {
            return dimension.equals(LOSS) ? value + " % loss" : Condition.bandwidthLabel(value);
        }

        /** What is fixed along the series, for people. */
        public String label() {
            return dimension.equals(LOSS)
                    ? String.format(Locale.ROOT, "RTT %d ms, %s, %s images", fixed.rttMillis(),
                            Condition.bandwidthLabel(fixed.bandwidthMbps()), fixed.size().parameter())
                    : String.format(Locale.ROOT, "RTT %d ms, %d %% loss, %s images", fixed.rttMillis(), fixed.lossPercent(),
                            fixed.size().parameter());
        }
    }

    static final String LOSS = "loss";
    static final String BANDWIDTH = "bandwidth";

    private final ToolResults results;

    public Comparison(ToolResults results) {
        this.results = results;
    }

    public ToolResults results() {
        return results;
    }

    /** The model of the page with images of this size, through this tool's window. */
    public PageLoadModel model(ImageSize size) {
        return new PageLoadModel(results.imageCount(), results.imageBytes().get(size), results.clientWindowBytes());
    }

    public List<Integer> roundTrips() {
        return List.copyOf(new TreeSet<>(results.cells().stream().map(c -> c.condition().rttMillis()).toList()));
    }

    public List<Condition> conditions() {
        return results.cells().stream().map(CellResult::condition).distinct().sorted(Condition.ORDER).toList();
    }

    public List<Door> doors() {
        return results.cells().stream().map(CellResult::door).distinct().sorted().toList();
    }

    public Optional<CellResult> cell(Door door, Condition condition) {
        return results.cells().stream().filter(c -> c.door() == door && c.condition().equals(condition)).findFirst();
    }

    /** The model's time on top of the same door's measured median without a network, if measured. */
    public double predictMillis(CellResult cell) {
        Condition condition = cell.condition();
        double withoutNetwork = cell(cell.door(), condition.withoutNetwork()).map(CellResult::median).orElse(0.0);
        return model(condition.size()).predictMillis(cell.door(), condition, withoutNetwork);
    }

    /** HTTP/2 over TLS median divided by the other door's median under one condition. */
    public Optional<Double> http2Ratio(Condition condition, Door against) {
        return cell(Door.HTTP_2_TLS, condition).flatMap(h2 -> cell(against, condition).map(h1 -> h2.median() / h1.median()));
    }

    /** The ratio against loss, one series per round trip (above 0), link rate and size with two losses or more. */
    public List<Series> lossSeries() {
        return series(LOSS, Condition::lossPercent, c -> List.of(c.rttMillis(), c.bandwidthMbps(), c.size().ordinal()));
    }

    /** The ratio from no rate limit down to the slowest link, one series per round trip, loss and size. */
    public List<Series> bandwidthSeries() {
        return series(BANDWIDTH, c -> Condition.bandwidthRank(c.bandwidthMbps()),
                c -> List.of(c.rttMillis(), c.lossPercent(), c.size().ordinal()));
    }

    private List<Series> series(String dimension, ToIntFunction<Condition> order, Function<Condition, List<Integer>> fixed) {
        Map<List<Integer>, List<Condition>> groups = conditions().stream()
                .filter(c -> c.rttMillis() > 0 && http2Ratio(c, Door.HTTP_1_1_TLS).isPresent())
                .collect(Collectors.groupingBy(fixed, LinkedHashMap::new, Collectors.toList()));
        List<Series> all = new ArrayList<>();
        for (List<Condition> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            List<Condition> sorted = group.stream().sorted(Comparator.comparingInt(order)).toList();
            all.add(new Series(dimension, sorted.get(0),
                    sorted.stream().map(c -> dimension.equals(LOSS) ? c.lossPercent() : c.bandwidthMbps()).toList(),
                    sorted.stream().map(c -> http2Ratio(c, Door.HTTP_1_1_TLS).orElseThrow()).toList()));
        }
        return all;
    }

    /** Whether the delay proxy's measured round trip is close enough to its setting (0: nothing to emulate). */
    static boolean isCalibrated(int settingMillis, double measuredMillis) {
        return settingMillis == 0 || Math.abs(measuredMillis - settingMillis) <= CALIBRATION_TOLERANCE * settingMillis;
    }

    /**
     * Everything that makes this run's figures wrong or the claim false, one line each. The claim is the
     * article's: with latency alone and the small logos, HTTP/2 is faster at the largest round trip. Under
     * loss or a slow link HTTP/2 may lose: that is a finding for the report, not a failure.
     */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        String tool = results.tool();
        for (CellResult cell : results.cells()) {
            String where = tool + " " + cell.door() + " at " + cell.condition().label();
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
            http2Ratio(Condition.latency(largest), Door.HTTP_1_1_TLS).filter(ratio -> ratio >= 1).ifPresent(ratio -> problems.add(
                    String.format(Locale.ROOT, "%s: at %d ms RTT HTTP/2 was not faster than HTTP/1.1 over TLS (h2/h1 = %.2f)",
                            tool, largest, ratio)));
        }
        return problems;
    }
}
