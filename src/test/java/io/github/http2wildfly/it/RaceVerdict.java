package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.page.AnswerCurveLine;
import io.github.http2wildfly.page.Prediction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The reader's own point on the race page, read the same way in either engine: before the race the page loaded itself
 * over HTTP/2 without a network, predicted the ratio from the recorded curve at that speed, and after it says whether the
 * race fell inside the band for one run at that speed (a prediction interval: the curve's, the spread between runs and
 * the race's own); the page's figures are the WAR's line's (AnswerCurveLine, by the server: RacePredictionServlet), and
 * inside means inside.
 */
final class RaceVerdict {

    /** What a test reads of the page in its engine. */
    interface Page {
        /** The text of the element with this id. */
        String text(String id);

        /** An attribute of {@code #race}, where the script writes what it measured. */
        String raceAttribute(String name);
    }

    private RaceVerdict() {
    }

    static void assertShown(Page page, int rounds) throws IOException {
        AnswerCurveLine line = AnswerCurveLine.read(Files.newInputStream(Path.of("docs/results", AnswerCurveLine.FILE))).orElseThrow();
        String prediction = page.text("prediction").strip();
        assertTrue(prediction.startsWith("Your browser loaded this page over HTTP/2 without a network in "), prediction);
        double loopbackSeconds = Double.parseDouble(page.raceAttribute("data-loopback-millis")) / 1000;
        Prediction expected = line.predict(loopbackSeconds, 0);
        assertEquals(expected.ratio(), Double.parseDouble(page.raceAttribute("data-predicted")), 0.001, prediction);
        assertTrue(prediction.contains(String.format(Locale.ROOT, "HTTP/2 takes %.2f of", expected.ratio())), prediction);
        double ratio = Double.parseDouble(page.raceAttribute("data-race-ratio"));
        double low = Double.parseDouble(page.raceAttribute("data-band-low"));
        double high = Double.parseDouble(page.raceAttribute("data-band-high"));
        assertTrue(low < expected.ratio() && expected.ratio() < high, "the band holds the prediction: " + low + " to " + high);
        String verdict = page.text("verdict").strip();
        String where = low <= ratio && ratio <= high ? "inside" : "outside";
        assertEquals(where, page.raceAttribute("data-prediction"), verdict);
        assertTrue(verdict.startsWith(String.format(Locale.ROOT, "This race read %.2f (HTTP/2 / HTTP/1.1 over TLS, the geometric mean of %d"
                + " round%s): %s the prediction", ratio, rounds, rounds == 1 ? "" : "s", where)), verdict);
        System.out.printf("race prediction: %s%nrace verdict: %s%n", prediction, verdict);
    }
}
