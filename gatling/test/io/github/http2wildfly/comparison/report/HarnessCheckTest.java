package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.measurement.CellResult;
import io.github.http2wildfly.comparison.measurement.ToolResults;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.page.ImageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HarnessCheckTest {

    /** As many as a headline run loads (3 to 5). */
    private static final int ROUNDS = 5;
    private static final int RUNS = 2000;

    /**
     * The harness 20 % slower on every HTTP/2 load, in rounds a busy machine slows by up to a half, alike for both legs
     * of a round, and mostly their CPU-bound HTTP/2 loads (a latency-bound HTTP/1.1 load a fifth as much): each leg's own
     * interval is wide, and the two meet (the old check's "agree"); paired round by round the machine's stretch cancels,
     * and the harness is caught, at 50 ms and on loopback.
     */
    @Test
    void aHarnessTwentyPercentSlowerOnHttp2IsCaughtRoundByRoundWhereTheLegsIntervalsMeet() {
        List<Comparison> legs = legs(1.2, new SplittableRandom(20));
        Comparison harness = legs.get(0);
        Comparison probe = legs.get(1);
        Pair pair = new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS);
        Condition at50 = Condition.latency(50);
        assertTrue(harness.verdict(pair, at50).orElseThrow().interval().overlaps(probe.verdict(pair, at50).orElseThrow().interval()),
                "the legs' own intervals meet");
        HarnessCheck.Paired paired = HarnessCheck.paired(harness, probe, pair, at50);
        assertEquals(1.2, paired.atNetwork().orElseThrow().ratio(), 0.04);
        assertTrue(paired.atNetwork().orElseThrow().excludesOne(), paired.atNetwork().orElseThrow().label());
        assertEquals(1.2, paired.onLoopback().orElseThrow().ratio(), 0.04);
        String line = HarnessCheck.lines(legs).get(0);
        assertTrue(line.endsWith("they differ: the harness changes what it measures"), line);
        assertTrue(line.contains("(" + ROUNDS + " rounds)"), line);
    }

    /** Over many runs of the same shape: a harness that adds nothing is called different in at most 5 % of them. */
    @Test
    void aHarnessThatAddsNothingIsCalledDifferentInAtMostOneRunInTwenty() {
        long called = calledDifferent(1.0, new SplittableRandom(21));
        assertTrue(called <= 0.055 * RUNS, called + " of " + RUNS + " runs called a harness that adds nothing different");
    }

    /** And one 20 % off is caught in nearly every run. */
    @Test
    void aHarnessTwentyPercentOffIsCaughtInNearlyEveryRun() {
        long caught = calledDifferent(1.2, new SplittableRandom(22));
        assertTrue(caught >= 0.95 * RUNS, caught + " of " + RUNS + " runs caught a harness 20 % slower on HTTP/2");
    }

    /** In how many of {@link #RUNS} runs the check calls a harness whose HTTP/2 loads take {@code bias} times as long different. */
    private static long calledDifferent(double bias, SplittableRandom random) {
        return IntStream.range(0, RUNS)
                .filter(run -> HarnessCheck.lines(legs(bias, random)).get(0).endsWith("they differ: the harness changes what it measures")).count();
    }

    /** The harness and the probe, loaded in the same rounds; the harness's HTTP/2 loads times {@code bias}. */
    private static List<Comparison> legs(double bias, SplittableRandom random) {
        List<List<Double>> harness = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<List<Double>> probe = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int round = 0; round < ROUNDS; round++) {
            double machine = 1 + 0.5 * random.nextDouble(); // this round's slow stretch, for both legs
            double[] base = {5000, 800, 600}; // h1-TLS at 50 ms, h2 at 50 ms, h2 on loopback
            for (int cell = 0; cell < 3; cell++) {
                double slowed = cell == 0 ? Math.pow(machine, 0.2) : machine;
                double h2 = cell == 0 ? 1 : bias;
                harness.get(cell).add(base[cell] * slowed * h2 * (1 + 0.02 * random.nextGaussian()));
                probe.get(cell).add(base[cell] * slowed * (1 + 0.02 * random.nextGaussian()));
            }
        }
        return List.of(comparison("chromium", harness), comparison("chromium" + HarnessCheck.PROBE_SUFFIX, probe));
    }

    private static Comparison comparison(String tool, List<List<Double>> millis) {
        List<CellResult> cells = List.of(cell(Door.HTTP_1_1_TLS, 50, millis.get(0)), cell(Door.HTTP_2_TLS, 50, millis.get(1)),
                cell(Door.HTTP_2_TLS, 0, millis.get(2)));
        return new Comparison(new ToolResults(tool, 15L << 20, 500, Map.of(ImageSize.LOGO, 670L), cells, Map.of(), Map.of()));
    }

    private static CellResult cell(Door door, int rtt, List<Double> millis) {
        return CellResult.of(door, Condition.latency(rtt), millis.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
