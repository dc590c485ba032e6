package io.github.http2wildfly.comparison.statistics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The calibration of the verdicts, by simulation (seeded: the same figures every run). Two cells are loaded round
 * after round as a run loads them, until {@link StoppingRule} decides, for every rule the grids use; where both cells
 * draw their loads from the same distribution, any winner named is a false one, and at most 5 % of the pairs may get
 * one. The method before it (a bootstrap of medians over three loads each, a winner where its interval excluded 1)
 * fails the same check; and a real difference is found (the power), the loads it took printed beside it.
 */
// An IT for its time, not for a server: half a minute of simulation, in verify rather than on the way to wildfly:run
@Tag("slow") // the verdict rule's calibration, a minute or so: -Pslow runs it
class FalseWinnerRateIT {

    private static final int PAIRS = 4000;
    private static final Path GRIDS = Path.of("gatling/grids");

    /** How one load's time (its logarithm) is drawn: {@code shift} is the log of the true ratio, for cell A only. */
    enum Shape {
        /** Log-normal: log times normal, 10 % spread. */
        NORMAL,
        /** Heavy tails: Student's t with 3 degrees of freedom, 5 % scale. */
        HEAVY_TAILS,
        /** One load in ten 40 % slower (a collection, a busy core): both cells alike. */
        OUTLIERS,
        /** The machine drifts: each round slower or faster than the last (a random walk), both cells of a round alike. */
        DRIFT,
        /** Right-skewed times: 1 s plus an exponential wait of 0.3 s on average. */
        SKEWED;

        double load(SplittableRandom random, double roundEffect) {
            return switch (this) {
                case NORMAL -> 0.1 * random.nextGaussian();
                case HEAVY_TAILS -> 0.05 * studentT3(random);
                case OUTLIERS -> 0.05 * random.nextGaussian() + (random.nextDouble() < 0.1 ? Math.log(1.4) : 0);
                case DRIFT -> roundEffect + 0.05 * random.nextGaussian();
                case SKEWED -> Math.log(1000 + 300 * -Math.log(1 - random.nextDouble()));
            };
        }

        double step(SplittableRandom random) {
            return this == DRIFT ? 0.05 * random.nextGaussian() : 0;
        }

        private static double studentT3(SplittableRandom random) {
            double chi = 0;
            for (int i = 0; i < 3; i++) {
                double z = random.nextGaussian();
                chi += z * z;
            }
            return random.nextGaussian() / Math.sqrt(chi / 3);
        }
    }

    /** How a run orders the cells of its rounds, as seen by one pair. */
    enum Order {
        /** A new random order every round: which of the two leads is a coin toss each time. */
        RANDOM,
        /** ComparisonRun's: a random order every even round, the same reversed in the round after it. */
        COUNTERBALANCED;

        /** Whether the pair's first cell leads in this round, given whether it led in the round before. */
        boolean firstLeads(int round, boolean ledBefore, SplittableRandom random) {
            return this == COUNTERBALANCED && round % 2 == 1 ? !ledBefore : random.nextBoolean();
        }
    }

    /**
     * One pair loaded until the rule decides, with 5 % noise a load, where the load that comes first in its round
     * takes {@code firstPenalty} times as long (a cold cache): the verdict.
     */
    static Verdict loadUntilDecided(StoppingRule rule, Order order, double firstPenalty, SplittableRandom random) {
        boolean[] led = {false};
        return rule.loadUntilDecided(round -> {
            led[0] = order.firstLeads(round, led[0], random);
            double penalty = led[0] ? Math.log(firstPenalty) : -Math.log(firstPenalty);
            return penalty + 0.05 * random.nextGaussian() - 0.05 * random.nextGaussian();
        });
    }

    /** One pair loaded until the rule decides (or its last look): the verdict. */
    static Verdict loadUntilDecided(StoppingRule rule, Shape shape, double ratio, SplittableRandom random) {
        double[] machine = {0};
        return rule.loadUntilDecided(round -> {
            machine[0] += shape.step(random);
            return Math.log(ratio) + shape.load(random, machine[0]) - shape.load(random, machine[0]);
        });
    }

