package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the A/A calibration says of its pairs: every winner it names is a false one. */
class AaCalibrationTest {

    private static final Verdict LEVEL = new Verdict(Verdict.Kind.LEVEL, new RatioInterval(1.0, 0.99, 1.01, 20, 0.98), 0.02);
    private static final Verdict UNDECIDED = new Verdict(Verdict.Kind.UNDECIDED, new RatioInterval(1.0, 0.97, 1.04, 3, 0.98), 0.02);
    private static final Verdict FALSE_WINNER = new Verdict(Verdict.Kind.FASTER, new RatioInterval(0.95, 0.92, 0.98, 5, 0.98), 0.02);

    @Test
    void theFalseWinnerRateComesWithItsExactIntervalWhichNoWinnerAtAllStillLeavesOpen() {
        assertEquals("0 of 20 (0.0 %, 95 % interval 0.0 to 16.8 %)", outcome(0, 20).rate());
        assertEquals("1 of 60 (1.7 %, 95 % interval 0.0 to 8.9 %)", outcome(1, 60).rate());
        assertEquals("3 of 60 (5.0 %, 95 % interval 1.0 to 13.9 %)", outcome(3, 60).rate());
    }

    @Test
    void theRecordCountsEveryKindOfVerdictAndSaysEachPair() {
        List<Verdict> verdicts = List.of(FALSE_WINNER, LEVEL, LEVEL, UNDECIDED);
        String page = AaCalibration.page(new AaCalibration.Outcome(verdicts, 4, Duration.ofMinutes(3)),
                new Cell(Door.HTTP_2_TLS, Condition.latency(50)), new StoppingRule(3, 20, 0.02),
                Map.of("machine", "2 cores"), LocalDate.of(2026, 11, 26), "./mvnw verify -Pgatling -Dcomparison.grid=aa");
        assertTrue(page.startsWith("# The A/A calibration of 2026-11-26"), page);
        assertTrue(page.contains("4 pairs of HTTP/2 over TLS at 50 ms"), page);
        assertTrue(page.contains("| 1 of 4 (25.0 %, 95 % interval 0.6 to 80.6 %) | 2 | 1 | median 20, 3 to 20 | 3.0 |"), page);
        assertTrue(page.contains("Machine and run: machine 2 cores."), page);
        assertTrue(page.contains("A / A': 0.95 [0.92, 0.98] A faster (5 loads); 1.00 [0.99, 1.01] level"), page);
    }

    @Test
    void aRunStoppedHalfwaySaysHowManyPairsItWasAskedFor() {
        String page = AaCalibration.page(new AaCalibration.Outcome(List.of(LEVEL, UNDECIDED), 40, Duration.ofMinutes(5)),
                new Cell(Door.HTTP_2_TLS, Condition.latency(50)), new StoppingRule(3, 20, 0.02),
                Map.of("machine", "2 cores"), LocalDate.of(2026, 11, 27), "./mvnw verify -Pgatling -Dcomparison.grid=aa");
        assertTrue(page.contains("One cell against itself: 2 pairs (of 40 asked for) of HTTP/2 over TLS at 50 ms"), page);
    }

    private static AaCalibration.Outcome outcome(int named, int pairs) {
        List<Verdict> verdicts = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            verdicts.add(pair < named ? FALSE_WINNER : LEVEL);
        }
        return new AaCalibration.Outcome(verdicts, pairs, Duration.ofMinutes(1));
    }
}
