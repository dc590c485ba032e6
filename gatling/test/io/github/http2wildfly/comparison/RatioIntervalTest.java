package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RatioIntervalTest {

    private static final List<Double> H1 = List.of(4600.0, 4720.0, 4510.0, 4655.0, 4580.0);
    private static final List<Double> H2 = List.of(800.0, 830.0, 790.0, 845.0, 812.0);

    @Test
    void loadsFarApartNameAWinnerAndTheIntervalHoldsTheRatioOfMedians() {
        RatioInterval interval = RatioInterval.bootstrap(H2, H1);
        assertEquals(812.0 / 4600.0, interval.ratio(), 1e-12);
        assertTrue(interval.low() <= interval.ratio() && interval.ratio() <= interval.high(), interval.label());
        assertTrue(interval.high() < 1 && interval.decided(), interval.label());
        assertEquals("HTTP/2 over TLS faster", interval.verdict("HTTP/2 over TLS", "HTTP/1.1 over TLS"));
        assertEquals("HTTP/1.1 over TLS faster", RatioInterval.bootstrap(H1, H2).verdict("HTTP/2 over TLS", "HTTP/1.1 over TLS"));
    }

    @Test
    void overlappingLoadsNameNoWinnerEvenWhenTheMediansDiffer() {
        // h3 / h2 read 0.92 in one run and 1.12 in another: loads that spread over each other
        RatioInterval interval = RatioInterval.bootstrap(List.of(610.0, 700.0, 655.0, 590.0, 720.0), List.of(640.0, 600.0, 690.0, 710.0, 620.0));
        assertTrue(interval.ratio() != 1, "the medians differ");
        assertTrue(interval.low() < 1 && interval.high() > 1, interval.label());
        assertFalse(interval.decided());
        assertEquals("no winner: the interval spans 1", interval.verdict("HTTP/3 over QUIC", "HTTP/2 over TLS"));
    }

    @Test
    void theSameLoadsGiveTheSameIntervalInEveryRun() {
        assertEquals(RatioInterval.bootstrap(H2, H1), RatioInterval.bootstrap(H2, H1));
    }

    @Test
    void oneLoadHasNoIntervalAndNamesNoWinner() {
        RatioInterval interval = RatioInterval.bootstrap(List.of(800.0), H1);
        assertFalse(interval.known() || interval.decided());
        assertEquals("0.17 [one load: no interval]", interval.label());
        assertEquals("no winner named on one load", interval.verdict("a", "b"));
    }

    @Test
    void aSeriesSaysWhereItsIntervalSpansOne() {
        Condition lossy = new Condition(50, 2, 0, ImageSize.LOGO, CongestionControl.RENO);
        Comparison comparison = new Comparison(new ToolResults("chromium", 15L << 20, 500, Map.of(ImageSize.LOGO, 670L), List.of(
                cell(Door.HTTP_1_1_TLS, Condition.latency(50), H1), cell(Door.HTTP_2_TLS, Condition.latency(50), H2),
                cell(Door.HTTP_1_1_TLS, lossy, List.of(5000.0, 5400.0, 4800.0)), cell(Door.HTTP_2_TLS, lossy, List.of(5100.0, 4700.0, 5300.0))),
                Map.of(), Map.of()));
        String statement = comparison.lossSeries().get(0).statement();
        assertTrue(statement.endsWith(" No winner at 2 % loss (1.02 [0.87, 1.10]): the 95 % interval spans 1."), statement);
        assertTrue(comparison.interval(new Comparison.Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS), Condition.latency(50)).orElseThrow().decided());
    }

    private static CellResult cell(Door door, Condition condition, List<Double> millis) {
        return new CellResult(door, condition, millis, 0, 501, 0, 1, 400_000, 0, 0, 0, 0, null);
    }
}
