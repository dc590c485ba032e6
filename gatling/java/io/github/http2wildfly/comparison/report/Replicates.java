package io.github.http2wildfly.comparison.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.measurement.ComparisonRun;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One question asked of every recorded run (docs/results/*.json, each a run's run.json): runs are the replicate, as
 * JMH's forks are and as Georges et al. (OOPSLA 2007) and Kalibera &amp; Jones (ISMM 2013) ask, because what changes
 * between two runs (the machine's day, the browser's speed) is larger than what changes between two rounds of one.
 *
 * <p>Each run gives the mean of its rounds' log ratios and that mean's variance (its paired rounds, as the verdicts
 * use them). The runs are combined as a random-effects meta-analysis: the between-run variance by DerSimonian and
 * Laird, the interval by Hartung and Knapp (Student's t on the runs, k - 1 degrees of freedom), never narrower than
 * the runs' own loads allow (the "modified" variant): with two runs the interval is wide unless they agree, which is
 * what two runs can say. The latest run is checked against the others: where their intervals do not meet, it is
 * flagged, with the measured client speed as the explanation where the two differ by a fifth or more, else
 * "unexplained".
 *
 * @param tool the tool's name in run.json (chromium, firefox, gatling)
 * @param of the door whose time is divided
 * @param against the door it is divided by
 * @param condition the condition's label in run.json (Condition.label())
 * @param imageCount images on the page
 */
public record Replicates(String tool, Door of, Door against, String condition, int imageCount) {

    /** The headline question: Chromium, the 500 logos at a round trip of 50 ms, browser unlimited, h2 / h1-TLS. */
    public static final Replicates HEADLINE = new Replicates("chromium", Door.HTTP_2_TLS, Door.HTTP_1_1_TLS,
            Condition.latency(50).label(), 500);

    private static final double CONFIDENCE = 0.95;
    private static final double SPEED_DIFFERENCE = 0.2;
    private static final Pattern SPEED = Pattern.compile("a fixed script task in (\\d+) ms");

    /** One run's answer: the mean of its rounds' log ratios, that mean's variance, its rounds, and the browser's speed. */
    public record Run(String name, double meanLog, double variance, int rounds, OptionalDouble clientSpeedMillis) {

        double low() {
            return meanLog - TDistribution.of(rounds - 1).inverseSurvivalProbability((1 - CONFIDENCE) / 2) * Math.sqrt(variance);
        }

        double high() {
            return 2 * meanLog - low();
        }
    }

    /**
     * The runs combined.
     *
     * @param betweenRunSd the between-run standard deviation of the log ratio (DerSimonian–Laird), 0 where the runs
     * agree within their own loads
     * @param flag empty, or why the latest run disagrees with the ones before it
     */
    public record Combined(List<Run> runs, double ratio, double low, double high, double betweenRunSd, String flag) {

        /** The smallest difference, in percent either way, these runs can tell from none: the interval's half-width. */
        public double resolutionPercent() {
            return 100 * (Math.sqrt(high / low) - 1);
        }

        public String describe() {
            return String.format(Locale.ROOT, "%.2f [%.2f, %.2f] over %d runs (between runs: %.0f %%; they tell a difference of %.0f %% or more)",
                    ratio, low, high, runs.size(), 100 * (Math.exp(betweenRunSd) - 1), resolutionPercent());
        }
    }

    /**
     * Records in the order they were made: by name (DATE-GRID), a day's second run of a grid (DATE-GRID-2) after its
     * first (DATE-GRID), which plain sorting puts the other way round.
     */
    static final java.util.Comparator<Path> RECORDED_ORDER = java.util.Comparator.comparing(
            (Path file) -> file.getFileName().toString().replaceFirst("(-\\d+)?\\.(json|md)$", ""))
            .thenComparingInt(file -> {
                Matcher n = Pattern.compile("-(\\d+)\\.(json|md)$").matcher(file.getFileName().toString());
                return n.find() ? Integer.parseInt(n.group(1)) : 1;
            });

    /** Every recorded run that answers this question, oldest first. */
    public List<Run> runs(Path records) throws IOException {
        List<Run> runs = new ArrayList<>();
        if (!Files.isDirectory(records)) {
            return runs;
        }
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(records)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted(RECORDED_ORDER).toList()) {
                answer(file.getFileName().toString().replaceFirst("\\.json$", ""), json.readTree(file.toFile())).ifPresent(runs::add);
            }
        }
        return runs;
    }

    /** This run's answer, where it loaded both cells in two rounds or more. */
    Optional<Run> answer(String name, JsonNode run) {
        for (JsonNode tool : run.path("tools")) {
            if (!tool.path("tool").asText().equals(this.tool) || tool.path("imageCount").asInt() != imageCount) {
                continue;
            }
            Map<Integer, Double> ofLoads = loads(tool, of);
            Map<Integer, Double> againstLoads = loads(tool, against);
            List<Double> logs = new ArrayList<>();
            ofLoads.forEach((round, millis) -> {
                Double other = againstLoads.get(round);
                if (other != null) {
                    logs.add(Math.log(millis / other));
                }
            });
            if (logs.size() < 2) {
                return Optional.empty();
            }
            double[] values = logs.stream().mapToDouble(Double::doubleValue).toArray();
            return Optional.of(new Run(name, Mean.of(values).getAsDouble(), Variance.of(values).getAsDouble() / values.length,
                    values.length, clientSpeed(tool.path("environment").path(ComparisonRun.CLIENT_SPEED).asText(""))));
        }
        return Optional.empty();
    }

    /** The cell's loads by round; a cell with a CPU budget is another question. */
    private Map<Integer, Double> loads(JsonNode tool, Door door) {
        Map<Integer, Double> byRound = new HashMap<>();
        for (JsonNode cell : tool.path("cells")) {
            if (cell.path("door").asText().equals(door.label()) && cell.path("condition").asText().equals(condition)
                    && cell.path("clientCores").isNull()) {
                for (JsonNode load : cell.path("everyLoad")) {
                    byRound.put(load.path("round").asInt(), load.path("millis").asDouble());
                }
            }
        }
        return byRound;
    }

    /** The browser's speed when the leg started (ClientSpeed: a fixed script task), where the run measured it. */
    static OptionalDouble clientSpeed(String described) {
        Matcher speed = SPEED.matcher(described);
        return speed.find() ? OptionalDouble.of(Double.parseDouble(speed.group(1))) : OptionalDouble.empty();
    }

    /** The runs combined, or empty under two runs. */
    public Optional<Combined> combine(List<Run> runs) {
        if (runs.size() < 2) {
            return Optional.empty();
        }
        int k = runs.size();
        double[] w = runs.stream().mapToDouble(run -> 1 / run.variance()).toArray();
        double sumW = 0;
        double fixed = 0;
        for (int i = 0; i < k; i++) {
            sumW += w[i];
            fixed += w[i] * runs.get(i).meanLog();
        }
        fixed /= sumW;
        double q = 0;
        double sumW2 = 0;
        for (int i = 0; i < k; i++) {
            q += w[i] * Math.pow(runs.get(i).meanLog() - fixed, 2);
            sumW2 += w[i] * w[i];
        }
        double tau2 = Math.max(0, (q - (k - 1)) / (sumW - sumW2 / sumW));
        double sumStar = 0;
        double mean = 0;
        double[] star = new double[k];
        for (int i = 0; i < k; i++) {
            star[i] = 1 / (runs.get(i).variance() + tau2);
            sumStar += star[i];
            mean += star[i] * runs.get(i).meanLog();
        }
        mean /= sumStar;
        double spread = 0;
        for (int i = 0; i < k; i++) {
            spread += star[i] * Math.pow(runs.get(i).meanLog() - mean, 2);
        }
        double variance = Math.max(spread / ((k - 1) * sumStar), 1 / sumStar);
        double half = TDistribution.of(k - 1).inverseSurvivalProbability((1 - CONFIDENCE) / 2) * Math.sqrt(variance);
        return Optional.of(new Combined(List.copyOf(runs), Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half),
                Math.sqrt(tau2), flag(runs)));
    }

    /** Why the latest run disagrees with those before it (their intervals do not meet), or empty. */
    private String flag(List<Run> runs) {
        Run latest = runs.get(runs.size() - 1);
        List<Run> before = runs.subList(0, runs.size() - 1);
        double low;
        double high;
        if (before.size() == 1) {
            low = before.get(0).low();
            high = before.get(0).high();
        } else {
            Combined earlier = combine(before).orElseThrow();
            low = Math.log(earlier.low());
            high = Math.log(earlier.high());
        }
        if (latest.low() <= high && low <= latest.high()) {
            return "";
        }
        OptionalDouble speed = latest.clientSpeedMillis();
        double earlierSpeed = before.stream().map(Run::clientSpeedMillis).filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble).average().orElse(Double.NaN);
        String verdict = String.format(Locale.ROOT, "%s (%.2f [%.2f, %.2f]) disagrees with the runs before it (%.2f to %.2f): ",
                latest.name(), Math.exp(latest.meanLog()), Math.exp(latest.low()), Math.exp(latest.high()), Math.exp(low), Math.exp(high));
        if (speed.isPresent() && !Double.isNaN(earlierSpeed) && Math.abs(speed.getAsDouble() / earlierSpeed - 1) >= SPEED_DIFFERENCE) {
            return verdict + String.format(Locale.ROOT, "the client's speed, a fixed task in %.0f ms against %.0f ms", speed.getAsDouble(), earlierSpeed);
        }
        return verdict + "unexplained";
    }
}
