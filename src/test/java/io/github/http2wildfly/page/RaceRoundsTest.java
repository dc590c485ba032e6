package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RaceRoundsTest {

    @Test
    void theRacesRatioIsTheGeometricMeanOfItsRounds() {
        assertEquals(0.5, new RaceRounds(List.of(0.25, 1.0)).ratio(), 1e-12, "√(0.25 × 1)");
        assertEquals(Math.exp(-0.5), new RaceRounds(List.of(Math.exp(-1), Math.exp(-0.5), 1.0)).ratio(), 1e-12);
    }

    @Test
    void itsOwnVarianceIsTheVarianceOfItsMeanLogRatio() {
        // logs −1, −0.5, 0: sample variance (0.25 + 0 + 0.25) / 2, over 3 rounds
        assertEquals(0.25 / 3, new RaceRounds(List.of(Math.exp(-1), Math.exp(-0.5), 1.0)).ownVariance(), 1e-12);
        assertEquals(0, new RaceRounds(List.of(0.4, 0.4, 0.4)).ownVariance(), 1e-15, "rounds that agree add no spread");
    }

    @Test
    void oneRoundKnowsNoSpreadOfItsOwn() {
        assertEquals(0, new RaceRounds(List.of(0.4)).ownVariance());
        assertEquals(1, new RaceRounds(List.of(0.4)).count());
    }

    @Test
    void aRaceWithoutRoundsIsNoRace() {
        assertThrows(IllegalArgumentException.class, () -> new RaceRounds(List.of()));
    }
}
