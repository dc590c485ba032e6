package io.github.http2wildfly.comparison.measurement;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.Environment;
import io.github.http2wildfly.comparison.settings.RunRecord;
import io.github.http2wildfly.measure.statistics.Proportion;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The A/A calibration ({@code -Dcomparison.grid=aa}): one cell against itself, as two cells loaded side by side
 * round after round (which first drawn every other round, the other first in the round after) until the {@link StoppingRule} decides, pair after pair. Every
 * winner it names is a false one: the share of pairs that named one is what the verdicts' "at most 5 %" is on this
 * machine, with real loads (FalseWinnerRateIT says the same by simulation). A benchmark, not a test: it writes its
 * record after every pair (target/comparison/aa.md; with comparison.record, docs/results/DATE-aa.md, and the rate pooled
 * over every recorded run of the same question on the results page) and fails nothing.
 */
public final class AaCalibration {

    static final String FILE = "aa.md";
    /** Every load of the run, beside its record (DATE-aa.json beside DATE-aa.md). */
    static final String LOADS = "aa.json";

    private AaCalibration() {
    }

    /** What the pairs decided, and how many pairs the run was asked for. */
    record Outcome(List<Verdict> verdicts, int asked, Duration took) {

        long named() {
            return verdicts.stream().filter(Verdict::named).count();
        }

        long count(Verdict.Kind kind) {
            return verdicts.stream().filter(verdict -> verdict.kind() == kind).count();
        }

        /** The rate of named winners with its exact interval: "1 of 60 (1.7 %, 95 % interval 0.0 to 8.9 %)". */
        String rate() {
            return new Proportion((int) named(), verdicts.size()).toString();
        }

        /** Loads per pair: "median 20, 3 to 20". */
        String loads() {
            int[] loads = verdicts.stream().mapToInt(verdict -> verdict.interval().loads()).sorted().toArray();
            return String.format(Locale.ROOT, "median %d, %d to %d", loads[loads.length / 2], loads[0], loads[loads.length - 1]);
        }
    }

    /** What a recorded run does once its record holds one more pair: the pooled rate on the results page (FalseWinners). */
    public interface Pooling {
        void recordsChanged(Path records) throws IOException;
    }

