package io.github.http2wildfly.measure.statistics;

import static io.github.http2wildfly.measure.statistics.RatioIntervalTest.logs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StoppingRuleTest {

    private static final StoppingRule DEFAULT = new StoppingRule(4, 20, 0.05);

    @Test
    void aPairIsLookedAtFirstThenEachTimeItsLoadsGrewByHalfThenAtTheCap() {
        assertEquals(List.of(4, 6, 10, 16, 20), DEFAULT.looks());
        assertEquals(List.of(2, 4, 6, 10, 16, 20), new StoppingRule(2, 20, 0.05).looks());
        assertEquals(List.of(9), new StoppingRule(9, 9, 0.05).looks());
    }

    @Test
    void everyLookButAnOddCapFallsOnAnEvenRoundWhereEachCellHasLedAsOftenAsTheOther() {
        assertEquals(List.of(4, 6, 10, 16, 20), new StoppingRule(3, 20, 0.05).looks(), "an odd first look moves to the next round");
        assertEquals(List.of(4, 6, 10, 12), new StoppingRule(3, 12, 0.05).looks());
        assertEquals(List.of(2, 4, 5), new StoppingRule(1, 5, 0.05).looks(), "the cap stays where it is set");
    }

    @Test
    void fivePercentIsSplitOverTheLooks() {
        assertEquals(1 - 0.05 / 5, DEFAULT.confidence(), 1e-12);
        assertEquals(0.95, new StoppingRule(9, 9, 0.05).confidence(), 1e-12);
    }

    @Test
    void aClearWinnerIsDecidedAtTheFirstLookAndNeedsNoMoreLoads() {
        double[] rounds = logs(0.18, 0.19, 0.17, 0.18);
        Verdict verdict = DEFAULT.atLooks(rounds);
        assertEquals(Verdict.Kind.FASTER, verdict.kind());
        assertEquals("HTTP/2 over TLS faster (4 loads)", verdict.say("HTTP/2 over TLS", "HTTP/1.1 over TLS"));
        assertFalse(DEFAULT.wantsMore(rounds));
        assertEquals(Verdict.Kind.SLOWER, DEFAULT.atLooks(logs(5.4, 5.3, 5.5, 5.4)).kind());
    }

    @Test
    void beforeTheFirstLookAndBetweenLooksMoreLoadsAreWanted() {
        assertTrue(DEFAULT.wantsMore(logs(0.18, 0.19, 0.17)), "three loads: before the first look");
        double[] open = logs(0.9, 1.1, 0.95, 1.05);
        assertEquals(Verdict.Kind.UNDECIDED, DEFAULT.atLooks(open).kind());
        assertTrue(DEFAULT.wantsMore(open));
        assertTrue(DEFAULT.wantsMore(logs(0.9, 1.1, 0.95, 1.05, 0.5)), "five loads: no look until six, whatever they say");
    }

    @Test
    void roundsThatStayCloseToOneAreLevelOnceTheIntervalFitsTheBand() {
        double[] close = logs(1.03, 0.97, 1.02, 0.97, 1.00, 1.00, 1.01, 0.99);
        Verdict verdict = DEFAULT.atLooks(close);
        assertEquals(Verdict.Kind.LEVEL, verdict.kind(), verdict.label());
        assertEquals(6, verdict.interval().loads(), "open at four, decided at the look at six");
        assertEquals("level within 5 % (6 loads)", verdict.say("a", "b"));
    }

    @Test
    void aPairStillOpenAtTheCapIsUndecidedAndWantsNoMore() {
        double[] spread = new double[20];
        for (int i = 0; i < spread.length; i++) {
            spread[i] = Math.log(i % 2 == 0 ? 0.8 : 1.25);
        }
        assertFalse(DEFAULT.wantsMore(spread));
        // the loads spread ±22 % round to round: at the last look, at 99 %, a difference under 16 % could hide in them
        assertEquals("undecided after 20 loads, which tell only a difference of 16 % or more", DEFAULT.verdict(spread).say("a", "b"));
    }

    @Test
    void aRunStoppedBetweenLooksGetsOneLastLookAtAllItsLoads() {
        // the first six rounds too spread to decide (the looks at four and six are open); time ran out after the seventh
        double[] rounds = logs(0.5, 0.7, 0.35, 1.1, 0.5, 0.51, 0.52);
        assertEquals(Verdict.Kind.UNDECIDED, DEFAULT.atLooks(rounds).kind(), "no look at seven while loads may come");
        Verdict last = DEFAULT.verdict(rounds);
        assertEquals(Verdict.Kind.FASTER, last.kind(), last.label());
        assertEquals(7, last.interval().loads());
    }

    @Test
    void aPairLoadedAsARunLoadsItStopsWhenItsTimeIsUpAndIsJudgedOnEveryRoundItHas() {
        double[] rounds = {0.5, 0.7, 0.35, 1.1, 0.5, 0.51, 0.52, 0.5, 0.49};
        int[] asked = {0};
        Verdict verdict = DEFAULT.loadUntilDecided(round -> Math.log(rounds[round]), () -> ++asked[0] > 3);
        assertEquals(7, verdict.interval().loads(), "four rounds whatever the time, then three while it lasted");
        assertEquals(Verdict.Kind.FASTER, verdict.kind(), "the last look at all seven: " + verdict.label());
        assertEquals(Verdict.Kind.UNDECIDED, DEFAULT.loadUntilDecided(round -> Math.log(rounds[round]), () -> true).kind(),
                "time up at once: the first look's four rounds alone");
    }

    @Test
    void aRuleWithoutLoadsOrBandIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(0, 20, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(5, 4, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new StoppingRule(3, 20, 0));
    }
}
