package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnswerCurveLineTest {

    private static final AnswerCurveLine LINE = new AnswerCurveLine(Math.log(0.25), 0.5, 0.001, 0.002, -0.0005, 0.01, 2.3,
            0.6, 5.2, 50, 500, "10 points of 6 recorded runs, the newest 2026-11-28-headline");

    @Test
    void theFileARunWritesIsTheLineTheWarReads() {
        AnswerCurveLine read = AnswerCurveLine.read(new ByteArrayInputStream(LINE.file().getBytes(StandardCharsets.ISO_8859_1))).orElseThrow();
        assertEquals(LINE.source(), read.source());
        assertEquals(LINE.slope(), read.slope(), 1e-6);
        assertEquals(LINE.tau2(), read.tau2(), 1e-8);
        assertEquals(500, read.count());
        assertEquals(Optional.empty(), AnswerCurveLine.read(null), "a WAR built without the records");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> AnswerCurveLine.read(new ByteArrayInputStream("slope=1\n".getBytes(StandardCharsets.ISO_8859_1))));
        assertEquals("answer-curve.properties has no intercept", missing.getMessage());
    }

    @Test
    void aRaceIsPredictedAtTheReadersSpeedWithTheSpreadBetweenRunsAndItsOwn() {
        Prediction at4 = LINE.predict(4, 0);
        assertEquals(0.5, at4.ratio(), 1e-12, "0.25 × √4");
        double x = Math.log(4);
        double half = 2.3 * Math.sqrt(0.001 + 2 * x * -0.0005 + x * x * 0.002 + 0.01);
        assertEquals(0.5 * Math.exp(-half), at4.low(), 1e-12);
        assertEquals(0.5 * Math.exp(half), at4.high(), 1e-12);
        assertTrue(LINE.predict(4, 0.05).high() > at4.high(), "a race's own spread widens the band");
        assertTrue(LINE.json().startsWith("{\"intercept\":-1.386294,\"slope\":0.500000,") && LINE.json().endsWith(
                "\"source\":\"10 points of 6 recorded runs, the newest 2026-11-28-headline\"}"), LINE.json());
    }

    @Test
    void theLineCoversTheRecordedSpeedsAndIsExtendedBeyondThem() {
        assertTrue(LINE.covers(0.6) && LINE.covers(2) && LINE.covers(5.2), "0.6 to 5.2 s, the ends included");
        assertFalse(LINE.covers(0.59));
        assertFalse(LINE.covers(5.21));
    }
}
