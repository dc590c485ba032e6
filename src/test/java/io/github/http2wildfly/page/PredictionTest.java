package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PredictionTest {

    private static final Prediction BAND = new Prediction(0.5, 0.4, 0.6);

    @Test
    void aRaceOnEitherEndOfTheBandIsInside() {
        assertTrue(BAND.holds(0.4));
        assertTrue(BAND.holds(0.5));
        assertTrue(BAND.holds(0.6));
    }

    @Test
    void aRaceBeyondEitherEndIsOutside() {
        assertFalse(BAND.holds(0.399));
        assertFalse(BAND.holds(0.601));
    }
}
