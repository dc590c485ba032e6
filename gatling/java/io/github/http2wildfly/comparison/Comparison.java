package io.github.http2wildfly.comparison;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.page.ImageSize;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
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
     * The control (-Dcomparison.grid=control): one image alone has no head-of-line blocking to spare HTTP/3,
     * so under a fair model of TCP h3 / h2 stays this close to 1 at every loss.
     */
    static final double CONTROL_LOW = 0.8;
    static final double CONTROL_HIGH = 1.25;
    static final Pair CONTROL = new Pair(Door.HTTP_3, Door.HTTP_2_TLS);

    /**
     * One protocol's median as a share of another's under the same condition: below 1, {@code of} is faster.
     * The comparison's pairs: HTTP/2 against HTTP/1.1 over TLS (the article's), and HTTP/3 against both.
     */
    public record Pair(Door of, Door against) {

        static final List<Pair> ALL = List.of(new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS),
                new Pair(Door.HTTP_3, Door.HTTP_2_TLS), new Pair(Door.HTTP_3, Door.HTTP_1_1_TLS));

        /** "h3 / h2". */
        public String label() {
            return shortName(of) + " / " + shortName(against);
        }

        /** h1, h1-TLS, h2, h3: the names of the report's ratios. */
        static String shortName(Door door) {
            return switch (door) {
                case HTTP_1_1 -> "h1";
                case HTTP_1_1_TLS -> "h1-TLS";
                case HTTP_2_TLS -> "h2";
                case HTTP_3 -> "h3";
            };
        }
    }

    /**
     * A pair's ratio along one dimension of the grid (loss, or link rate from none to the slowest), the
     * others fixed; {@code fixed} is one condition of the series, for its label.
     */
    public record Series(Pair pair, String dimension, Condition fixed, List<Integer> values, List<Double> ratios,
            List<RatioInterval> intervals) {

        /**
         * Where the ratio first crosses 1 ({@code of} stops or starts being faster): between two measured
         * values, and for loss where a straight line between them crosses 1; empty if it never does.
         */
        public Optional<String> crossover() {
            int i = crossing();
            if (i < 0) {
                return Optional.empty();
            }
            String between = "between " + valueLabel(values.get(i - 1)) + " and " + valueLabel(values.get(i));
            return Optional.of(crossingLoss().isPresent()
                    ? between + String.format(Locale.ROOT, ", at about %.1f %%", crossingLoss().getAsDouble()) : between);
        }

        /** For loss: where a straight line between the two values on either side of 1 crosses it. */
        public OptionalDouble crossingLoss() {
            int i = crossing();
            if (!dimension.equals(LOSS) || i < 1) {
                return OptionalDouble.empty();
            }
            double from = ratios.get(i - 1);
            return OptionalDouble.of(values.get(i - 1) + (1 - from) / (ratios.get(i) - from) * (values.get(i) - values.get(i - 1)));
        }

        /** Whether {@code of} was faster at the first value: its crossing, if any, is where it stops. */
        public boolean wonFirst() {
            return ratios.get(0) < 1;
        }

        /** The first value on the other side of 1 from the one before, or -1. */
        private int crossing() {
            for (int i = 1; i < values.size(); i++) {
                if (ratios.get(i) < 1 != ratios.get(i - 1) < 1) {
                    return i;
                }
            }
            return -1;
        }

        public String valueLabel(int value) {
            return dimension.equals(LOSS) ? value + " % loss" : Condition.bandwidthLabel(value);
        }

        /**
         * One line: where the ratio reached 1 along the series, or that it never did, with the ratios at both ends;
         * then the points whose 95 % interval spans 1, where these loads name no winner.
         */
        public String statement() {
            List<String> open = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                if (intervals.get(i).known() && !intervals.get(i).decided()) {
                    open.add(valueLabel(values.get(i)) + " (" + intervals.get(i).label() + ")");
                }
            }
            return crossingStatement() + (open.isEmpty() ? ""
                    : " No winner at " + String.join(", ", open) + ": the 95 % interval spans 1.");
        }

        private String crossingStatement() {
            String ends = String.format(Locale.ROOT, "%s %.2f at %s, %.2f at %s", pair.label(), ratios.get(0),
                    valueLabel(values.get(0)), ratios.get(ratios.size() - 1), valueLabel(values.get(values.size() - 1)));
            String of = pair.of().label();
            String against = pair.against().label();
            return crossover()
                    .map(where -> label() + ": " + of + (wonFirst() ? " stops" : " starts") + " beating " + against
                            + " " + where + " (" + ends + ").")
                    .orElse(label() + ": no crossover in the range measured, " + of + (wonFirst() ? " beat " + against
                            + " at every point" : " was no faster than " + against + " at any point") + " (" + ends + ").");
        }

        /** What is fixed along the series, for people. */
        public String label() {
            return dimension.equals(LOSS)
                    ? String.format(Locale.ROOT, "RTT %d ms, %s, %s images, %s", fixed.rttMillis(),
                            Condition.bandwidthLabel(fixed.bandwidthMbps()), fixed.size().parameter(), fixed.congestionControl().label())
                    : String.format(Locale.ROOT, "RTT %d ms, %d %% loss, %s images, %s", fixed.rttMillis(), fixed.lossPercent(),
                            fixed.size().parameter(), fixed.congestionControl().label());
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
        return ratio(new Pair(Door.HTTP_2_TLS, against), condition);
    }

    /** The pair's ratio of medians under one condition, where both were measured. */
    public Optional<Double> ratio(Pair pair, Condition condition) {
        return cell(pair.of(), condition).flatMap(of -> cell(pair.against(), condition).map(against -> of.median() / against.median()));
    }

    /** The pair's ratio of medians with its 95 % interval (a bootstrap over both cells' loads), where both were measured. */
    public Optional<RatioInterval> interval(Pair pair, Condition condition) {
        return cell(pair.of(), condition).flatMap(of -> cell(pair.against(), condition)
                .map(against -> RatioInterval.bootstrap(of.loadMillis(), against.loadMillis())));
    }

    /** The comparison's pairs this tool measured both sides of, under some condition. */
    public List<Pair> pairs() {
        return Pair.ALL.stream().filter(pair -> conditions().stream().anyMatch(c -> ratio(pair, c).isPresent())).toList();
    }

    /**
     * Each pair's ratio against loss, one series per round trip (above 0), link rate, size and congestion
     * control with two losses or more.
     */
    public List<Series> lossSeries() {
        return series(LOSS, Condition::lossPercent, c -> List.of(c.rttMillis(), c.bandwidthMbps(), c.size().ordinal(),
                c.congestionControl().ordinal()));
    }

    /** Each pair's ratio from no rate limit down to the slowest link, one series per round trip, loss, size and congestion control. */
    public List<Series> bandwidthSeries() {
        return series(BANDWIDTH, c -> Condition.bandwidthRank(c.bandwidthMbps()),
                c -> List.of(c.rttMillis(), c.lossPercent(), c.size().ordinal(), c.congestionControl().ordinal()));
    }

    private List<Series> series(String dimension, ToIntFunction<Condition> order, Function<Condition, List<Integer>> fixed) {
        List<Series> all = new ArrayList<>();
        for (Pair pair : pairs()) {
            Map<List<Integer>, List<Condition>> groups = conditions().stream()
                    .filter(c -> c.rttMillis() > 0 && ratio(pair, c).isPresent())
                    .collect(Collectors.groupingBy(fixed, LinkedHashMap::new, Collectors.toList()));
            for (List<Condition> group : groups.values()) {
                if (group.size() < 2) {
                    continue;
                }
                List<Condition> sorted = group.stream().sorted(Comparator.comparingInt(order)).toList();
                all.add(new Series(pair, dimension, sorted.get(0),
                        sorted.stream().map(c -> dimension.equals(LOSS) ? c.lossPercent() : c.bandwidthMbps()).toList(),
                        sorted.stream().map(c -> ratio(pair, c).orElseThrow()).toList(),
                        sorted.stream().map(c -> interval(pair, c).orElseThrow()).toList()));
            }
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
        if (results.imageCount() == 1) {
            for (Condition condition : conditions()) {
                ratio(CONTROL, condition).filter(ratio -> condition.rttMillis() > 0 && (ratio < CONTROL_LOW || ratio > CONTROL_HIGH))
                        .ifPresent(ratio -> problems.add(String.format(Locale.ROOT, "%s: the control (one image) at %s has"
                                + " h3/h2 = %.2f, outside %.2f to %.2f: the TCP model is not fair to one side", tool,
                                condition.label(), ratio, CONTROL_LOW, CONTROL_HIGH)));
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