    /** The share of pairs that named a winner, and the loads they took on average. */
    static double[] namedAndLoads(StoppingRule rule, Shape shape, double ratio, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int named = 0;
        long loads = 0;
        for (int i = 0; i < PAIRS; i++) {
            Verdict verdict = loadUntilDecided(rule, shape, ratio, random);
            named += verdict.named() ? 1 : 0;
            loads += verdict.interval().loads();
        }
        return new double[] {(double) named / PAIRS, (double) loads / PAIRS};
    }

    /** Every rule the grids run: each grid's first look and cap, read over the default grid as the build reads them. */
    static Set<StoppingRule> gridRules() throws IOException {
        Properties defaults = ComparisonSettings.read(GRIDS.resolve("default.properties"));
        Set<StoppingRule> rules = new LinkedHashSet<>();
        try (Stream<Path> grids = Files.list(GRIDS)) {
            for (Path grid : grids.sorted().toList()) {
                Properties given = new Properties();
                given.putAll(defaults);
                given.putAll(ComparisonSettings.read(grid));
                rules.add(new StoppingRule(Integer.parseInt(given.getProperty("comparison.loads")),
                        Integer.parseInt(given.getProperty("comparison.loads.max")),
                        Integer.parseInt(given.getProperty("comparison.band")) / 100.0));
            }
        }
        return rules;
    }

    @Test
    void whereTwoCellsDoNotDifferAtMostFivePercentOfPairsNameAWinnerUnderEveryGridsRule() throws IOException {
        List<String> rates = new ArrayList<>();
        for (StoppingRule rule : gridRules()) {
            for (Shape shape : Shape.values()) {
                double[] aa = namedAndLoads(rule, shape, 1, 2015);
                rates.add(String.format(Locale.ROOT, "%d to %d loads, %s: %.1f %% (%.1f loads)", rule.minLoads(), rule.maxLoads(),
                        shape, 100 * aa[0], aa[1]));
                assertTrue(aa[0] <= StoppingRule.FALSE_WINNER_RATE, rates.get(rates.size() - 1));
            }
        }
        System.out.println("False winners: " + String.join("; ", rates));
    }

    /**
     * A load that comes first in its round 20 % slower, between equal cells: with the rounds reversed in turn the
     * penalty cancels and no rule names more than 5 % false winners; left to chance, the order leans the ratio toward
     * whichever cell led more often, and some rule does (the check can fail: it fails for the design before).
     */
    @Test
    void aPenaltyForLoadingFirstNamesNoFalseWinnerWhenTheRoundsAreReversedInTurnButDoesWhenTheOrderIsLeftToChance() throws IOException {
        holdsAndCatches("a 20 % penalty for loading first", "reversed in turn", rule -> namedWithAPenalty(rule, Order.COUNTERBALANCED),
                "order by chance", rule -> namedWithAPenalty(rule, Order.RANDOM));
    }

    /**
     * Cells with differently shaped times: cell A's load one time in ten twice as slow, B's never, each with 5 % or 9 %
     * noise. With A's other loads as fast as B's (the same typical load), at most 5 % of pairs may name either the
     * winner under every grid's rule. With A's other loads 7 % faster, so that the geometric means (the verdicts'
     * estimand) are equal, the rule names A faster in more than 5 % of pairs: a tail of one load in ten that the rounds
     * never drew cannot be told from a real 7 % difference, the limit RealScheduleCalibrationIT states and
     * docs/comparison.md says.
     */
    @Test
    void aCellWithASlowTailButTheSameTypicalLoadIsNamedNeitherWayInMoreThanFivePercentOfPairs() throws IOException {
        for (double noise : new double[] {0.05, 0.09}) {
            holdsAndCatches(String.format(Locale.ROOT, "a slow tail in one cell, %.0f %% noise", 100 * noise),
                    "the same typical load", rule -> namedWithATail(rule, noise, 0),
                    "the same geometric mean", rule -> namedWithATail(rule, noise, -0.1 * Math.log(2)));
        }
    }

