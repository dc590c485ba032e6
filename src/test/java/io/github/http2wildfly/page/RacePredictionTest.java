package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RacePredictionTest {

    /** 0.25 × (loopback seconds)^0.5, recorded from 0.6 to 5.2 s. */
    private static final AnswerCurveLine LINE = new AnswerCurveLine(Math.log(0.25), 0.5, 0.001, 0.002, -0.0005, 0.01, 2.3,
            0.6, 5.2, 50, 500, "10 points of 6 recorded runs");
    private static final String[] LOADS_OF_4_SECONDS = {"4100", "3900", "4000"};

    @Test
    void beforeTheRaceTheCurvePredictsAtTheMedianLoad() {
        RacePrediction prediction = RacePrediction.of(LINE, PredictionQuery.parse(LOADS_OF_4_SECONDS, null));
        assertEquals(4000, prediction.loopbackMillis());
        assertEquals(LINE.predict(4, 0), prediction.atSpeed());
        assertEquals(0.5, prediction.atSpeed().ratio(), 1e-12);
        assertFalse(prediction.beyondRecordedSpeeds());
        assertTrue(prediction.race().isEmpty());
    }

    @Test
    void aBrowserFasterOrSlowerThanEveryRecordedOneIsPredictedOnTheLineExtended() {
        assertTrue(RacePrediction.of(LINE, PredictionQuery.parse(new String[] {"500"}, null)).beyondRecordedSpeeds());
        assertTrue(RacePrediction.of(LINE, PredictionQuery.parse(new String[] {"6000"}, null)).beyondRecordedSpeeds());
    }

    @Test
    void afterTheRaceItsRatioIsJudgedAgainstTheBandWidenedByItsOwnSpread() {
        RacePrediction.Verdict verdict = RacePrediction.of(LINE, PredictionQuery.parse(LOADS_OF_4_SECONDS,
                new String[] {"0.45", "0.5", "0.6"})).race().orElseThrow();
        RaceRounds rounds = new RaceRounds(List.of(0.45, 0.5, 0.6));
        assertEquals(rounds.ratio(), verdict.ratio(), 1e-12);
        assertEquals(3, verdict.rounds());
        assertEquals(LINE.predict(4, rounds.ownVariance()), verdict.band());
        assertTrue(verdict.band().high() > LINE.predict(4, 0).high(), "wider than the prediction before the race");
        assertTrue(verdict.inside());
    }

    @Test
    void aRaceFarFromThePredictionIsOutside() {
        RacePrediction.Verdict verdict = RacePrediction.of(LINE, PredictionQuery.parse(LOADS_OF_4_SECONDS,
                new String[] {"1.1", "1.2"})).race().orElseThrow();
        assertFalse(verdict.inside(), verdict.ratio() + " against " + verdict.band());
    }

    @Test
    void theAnswerIsTheJsonThePageReads() {
        Prediction before = new Prediction(0.5, 0.25, 1.0);
        assertEquals("{\"loopbackMillis\":4000.0,\"ratio\":0.5,\"low\":0.25,\"high\":1.0,\"beyondRecordedSpeeds\":false}",
                new RacePrediction(4000, before, false, Optional.empty()).json());
        RacePrediction.Verdict verdict = new RacePrediction.Verdict(0.55, 3, new Prediction(0.5, 0.2, 1.25));
        assertEquals("{\"loopbackMillis\":700.5,\"ratio\":0.5,\"low\":0.25,\"high\":1.0,\"beyondRecordedSpeeds\":true,"
                + "\"race\":{\"ratio\":0.55,\"rounds\":3,\"low\":0.2,\"high\":1.25,\"inside\":true}}",
                new RacePrediction(700.5, before, true, Optional.of(verdict)).json());
    }
}
