package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.emulation.Emulation;
import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.OrderEffect;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.measure.statistics.Verdict;
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
    /** Our timing and the tool's own may differ by scheduling, not by more. */
    static final double TOOL_AGREEMENT = 0.05;
    static final double TOOL_AGREEMENT_MILLIS = 10;
    /**
     * A browser under a CPU budget may seem to use a little more per second of load than the budget: its CPU is counted
     * from before the navigation to the page's report, a little longer than the load. Half again more is a limit that
     * did not hold.
     */
    static final double CPU_LIMIT_SLACK = 1.5;
    /**
     * The control (-Dcomparison.grid=control): one image alone has no head-of-line blocking to spare HTTP/3,
     * so under a fair model of TCP h3 / h2 stays this close to 1 at every loss.
     */
    static final double CONTROL_LOW = 0.8;
    static final double CONTROL_HIGH = 1.25;
    static final Pair CONTROL = new Pair(Door.HTTP_3, Door.HTTP_2_TLS);

    /**
     * A pair's verdicts along one dimension of the grid (loss, link rate from none to the slowest, or the client's CPU
     * from unlimited to the smallest budget), the others fixed; {@code fixed} is one condition of the series, for its label.
     */
    public record Series(Pair pair, String dimension, Condition fixed, List<Integer> values, List<Verdict> verdicts) {

        public List<Double> ratios() {
            return verdicts.stream().map(Verdict::ratio).toList();
        }

        /**
         * Where {@code of} stops being faster (or starts): between the last value where it was decided faster (or
         * slower) and the next value where the loads decided otherwise; empty where no decided verdict changes.
         */
        public Optional<String> crossover() {
            int[] at = crossing();
            return at.length == 0 ? Optional.empty()
                    : Optional.of("between " + valueLabel(values.get(at[0])) + " and " + valueLabel(values.get(at[1])));
        }

        /** For loss: where a straight line between the ratios on either side of the crossing reaches 1. */
        public OptionalDouble crossingLoss() {
            int[] at = crossing();
            if (!dimension.equals(LOSS) || at.length == 0) {
                return OptionalDouble.empty();
            }
            double from = ratios().get(at[0]);
            return OptionalDouble.of(values.get(at[0]) + (1 - from) / (ratios().get(at[1]) - from) * (values.get(at[1]) - values.get(at[0])));
        }

        /** Whether {@code of} was decided faster at the first value: its crossing, if any, is where it stops. */
        public boolean wonFirst() {
            return verdicts.get(0).kind() == Verdict.Kind.FASTER;
        }

        /**
         * The last decided value and the first after it whose decided verdict differs (undecided values between them
         * skipped), or nothing.
         */
        private int[] crossing() {
            int last = -1;
            for (int i = 0; i < values.size(); i++) {
                if (!verdicts.get(i).decided()) {
                    continue;
                }
                if (last >= 0 && verdicts.get(i).kind() != verdicts.get(last).kind()) {
                    return new int[] {last, i};
                }
                last = i;
            }
            return new int[0];
        }

        public String valueLabel(int value) {
            return switch (dimension) {
                case LOSS -> value + " % loss";
                case BANDWIDTH -> Condition.bandwidthLabel(value);
                default -> Condition.cpuLabel(value);
            };
        }

        /** One line: the verdict at each value, with its ratio, interval and loads, and where it changed. */
        public String statement() {
            String of = pair.of().label();
            String against = pair.against().label();
            List<String> points = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                Verdict verdict = verdicts.get(i);
                points.add(valueLabel(values.get(i)) + ": " + verdict.say(of, against) + " " + verdict.label());
            }
            String change = crossover().map(where -> " The verdict changes " + where + ".").orElse("");
            return label() + ", " + pair.label() + ": " + String.join("; ", points) + "." + change;
        }

        /** What is fixed along the series, for people. */
        public String label() {
            String client = (fixed.clientMillicores() == 0 || dimension.equals(CPU) ? "" : ", client " + Condition.cpuLabel(fixed.clientMillicores()))
                    + (fixed.receiveWindow() ? "" : ", no receive window");
            return switch (dimension) {
                case LOSS -> String.format(Locale.ROOT, "RTT %d ms, %s, %s images, %s", fixed.rttMillis(),
                        Condition.bandwidthLabel(fixed.bandwidthMbps()), fixed.size().parameter(), fixed.congestionControl().label());
                case BANDWIDTH -> String.format(Locale.ROOT, "RTT %d ms, %d %% loss, %s images, %s", fixed.rttMillis(), fixed.lossPercent(),
                        fixed.size().parameter(), fixed.congestionControl().label());
                default -> String.format(Locale.ROOT, "RTT %d ms, %d %% loss, %s, %s images, %s", fixed.rttMillis(), fixed.lossPercent(),
                        Condition.bandwidthLabel(fixed.bandwidthMbps()), fixed.size().parameter(), fixed.congestionControl().label());
            } + client;
        }
    }

    static final String LOSS = "loss";
    static final String BANDWIDTH = "bandwidth";
    static final String CPU = "cpu";

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

    /** The pair's ratio (the geometric mean of its rounds' ratios) under one condition, where both were measured. */
    public Optional<Double> ratio(Pair pair, Condition condition) {
        return verdict(pair, condition).map(Verdict::ratio);
    }

    /**
     * What the pair's paired loads decided under one condition, replaying the rule the run loaded by (its
     * {@link StoppingRule}; results without one had a fixed number of loads, looked at once), where both were measured.
     */
    public Optional<Verdict> verdict(Pair pair, Condition condition) {
        return cell(pair.of(), condition).flatMap(of -> cell(pair.against(), condition).map(against -> {
            double[] logRatios = of.logRatiosAgainst(against);
            return rule(logRatios.length).verdict(logRatios);
        }));
    }

    /** What loading first in its round did to the pair's ratio (OrderEffect), at 95 %; empty without positions or rounds of both orders. */
    public Optional<OrderEffect> orderEffect(Pair pair, Condition condition) {
        return cell(pair.of(), condition).flatMap(of -> cell(pair.against(), condition).flatMap(against -> {
            double[][] byOrder = of.logRatiosByOrder(against);
            return OrderEffect.of(byOrder[0], byOrder[1], 0.95);
        }));
    }

    /**
     * The verdict for people; without a network (RTT 0) it is said with what it rests on: the page is CPU-bound on
     * loopback, and its cells get the first look's loads only (no pair there asks for more).
     */
    static String verdictText(Pair pair, Condition condition, Verdict verdict) {
        return shortVerdict(pair.of().label(), pair.against().label(), condition, verdict);
    }

    /** As {@link #verdictText}, the doors named as the caller names them ("h2", "h1-TLS" in the records' tables). */
    static String shortVerdict(String of, String against, Condition condition, Verdict verdict) {
        return verdict.say(of, against) + (condition.rttMillis() == 0 ? " on loopback, CPU-bound: the client's speed, not judged" : "");
    }

    /** The rule the run loaded by, or for results without one, one look at all {@code loads}. */
    StoppingRule rule(int loads) {
        return results.rule() != null ? results.rule() : new StoppingRule(Math.max(1, loads), Math.max(1, loads), 0.05);
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
                c.congestionControl().ordinal(), c.clientMillicores(), c.receiveWindow() ? 1 : 0));
    }

    /** Each pair's ratio from no rate limit down to the slowest link, one series per round trip, loss, size and congestion control. */
    public List<Series> bandwidthSeries() {
        return series(BANDWIDTH, c -> Condition.bandwidthRank(c.bandwidthMbps()),
                c -> List.of(c.rttMillis(), c.lossPercent(), c.size().ordinal(), c.congestionControl().ordinal(), c.clientMillicores(),
                        c.receiveWindow() ? 1 : 0));
    }

    /** Each pair's ratio from the browser's CPU unlimited down to the smallest budget, one series per network and size. */
    public List<Series> cpuSeries() {
        return series(CPU, c -> Condition.cpuRank(c.clientMillicores()),
                c -> List.of(c.rttMillis(), c.lossPercent(), c.bandwidthMbps(), c.size().ordinal(), c.congestionControl().ordinal(),
                        c.receiveWindow() ? 1 : 0));
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
                        sorted.stream().map(c -> switch (dimension) {
                            case LOSS -> c.lossPercent();
                            case BANDWIDTH -> c.bandwidthMbps();
                            default -> c.clientMillicores();
                        }).toList(),
                        sorted.stream().map(c -> verdict(pair, c).orElseThrow()).toList()));
            }
        }
        return all;
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
            if (cell.condition().clientMillicores() > 0 && cell.cpuCounted()) {
                double cores = cell.browserCpuMillis() / cell.loadMillis().stream().mapToDouble(Double::doubleValue).sum();
                if (cores > CPU_LIMIT_SLACK * cell.condition().clientMillicores() / 1000) {
                    problems.add(String.format(Locale.ROOT, "%s: the browser used %.2f cores while it loaded, over its budget of %s:"
                            + " the CPU limit did not hold", where, cores, Condition.cpuLabel(cell.condition().clientMillicores())));
                }
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
            if (!Emulation.isCalibrated(setting, calibration.getValue())) {
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
            Pair article = new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS);
            verdict(article, Condition.latency(largest)).filter(verdict -> largest > 0 && verdict.kind() != Verdict.Kind.FASTER)
                    .ifPresent(verdict -> problems.add(String.format(Locale.ROOT, "%s: at %d ms RTT HTTP/2 was not shown faster than"
                            + " HTTP/1.1 over TLS (h2 / h1-TLS %s: %s)", tool, largest, verdict.label(),
                            verdict.say(article.of().label(), article.against().label()))));
        }
        return problems;
    }
}
