package io.github.http2wildfly.comparison.statistics;

import static io.github.http2wildfly.comparison.statistics.RatioIntervalTest.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StoppingRuleTest {

    private static final StoppingRule DEFAULT = new StoppingRule(3, 20, 0.05);

    @Test
    void aPairIsLookedAtFirstThenEachTimeItsLoadsGrewByHalfThenAtTheCap() {
        assertEquals(List.of(3, 5, 8, 12, 18, 20), DEFAULT.looks());
        assertEquals(List.of(2, 3, 5, 8, 12, 18, 20), new StoppingRule(2, 20, 0.05).looks());
        assertEquals(List.of(9), new StoppingRule(9, 9, 0.05).looks());
    }

    @Test
    void fivePercentIsSplitOverTheLooks() {
        assertEquals(1 - 0.05 / 6, DEFAULT.confidence(), 1e-12);
        assertEquals(0.95, new StoppingRule(9, 9, 0.05).confidence(), 1e-12);
    }

    @Test
    void aClearWinnerIsDecidedAtTheFirstLookAndNeedsNoMoreLoads() {
        double[] rounds = logs(0.18, 0.19, 0.17);
        Verdict verdict = DEFAULT.atLooks(rounds);
        assertEquals(Verdict.Kind.FASTER, verdict.kind());
        assertEquals("HTTP/2 over TLS faster (3 loads)", verdict.say("HTTP/2 over TLS", "HTTP/1.1 over TLS"));
        assertFalse(DEFAULT.wantsMore(rounds));
        assertEquals(Verdict.Kind.SLOWER, DEFAULT.atLooks(logs(5.4, 5.3, 5.5)).kind());
    }

    @Test
    void beforeTheFirstLookAndBetweenLooksMoreLoadsAreWanted() {
        assertTrue(DEFAULT.wantsMore(logs(0.18, 0.19)), "two loads: before the first look");
        double[] open = logs(0.9, 1.1, 0.95);
        assertEquals(Verdict.Kind.UNDECIDED, DEFAULT.atLooks(open).kind());
        assertTrue(DEFAULT.wantsMore(open));
        assertTrue(DEFAULT.wantsMore(logs(0.9, 1.1, 0.95, 0.5)), "four loads: no look until five, whatever they say");
    }

    @Test
    void roundsThatStayCloseToOneAreLevelOnceTheIntervalFitsTheBand() {
        double[] close = logs(1.01, 0.99, 1.00, 1.02, 0.98, 1.01, 0.99, 1.00);
        Verdict verdict = DEFAULT.atLooks(close);
        assertEquals(Verdict.Kind.LEVEL, verdict.kind(), verdict.label());
        assertEquals(5, verdict.interval().loads(), "open at three, decided at the look at five");
        assertEquals("level within 5 % (5 loads)", verdict.say("a", "b"));
    }

    @Test
    void aPairStillOpenAtTheCapIsUndecidedAndWantsNoMore() {
        double[] spread = new double[20];
        for (int i = 0; i < spread.length; i++) {
            spread[i] = Math.log(i % 2 == 0 ? 0.8 : 1.25);
        }
        assertFalse(DEFAULT.wantsMore(spread));
        // the loads spread ±22 % round to round: at the last look, at 99.2 %, a difference under 16 % could hide in them
        assertEquals("undecided after 20 loads, which tell only a difference of 16 % or more", DEFAULT.verdict(spread).say("a", "b"));
    }

    @Test
    void aRunStoppedBetweenLooksGetsOneLastLookAtAllItsLoads() {
        // the first five rounds too spread to decide (the look at five is open); time ran out after the sixth
        double[] rounds = logs(0.5, 0.9, 0.3, 0.52, 0.5, 0.51);
        assertEquals(Verdict.Kind.UNDECIDED, DEFAULT.atLooks(rounds).kind(), "no look at six while loads may come");
        Verdict last = DEFAULT.verdict(rounds);
        assertEquals(Verdict.Kind.FASTER, last.kind(), last.label());
        assertEquals(6, last.interval().loads());
    }

    @Test
    void aRuleWithoutLoadsOrBandIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(0, 20, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(5, 4, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(3, 20, 0));
    }
}
