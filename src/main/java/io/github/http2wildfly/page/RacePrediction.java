package io.github.http2wildfly.page;

import java.util.Optional;

/**
 * The server's answer to the race page ({@link RacePredictionServlet}): at the reader's speed, the ratio and band the
 * headline's curve predicts, and whether that speed lies beyond the recorded ones; after a race, its ratio against the
 * band for that speed and the race's own spread.
 */
public record RacePrediction(double loopbackMillis, Prediction atSpeed, boolean beyondRecordedSpeeds, Optional<Verdict> race) {

    /** A finished race: its ratio over its rounds, and the band it is judged against. */
    public record Verdict(double ratio, int rounds, Prediction band) {

        public boolean inside() {
            return band.holds(ratio);
        }
    }

    public static RacePrediction of(AnswerCurveLine line, PredictionQuery query) {
        double seconds = query.loopbackMillis() / 1000;
        return new RacePrediction(query.loopbackMillis(), line.predict(seconds, 0), !line.covers(seconds), query.rounds()
                .map(rounds -> new Verdict(rounds.ratio(), rounds.count(), line.predict(seconds, rounds.ownVariance()))));
    }

    /**
     * For the race page's script: {@code {"loopbackMillis":…,"ratio":…,"low":…,"high":…,"beyondRecordedSpeeds":…}}, and
     * after a race {@code "race":{"ratio":…,"rounds":…,"low":…,"high":…,"inside":…}} in it. Every figure at full
     * precision (Java's shortest spelling, which JSON reads as it is): the page rounds them as it shows them.
     */
    public String json() {
        String verdict = race.map(judged -> ",\"race\":{\"ratio\":" + judged.ratio() + ",\"rounds\":" + judged.rounds() + ","
                + ends(judged.band()) + ",\"inside\":" + judged.inside() + "}").orElse("");
        return "{\"loopbackMillis\":" + loopbackMillis + ",\"ratio\":" + atSpeed.ratio() + "," + ends(atSpeed)
                + ",\"beyondRecordedSpeeds\":" + beyondRecordedSpeeds + verdict + "}";
    }

    private static String ends(Prediction band) {
        return "\"low\":" + band.low() + ",\"high\":" + band.high();
    }
}