    /**
     * Under every grid's rule, the share of pairs that named a winner in a case that must hold (at most 5 %), and in
     * one the check must catch (above 5 % under some rule): a calibration that can fail.
     */
    private static void holdsAndCatches(String what, String holding, ToDoubleFunction<StoppingRule> held, String caught,
            ToDoubleFunction<StoppingRule> catches) throws IOException {
        List<String> rates = new ArrayList<>();
        double worstCaught = 0;
        for (StoppingRule rule : gridRules()) {
            double holds = held.applyAsDouble(rule);
            double fails = catches.applyAsDouble(rule);
            rates.add(String.format(Locale.ROOT, "%d to %d loads: %s %.1f %%, %s %.1f %%", rule.minLoads(), rule.maxLoads(), holding,
                    100 * holds, caught, 100 * fails));
            assertTrue(holds <= StoppingRule.FALSE_WINNER_RATE, what + ": " + rates.get(rates.size() - 1));
            worstCaught = Math.max(worstCaught, fails);
        }
        assertTrue(worstCaught > StoppingRule.FALSE_WINNER_RATE, what + ", " + caught + ": " + rates);
        System.out.println("False winners with " + what + ": " + String.join("; ", rates));
    }

    /** The share of pairs that named a winner between equal cells where the load that comes first is 20 % slower. */
    private static double namedWithAPenalty(StoppingRule rule, Order order) {
        SplittableRandom random = new SplittableRandom(2007);
        int named = 0;
        for (int i = 0; i < PAIRS; i++) {
            named += loadUntilDecided(rule, order, 1.2, random).named() ? 1 : 0;
        }
        return (double) named / PAIRS;
    }

    /** The share of pairs that named a winner where A's loads are one in ten twice as slow, the others {@code shift} apart. */
    private static double namedWithATail(StoppingRule rule, double noise, double shift) {
        SplittableRandom random = new SplittableRandom(99);
        int named = 0;
        for (int i = 0; i < PAIRS; i++) {
            named += rule.loadUntilDecided(round -> {
                double a = shift + (random.nextDouble() < 0.1 ? Math.log(2) : 0) + noise * random.nextGaussian();
                return a - noise * random.nextGaussian();
            }).named() ? 1 : 0;
        }
        return (double) named / PAIRS;
    }

    /**
     * The machines' own loads: every cell of every recorded run (docs/results/*.json, each load kept) with three loads
     * or more; a pair draws one such cell and both its sides from that cell's loads, with replacement (an A/A pair
     * whose times have the shape this project's runs really had, tails and steps included). At most 5 % of pairs may
     * name a winner under every grid's rule.
     */
    @Test
    void loadsResampledFromTheRecordedRunsNameAtMostFivePercentFalseWinners() throws IOException {
        List<double[]> cells = recordedCells(Path.of("docs/results"));
        assertTrue(cells.size() >= 10, "recorded cells with three loads or more: " + cells.size());
        List<String> rates = new ArrayList<>();
        for (StoppingRule rule : gridRules()) {
            SplittableRandom random = new SplittableRandom(1729);
            int named = 0;
            for (int i = 0; i < PAIRS; i++) {
                double[] logs = cells.get(random.nextInt(cells.size()));
                named += rule.loadUntilDecided(round -> logs[random.nextInt(logs.length)] - logs[random.nextInt(logs.length)]).named() ? 1 : 0;
            }
            double rate = (double) named / PAIRS;
            rates.add(String.format(Locale.ROOT, "%d to %d loads: %.1f %%", rule.minLoads(), rule.maxLoads(), 100 * rate));
            assertTrue(rate <= StoppingRule.FALSE_WINNER_RATE, "resampled from " + cells.size() + " recorded cells: " + rates);
        }
        System.out.println("False winners, loads resampled from " + cells.size() + " recorded cells: " + String.join("; ", rates));
    }

