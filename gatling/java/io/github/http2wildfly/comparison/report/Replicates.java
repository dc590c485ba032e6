package io.github.http2wildfly.comparison.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Environment;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.Spread;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One question asked of every recorded run (docs/results): runs are the replicate, as JMH's forks are and as Georges et
 * al. (OOPSLA 2007) and Kalibera &amp; Jones (ISMM 2013) ask, because what changes between two runs (the machine's day,
 * the browser's speed) is larger than what changes between two rounds of one. Each run gives, for the browser unlimited
 * and for each CPU budget it loaded, one point: the mean of its rounds' log ratios at the question's condition and
 * that mean's variance, the seconds the one door saved against the other, and the client's speed measured in the same
 * run: its loads of the page on loopback, where the time is the browser's and the server's work and no network's.
 *
 * <p>A run that kept its loads (DATE-GRID.json) is read from them. An older run is read from its record's table
 * (DATE-GRID.md) by its summary: the ratio's interval, at the confidence its looks give, and its loads; a record is
 * left out only by this rule: a table that does not state its looks or its loads (records before 2026-11-26) cannot
 * give an error, and a section without the loopback row no speed. A run on stock Undertow (-Pstock: its environment
 * says so) answers for another server and is left out.
 *
 * @param tool the tool's name in run.json and its record's section (chromium, firefox, gatling)
 * @param of the door whose time is divided
 * @param against the door it is divided by
 * @param rttMillis the round trip the question is asked at
 * @param imageCount images on the page
 */
public record Replicates(String tool, Door of, Door against, int rttMillis, int imageCount) {

    /** The headline question: Chromium, the 500 logos at a round trip of 50 ms, h2 / h1-TLS. */
    public static final Replicates HEADLINE = new Replicates("chromium", Door.HTTP_2_TLS, Door.HTTP_1_1_TLS, 50, 500);

    /**
     * One run's answer under one CPU budget.
     *
     * @param name the record's name (DATE-GRID)
     * @param budget "unlimited" or the browser's CPU budget ("0.5 cores")
     * @param meanLog the mean of its rounds' log ratios; {@code variance} that mean's
     * @param loopbackSeconds the median of its loads of {@code of}'s door on loopback: the client's speed
     * @param savedSeconds how much less {@code of} took than {@code against}, the mean over rounds; {@code savedVariance}
     *     that mean's variance
     * @param fromLoads whether it was read from its loads (else from its record's summary)
     * @param seed the seed its orders were drawn from, where recorded
     * @param orders the rounds' log ratios less the run's mean, and whether {@code of} led in that round (else empty)
     */
    public record Run(String name, String budget, double meanLog, double variance, int rounds, double loopbackSeconds,
            double savedSeconds, double savedVariance, boolean fromLoads, String seed, List<Led> orders) {

        public double low(double confidence) {
            return meanLog - TDistribution.of(rounds - 1).inverseSurvivalProbability((1 - confidence) / 2) * Math.sqrt(variance);
        }

        public double high(double confidence) {
            return 2 * meanLog - low(confidence);
        }

        /** "2026-11-26-default" or "2026-11-26-default, 0.5 cores". */
        public String label() {
            return budget.equals(UNLIMITED) ? name : name + ", " + budget;
        }
    }

    /** One round's log ratio less its run's mean, and whether the divided door loaded first in it. */
    public record Led(double centredLog, boolean ofFirst) {
    }

    public static final String UNLIMITED = "unlimited";
    private static final Pattern LOOKS = Pattern.compile("looks at \\[([\\d, ]+)]");
    private static final Pattern RATIO = Pattern.compile("^([\\d.]+) \\[([\\d.]+), ([\\d.]+)].*?(?:\\((\\d+) loads\\)|after (\\d+) loads)");
    private static final Pattern BUDGET = Pattern.compile(", client ([\\d.]+ cores?)$");
    private static final Pattern MACHINE_CPUS = Pattern.compile("; CPUs (\\d+[^;]*);");

    /**
     * Records in the order they were made: by name (DATE-GRID), a day's second run of a grid (DATE-GRID-2) after its
     * first (DATE-GRID), which plain sorting puts the other way round.
     */
    public static Comparator<Path> recordedOrder() {
        return RECORDED_ORDER;
    }

    static final Comparator<Path> RECORDED_ORDER = Comparator.comparing(
            (Path file) -> file.getFileName().toString().replaceFirst("(-\\d+)?\\.(json|md)$", ""))
            .thenComparingInt(file -> {
                Matcher n = Pattern.compile("-(\\d+)\\.(json|md)$").matcher(file.getFileName().toString());
                return n.find() ? Integer.parseInt(n.group(1)) : 1;
            });

    /** Every recorded point that answers this question, oldest record first, a record's budgets in its order. */
    public List<Run> runs(Path records) throws IOException {
        List<Run> runs = new ArrayList<>();
        if (!Files.isDirectory(records)) {
            return runs;
        }
        ObjectMapper json = new ObjectMapper();
        List<Path> files;
        try (Stream<Path> listed = Files.list(records)) {
            files = listed.filter(file -> file.toString().endsWith(".json") || file.toString().endsWith(".md")).sorted(RECORDED_ORDER).toList();
        }
        for (Path file : files) {
            String name = file.getFileName().toString().replaceFirst("\\.(json|md)$", "");
            if (file.toString().endsWith(".json")) {
                JsonNode run = json.readTree(file.toFile());
                if (!onStockUndertow(run)) { // stock Undertow is another server: its runs are set beside the curve, not on it
                    runs.addAll(unlimitedAtTheMachinesCores(fromLoads(name, run), machineCores(toolOf(run).path("environment").path("CPUs").asText(""))));
                }
            } else if (!Files.exists(file.resolveSibling(name + ".json"))) {
                String record = Files.readString(file);
                Matcher cpus = MACHINE_CPUS.matcher(String.join("\n", section(record)));
                runs.addAll(unlimitedAtTheMachinesCores(fromSummary(name, record), cpus.find() ? machineCores(cpus.group(1)) : 0));
            }
        }
        return runs;
    }

    /**
     * A CPU budget of as many cores as the machine has is no budget: the browser unlimited again, measured twice on one
     * day (2026-11-26's "2 cores" on a 2-core machine). Such a point is dropped where the run has its unlimited point,
     * and is that point where it has none. {@code cores} 0: the machine's are not known, and every budget stays.
     */
    static List<Run> unlimitedAtTheMachinesCores(List<Run> points, int cores) {
        boolean hasUnlimited = points.stream().anyMatch(run -> run.budget().equals(UNLIMITED));
        List<Run> kept = new ArrayList<>();
        for (Run run : points) {
            if (cores == 0 || run.budget().equals(UNLIMITED) || cores(run) < cores) {
                kept.add(run);
            } else if (!hasUnlimited) {
                kept.add(new Run(run.name(), UNLIMITED, run.meanLog(), run.variance(), run.rounds(), run.loopbackSeconds(),
                        run.savedSeconds(), run.savedVariance(), run.fromLoads(), run.seed(), run.orders()));
                hasUnlimited = true;
            }
        }
        return kept;
    }

    /** "2 (AMD EPYC)": 2; 0 where it names no number. */
    private static int machineCores(String cpus) {
        Matcher number = Pattern.compile("^(\\d+)").matcher(cpus.strip());
        return number.find() ? Integer.parseInt(number.group(1)) : 0;
    }

    private JsonNode toolOf(JsonNode run) {
        for (JsonNode tool : run.path("tools")) {
            if (tool.path("tool").asText().equals(this.tool)) {
                return tool;
            }
        }
        return MissingNode.getInstance();
    }

    /** Whether the run's server said it ran stock Undertow (-Pstock). */
    public boolean onStockUndertow(JsonNode run) {
        return toolOf(run).path("environment").path(Environment.UNDERTOW).asText("").startsWith("stock");
    }

    /** A run that kept its loads: a point for each budget at which it loaded both cells in two rounds or more. */
    List<Run> fromLoads(String name, JsonNode run) {
        List<Run> runs = new ArrayList<>();
        for (JsonNode tool : run.path("tools")) {
            if (!tool.path("tool").asText().equals(this.tool) || tool.path("imageCount").asInt() != imageCount) {
                continue;
            }
            String seed = tool.path("environment").path(Environment.SEED).asText(tool.path("environment").path("seed of the losses").asText(""));
            Map<String, Map<Integer, JsonNode>> ofLoads = loadsByBudget(tool, of, rttMillis);
            Map<String, Map<Integer, JsonNode>> againstLoads = loadsByBudget(tool, against, rttMillis);
            Map<String, Map<Integer, JsonNode>> loopback = loadsByBudget(tool, of, 0);
            ofLoads.forEach((budget, ofRounds) -> {
                Map<Integer, JsonNode> againstRounds = againstLoads.getOrDefault(budget, Map.of());
                List<Integer> rounds = ofRounds.keySet().stream().filter(againstRounds::containsKey).sorted().toList();
                Map<Integer, JsonNode> loopbackRounds = loopback.getOrDefault(budget, Map.of());
                if (rounds.size() < 2 || loopbackRounds.isEmpty()) {
                    return;
                }
                double[] logs = rounds.stream().mapToDouble(round -> Math.log(millis(ofRounds.get(round)) / millis(againstRounds.get(round)))).toArray();
                double[] saved = rounds.stream().mapToDouble(round -> (millis(againstRounds.get(round)) - millis(ofRounds.get(round))) / 1000).toArray();
                double mean = Mean.of(logs).getAsDouble();
                List<Led> orders = new ArrayList<>();
                for (int i = 0; i < rounds.size(); i++) {
                    JsonNode ofLoad = ofRounds.get(rounds.get(i));
                    JsonNode againstLoad = againstRounds.get(rounds.get(i));
                    if (ofLoad.has("position") && againstLoad.has("position")) {
                        orders.add(new Led(logs[i] - mean, ofLoad.path("position").asInt() < againstLoad.path("position").asInt()));
                    }
                }
                double loopbackSeconds = Spread.of(loopbackRounds.values().stream().map(load -> millis(load)).toList()).median() / 1000;
                runs.add(new Run(name, budget, mean, Variance.of(logs).getAsDouble() / logs.length, logs.length, loopbackSeconds,
                        Mean.of(saved).getAsDouble(), Variance.of(saved).getAsDouble() / saved.length, true, seed, List.copyOf(orders)));
            });
        }
        return runs;
    }

    private static double millis(JsonNode load) {
        return load.path("millis").asDouble();
    }

    /**
     * A door's loads at this round trip (no loss, no limit, the logos, the model's receive window), by the browser's
     * budget, then by round: a cell's condition is the question's, or the question's with the budget after it.
     */
    private Map<String, Map<Integer, JsonNode>> loadsByBudget(JsonNode tool, Door door, int rtt) {
        Map<String, Map<Integer, JsonNode>> byBudget = new TreeMap<>(Comparator.comparing((String budget) -> !budget.equals(UNLIMITED))
                .thenComparing(Comparator.reverseOrder()));
        String question = Condition.latency(rtt).label();
        for (JsonNode cell : tool.path("cells")) {
            String condition = cell.path("condition").asText();
            Matcher budget = BUDGET.matcher(condition.substring(Math.min(question.length(), condition.length())));
            if (cell.path("door").asText().equals(door.label()) && condition.startsWith(question)
                    && (condition.equals(question) || budget.matches())) {
                String key = condition.equals(question) ? UNLIMITED : budget.group(1);
                for (JsonNode load : cell.path("everyLoad")) {
                    byBudget.computeIfAbsent(key, any -> new TreeMap<>()).put(load.path("round").asInt(), load);
                }
            }
        }
        return byBudget;
    }

    /**
     * An older run from its record's section of this tool: for each budget, the row at the question's round trip
     * (the ratio's interval and loads) and the row on loopback (the door's median); empty where the rule leaves it out.
     */
    List<Run> fromSummary(String name, String record) {
        List<String> section = section(record);
        Optional<String> looks = section.stream().map(LOOKS::matcher).filter(Matcher::find).map(m -> m.group(1)).findFirst();
        if (looks.isEmpty() || section.stream().noneMatch(line -> line.contains("images per page " + imageCount + ";"))) {
            return List.of();
        }
        double confidence = 1 - StoppingRule.FALSE_WINNER_RATE / looks.get().split(",").length;
        List<String> header = section.stream().filter(line -> line.startsWith("| RTT")).findFirst().map(Replicates::columns).orElse(List.of());
        int ofColumn = header.indexOf(of.label());
        int againstColumn = header.indexOf(against.label());
        int ratioColumn = header.indexOf(new Pair(of, against).label());
        if (ofColumn < 0 || againstColumn < 0 || ratioColumn < 0) {
            return List.of();
        }
        Map<String, List<String>> rows = new TreeMap<>();
        section.stream().filter(line -> line.startsWith("| ") && !line.startsWith("| RTT")).map(Replicates::columns)
                .filter(row -> row.size() == header.size()).forEach(row -> rows.putIfAbsent(row.get(0), row));
        List<Run> runs = new ArrayList<>();
        for (String label : rows.keySet().stream().filter(label -> label.startsWith(Condition.latency(rttMillis).label())).toList()) {
            String suffix = label.substring(Condition.latency(rttMillis).label().length());
            Matcher ratio = RATIO.matcher(rows.get(label).get(ratioColumn));
            List<String> loopback = rows.get(Condition.latency(0).label() + suffix);
            Matcher budget = BUDGET.matcher(suffix);
            if (!ratio.find() || loopback == null || !(suffix.isEmpty() || budget.matches())) {
                continue;
            }
            int loads = Integer.parseInt(ratio.group(4) != null ? ratio.group(4) : ratio.group(5));
            double low = Math.log(Double.parseDouble(ratio.group(2)));
            double high = Math.log(Double.parseDouble(ratio.group(3)));
            double error = (high - low) / 2 / TDistribution.of(loads - 1).inverseSurvivalProbability((1 - confidence) / 2);
            double ofMillis = number(rows.get(label).get(ofColumn));
            double againstMillis = number(rows.get(label).get(againstColumn));
            // the seconds saved from the medians, their error from the ratio's (the delta method, the slower door held)
            double savedError = ofMillis / 1000 * error;
            runs.add(new Run(name, suffix.isEmpty() ? UNLIMITED : budget.group(1), (low + high) / 2, error * error, loads,
                    number(loopback.get(ofColumn)) / 1000, (againstMillis - ofMillis) / 1000, savedError * savedError, false, "", List.of()));
        }
        runs.sort(Comparator.comparing((Run run) -> !run.budget().equals(UNLIMITED)).thenComparing(run -> -cores(run)));
        return runs;
    }

    private static double cores(Run run) {
        return run.budget().equals(UNLIMITED) ? Double.MAX_VALUE : Double.parseDouble(run.budget().replaceFirst(" cores?$", ""));
    }

    /** The lines of the record's section of this tool ("## chromium"), up to the next section. */
    private List<String> section(String record) {
        List<String> lines = Arrays.asList(record.split("\n"));
        int start = lines.indexOf("## " + tool);
        if (start < 0) {
            return List.of();
        }
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        return lines.subList(start + 1, end);
    }

    private static List<String> columns(String row) {
        return Arrays.stream(row.substring(1, row.lastIndexOf('|')).split("\\|")).map(String::strip).toList();
    }

    private static double number(String cell) {
        return Double.parseDouble(cell.replace(",", ""));
    }

    /** The question in words: "h2 / h1-TLS, Chromium, 500 logos at 50 ms". */
    public String describe() {
        return String.format(Locale.ROOT, "%s, %s, %d logos at %d ms", new Pair(of, against).label(),
                Character.toUpperCase(tool.charAt(0)) + tool.substring(1), imageCount, rttMillis);
    }
}