    /**
     * {@code pairs} A/A pairs of the run's last cell, in {@code browser}; the record written after every pair (a run of
     * hours stopped halfway keeps what it measured), and where it was copied to.
     */
    public static Path run(ComparisonSettings settings, int pairs, ComparisonSettings.Browser browser, RunRecord record, Pooling pooling)
            throws IOException {
        Path file = settings.outputDirectory().resolve(FILE);
        Files.createDirectories(file.getParent());
        Optional<Path> recorded = record.file(LocalDate.now());
        try (ComparisonRun run = new ComparisonRun(settings, true)) {
            Cell cell = run.cells().get(run.cells().size() - 1);
            StoppingRule rule = settings.loading().rule();
            SplittableRandom order = new SplittableRandom(settings.seed());
            List<Verdict> verdicts = new ArrayList<>();
            long started = System.nanoTime();
            try (BrowserEngine engine = BrowserPageLoads.starter(browser, run).start()) {
                System.out.println("A/A: round trips measured (setting -> median ms): " + run.calibrate());
                for (int warmUp = 0; warmUp < settings.loading().warmupLoads(); warmUp++) {
                    BrowserPageLoads.visit(run, engine, cell, warmUp, true);
                }
                Map<String, String> environment = Environment.describe(settings, engine.client());
                environment.put("loads per user", String.format(Locale.ROOT, "each pair loaded until decided, at most %d min of"
                        + " further loads after its first look, as a run's leg (looks at %s)", settings.loading().minutes(), rule.looks()));
                List<Map<String, Object>> loads = new ArrayList<>();
                for (int pair = 0; pair < pairs; pair++) {
                    boolean[] aLed = {false};
                    int thisPair = pair;
                    long pairStarted = System.nanoTime();
                    Verdict verdict = rule.loadUntilDecided(round -> {
                        // as ComparisonRun orders its rounds: drawn every even round, the other first in the round after
                        aLed[0] = round % 2 == 1 ? !aLed[0] : order.nextBoolean();
                        boolean aFirst = aLed[0];
                        double first = BrowserPageLoads.visit(run, engine, cell, round, true).millis();
                        double second = BrowserPageLoads.visit(run, engine, cell, round, true).millis();
                        loads.add(Map.of("pair", thisPair, "round", round, "first", aFirst ? "A" : "A'",
                                "aMillis", aFirst ? first : second, "aPrimeMillis", aFirst ? second : first));
                        return aFirst ? Math.log(first / second) : Math.log(second / first);
                    }, () -> (System.nanoTime() - pairStarted) / 60e9 >= settings.loading().minutes());
                    verdicts.add(verdict);
                    System.out.printf(Locale.ROOT, "A/A pair %d of %d: %s %s%n", pair + 1, pairs, verdict.say("A", "A'"), verdict.label());
                    Outcome outcome = new Outcome(List.copyOf(verdicts), pairs, Duration.ofNanos(System.nanoTime() - started));
                    Files.writeString(file, page(outcome, cell, rule, environment, LocalDate.now(), record.command()));
                    // every load, with its pair, round and place in it, so that any verdict can be recomputed
                    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.resolveSibling(LOADS).toFile(), Map.of("loads", loads));
                    if (recorded.isPresent()) {
                        Files.createDirectories(recorded.get().getParent());
                        Files.copy(file, recorded.get(), StandardCopyOption.REPLACE_EXISTING);
                        Files.copy(file.resolveSibling(LOADS), beside(recorded.get()), StandardCopyOption.REPLACE_EXISTING);
                        pooling.recordsChanged(recorded.get().getParent());
                    }
                }
            }
            System.out.println("A/A calibration: " + new Outcome(verdicts, pairs, Duration.ZERO).rate() + " named a winner");
            return recorded.orElse(file);
        }
    }

    private static Path beside(Path record) {
        return record.resolveSibling(record.getFileName().toString().replaceFirst("\\.md$", ".json"));
    }

    static String page(Outcome outcome, Cell cell, StoppingRule rule, Map<String, String> environment, LocalDate date, String command) {
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# The A/A calibration of %s%n%nA record written by the run."
                + " Command: `%s`. One cell against itself: %d pairs%s of %s, each pair two cells of the same door loaded side by"
                + " side round after round (which one first drawn every other round, the other first in the round after) until the rule decided: loads %d to %d, looks at %s,"
                + " level within %.0f %%, each look's interval at %.1f %% (docs/comparison.md). Every winner named is a false one.%n%n",
                date, command, outcome.verdicts().size(),
                outcome.verdicts().size() < outcome.asked() ? " (of " + outcome.asked() + " asked for)" : "", cell.label(), rule.minLoads(), rule.maxLoads(), rule.looks(),
                rule.band() * 100, rule.confidence() * 100));
        md.append("Machine and run: ").append(String.join("; ", environment.entrySet().stream()
                .map(entry -> entry.getKey() + " " + entry.getValue()).toList())).append(".\n\n");
        md.append("| named a winner | level | undecided | loads per pair | minutes |\n|---|---|---|---|---|\n");
        md.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %.1f |%n", outcome.rate(), outcome.count(Verdict.Kind.LEVEL),
                outcome.count(Verdict.Kind.UNDECIDED), outcome.loads(), outcome.took().toSeconds() / 60.0));
        md.append("\nEach pair's verdict, A / A': ");
        md.append(String.join("; ", outcome.verdicts().stream().map(verdict -> verdict.label() + " " + verdict.say("A", "A'")).toList()));
        return md.append(".\n").toString();
    }
}
