package io.github.http2wildfly.shield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BodyRateTest {

    private static final long SECOND = 1_000_000_000L;
    private final BodyRate kestrel = new BodyRate(240, Duration.ofSeconds(5));

    @Test
    void aBodyIsNotJudgedDuringItsGrace() {
        assertFalse(kestrel.tooSlow(0, 5 * SECOND));
    }

    @Test
    void afterTheGraceItsRateIsItsBytesOverTheWholeWait() {
        assertTrue(kestrel.tooSlow(6 * 240 - 1, 6 * SECOND));
        assertFalse(kestrel.tooSlow(6 * 240, 6 * SECOND));
    }

    @Test
    void oneByteAStreamEveryFiveSecondsIsTooSlowAtTheFirstLookAfterTheGrace() {
        assertTrue(kestrel.tooSlow(2, 6 * SECOND));
    }

    @Test
    void anUploadAtTwoKilobytesASecondIsNeverTooSlow() {
        for (long seconds = 1; seconds <= 600; seconds++) {
            assertFalse(kestrel.tooSlow(2_000 * seconds, seconds * SECOND), seconds + " s");
        }
    }

    @Test
    void aRateOfZeroTakesAnyPace() {
        assertFalse(new BodyRate(0, Duration.ZERO).tooSlow(0, 3_600 * SECOND));
    }

    @Test
    void aNegativeRateOrGraceIsRefusedWithBothNamed() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new BodyRate(-1, Duration.ofSeconds(5)));
        assertEquals("a body rate is 0 or more bytes a second after a grace of 0 or more: -1 B/s after PT5S", refused.getMessage());
    }
}
