package io.github.http2wildfly.measure.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutcomeTest {

    private static Outcome outcome(long sent, int connections, int closed, Map<String, Long> statuses, Map<String, Long> resets,
            Map<String, Long> goAways, boolean stoppedReading) {
        return new Outcome(sent, 20_000, "requests", connections, closed, statuses, resets, goAways, stoppedReading, Duration.ofSeconds(1));
    }

    @Test
    void aGoAwayIsNamedWithWhatTheAttackerHadSentWhenItCame() {
        Outcome outcome = outcome(201, 1, 1, Map.of("503", 201L), Map.of(), Map.of("ENHANCE_YOUR_CALM", 1L), false);
        assertEquals("GOAWAY 1 × ENHANCE_YOUR_CALM, closed after 201 of 20,000 requests; answered 201 × 503", outcome.summary());
        assertEquals("GOAWAY ENHANCE_YOUR_CALM at 201, 201 refused", outcome.brief());
    }

    @Test
    void anAttackTheServerTookWholeSaysSoAndCountsItsRefusals() {
        Outcome outcome = outcome(20_000, 4, 0, Map.of("405", 64L), Map.of("REFUSED_STREAM", 7_600L), Map.of(), false);
        assertEquals("took all 20,000 requests, connections kept; answered 64 × 405; reset 7,600 × REFUSED_STREAM", outcome.summary());
        assertEquals("took all, 7,600 refused", outcome.brief());
    }

    @Test
    void aServerThatStopsReadingIsToldApartFromOneThatCloses() {
        Outcome stopped = outcome(150_000, 1, 0, Map.of(), Map.of(), Map.of(), true);
        assertEquals("stopped reading after 150,000 of 20,000 requests", stopped.summary());
        assertEquals("stopped reading at 150,000", stopped.brief());
        Outcome someClosed = outcome(300, 2, 1, Map.of(), Map.of(), Map.of(), false);
        assertEquals("closed 1 of 2 connections after 300 of 20,000 requests", someClosed.summary());
        assertEquals("took 300 (time up)", outcome(300, 1, 0, Map.of(), Map.of(), Map.of(), false).brief());
    }
}