    /** Each recorded cell's loads, as log times. */
    static List<double[]> recordedCells(Path records) throws IOException {
        List<double[]> cells = new ArrayList<>();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (Stream<Path> files = Files.list(records)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                for (com.fasterxml.jackson.databind.JsonNode tool : json.readTree(file.toFile()).path("tools")) {
                    for (com.fasterxml.jackson.databind.JsonNode cell : tool.path("cells")) {
                        double[] logs = new double[cell.path("everyLoad").size()];
                        for (int i = 0; i < logs.length; i++) {
                            logs[i] = Math.log(cell.path("everyLoad").get(i).path("millis").asDouble());
                        }
                        if (logs.length >= 3) {
                            cells.add(logs);
                        }
                    }
                }
            }
        }
        return cells;
    }

    @Test
    void theBootstrapOfMediansAtThreeLoadsNamesMoreThanFivePercentFalseWinners() {
        SplittableRandom random = new SplittableRandom(2015);
        int named = 0;
        for (int i = 0; i < PAIRS; i++) {
            double[] a = new double[3];
            double[] b = new double[3];
            for (int load = 0; load < 3; load++) {
                a[load] = Math.exp(Shape.NORMAL.load(random, 0));
                b[load] = Math.exp(Shape.NORMAL.load(random, 0));
            }
            named += bootstrapOfMediansExcludesOne(a, b, random) ? 1 : 0;
        }
        double rate = (double) named / PAIRS;
        assertTrue(rate > StoppingRule.FALSE_WINNER_RATE, "the method before: " + rate);
        System.out.printf(Locale.ROOT, "The bootstrap of medians at 3 loads: %.1f %% false winners%n", 100 * rate);
    }

    @Test
    void aPageTwiceAsFastIsFoundByTheSecondLookAndATenPercentDifferenceMostOfTheTimeWhereTwentyLoadsMayCome() throws IOException {
        List<String> powers = new ArrayList<>();
        for (StoppingRule rule : gridRules()) {
            double[] twice = namedAndLoads(rule, Shape.OUTLIERS, 0.5, 7);
            double[] tenPercent = namedAndLoads(rule, Shape.OUTLIERS, 0.9, 7);
            powers.add(String.format(Locale.ROOT, "%d to %d loads: ratio 0.5 found in %.1f %% (%.1f loads), 0.9 in %.1f %% (%.1f loads)",
                    rule.minLoads(), rule.maxLoads(), 100 * twice[0], twice[1], 100 * tenPercent[0], tenPercent[1]));
            // CI fails where HTTP/2 is not shown faster, so every grid must find a page twice as fast every time
            assertTrue(twice[0] == 1 && twice[1] <= secondLook(rule), powers.get(powers.size() - 1));
            assertTrue(rule.maxLoads() < 10 || tenPercent[0] > 0.5, powers.get(powers.size() - 1));
        }
        System.out.println("Power: " + String.join("; ", powers));
    }

    private static int secondLook(StoppingRule rule) {
        List<Integer> looks = rule.looks();
        return looks.get(Math.min(1, looks.size() - 1));
    }

    /** The method before (RatioInterval.bootstrap until 2026-11-26): percentile bootstrap of the ratio of medians. */
    private static boolean bootstrapOfMediansExcludesOne(double[] of, double[] against, SplittableRandom random) {
        double[] ratios = new double[2000];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = median(resample(of, random)) / median(resample(against, random));
        }
        Arrays.sort(ratios);
        return ratios[(int) Math.ceil(0.975 * (ratios.length - 1))] < 1 || ratios[(int) Math.floor(0.025 * (ratios.length - 1))] > 1;
    }

    private static double[] resample(double[] loads, SplittableRandom random) {
        double[] drawn = new double[loads.length];
        for (int i = 0; i < drawn.length; i++) {
            drawn[i] = loads[random.nextInt(loads.length)];
        }
        return drawn;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

}
