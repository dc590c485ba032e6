package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import io.github.http2wildfly.page.AnswerCurveLine;
import io.github.http2wildfly.page.LabPoint;
import io.github.http2wildfly.page.LabPoints;
import io.github.http2wildfly.page.Prediction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import okhttp3.FormBody;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The race page in a real browser: one click, the slow HTTP/1.1-over-TLS, HTTP/2 and HTTP/3 doors in
 * frames, round by round; what a browser not started to use HTTP/3 on localhost shows in the third
 * lane; and what a person whose browser does not trust the certificate yet is told.
 * Runs with -Pbrowser.
 */
@Tag("browser") // needs Chromium: -Pbrowser runs it
class BrowserRaceIT extends DeployedWarTest {

    /**
     * The tag of the tests whose assertions compare timings measured in one run (who wins a race, or what share of a
     * bystander's requests is served within 1 s): CI runs them alone (.ci/run), as a soak beside them would skew them;
     * the others run beside the other browser ITs.
     */
    static final String TIMINGS = "timings";

    private static final int ROUNDS = 3;
    private static final int COUNT = 500;

    @Test
    @Tag(TIMINGS)
    void oneClickRacesTheSlowDoorsAndHttp2WinsWhileTheHttp3LaneSaysTheBrowserDidNotSpeakIt() throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            WebDriver driver = chromium.driver();
            driver.manage().window().setSize(new Dimension(1280, 1500));
            long roundTripMillis = Long.parseLong(doors.systemProperties().getProperty("h2demo.slow.rtt"));
            driver.get(doors.uri(Door.HTTP_2_TLS, "/race").toString());
            WebElement race = race(driver, ROUNDS);

            assertEquals("done", race.getDomAttribute("data-state"), driver.findElement(By.id("problem")).getText());
            List<Map<String, Object>> results = results(chromium);
            assertEquals(2 * ROUNDS, results.size(), "each TCP door once a round, and no HTTP/3 result: " + results);
            assertEquals("h3", race.getDomAttribute("data-missing"));
            String lane = driver.findElement(By.cssSelector(".lane[data-protocol='h3'] .time")).getText();
            assertTrue(lane.startsWith("Not HTTP/3: this browser did not reach it over QUIC"), lane);
            assertTrue(lane.contains("--origin-to-force-quic-on=localhost:" + doors.http3Port(false) + ",localhost:"
                    + doors.http3Port(true)) && lane.contains("--ignore-certificate-errors-spki-list="), lane);
            for (Map<String, Object> result : results) {
                assertEquals(result.get("door"), result.get("protocol"), "each frame came over its door's protocol: " + result);
                assertEquals(COUNT, ((Number) result.get("images")).intValue(), "every image loaded: " + result);
                @SuppressWarnings("unchecked")
                Map<String, Object> network = (Map<String, Object>) result.get("network");
                assertEquals(roundTripMillis, ((Number) network.get("rtt")).longValue(), "served at: " + result);
            }
            assertEquals(List.of("http/1.1", "h2", "h2", "http/1.1", "http/1.1", "h2"),
                    results.stream().map(result -> result.get("door")).toList(), "the order alternates round by round");
            // as the recorded curve's loads, each in a fresh context: every load on connections of its own
            Map<?, ?> atStart = (Map<?, ?>) chromium.script("return JSON.parse(document.getElementById('race').dataset.connectionsAtStart)");
            Map<?, ?> atEnd = (Map<?, ?>) chromium.script("return JSON.parse(document.getElementById('race').dataset.connectionsAtEnd)");
            for (Door door : List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS)) {
                long made = ((Number) atEnd.get(door.name())).longValue() - ((Number) atStart.get(door.name())).longValue();
                assertTrue(made >= ROUNDS, door.label() + "'s slow door took " + made + " connections over " + ROUNDS + " loads: "
                        + atStart + " then " + atEnd);
            }
            double h1 = Double.parseDouble(race.getDomAttribute("data-h1-millis"));
            double h2 = Double.parseDouble(race.getDomAttribute("data-h2-millis"));
            assertTrue(h2 < h1, "HTTP/2 faster than HTTP/1.1 over TLS, medians of the same run: h2 " + h2 + " ms, h1 " + h1 + " ms");
            assertTrue(driver.findElement(By.id("summary")).getText().contains("HTTP/2 / HTTP/1.1 = "));
            assertTrue(driver.findElement(By.id("browser")).getText().startsWith("Measured by "));
            RaceVerdict.assertShown(new RaceVerdict.Page() {
                @Override
                public String text(String id) {
                    return driver.findElement(By.id(id)).getText();
                }

                @Override
                public String raceAttribute(String name) {
                    return race.getDomAttribute(name);
                }
            }, ROUNDS);
            System.out.printf("race, %d rounds: %s%n", ROUNDS, driver.findElement(By.id("summary")).getText());
            chromium.screenshot("race", null);
        }
    }

    @Test
    void aBrowserStartedToUseHttp3RacesThreeLanesAndTheThirdCameOverHttp3() throws IOException {
        List<String> origins = List.of("localhost:" + doors.http3Port(false), "localhost:" + doors.http3Port(true));
        try (HeadlessChromium chromium = HeadlessChromium.forcingQuic(origins)) {
            WebDriver driver = chromium.driver();
            driver.manage().window().setSize(new Dimension(1600, 1500));
            driver.get(doors.uri(Door.HTTP_2_TLS, "/race").toString());
            WebElement race = race(driver, 1);

            assertEquals("done", race.getDomAttribute("data-state"), driver.findElement(By.id("problem")).getText());
            List<Map<String, Object>> results = results(chromium);
            assertEquals(List.of("http/1.1", "h2", "h3"), results.stream().map(result -> result.get("door")).toList());
            for (Map<String, Object> result : results) {
                assertEquals(result.get("door"), result.get("protocol"), "each frame came over its door's protocol: " + result);
                assertEquals(true, result.get("counted"));
                assertEquals(COUNT, ((Number) result.get("images")).intValue(), "every image loaded: " + result);
            }
            assertEquals("", race.getDomAttribute("data-missing"));
            assertTrue(Double.parseDouble(race.getDomAttribute("data-h3-millis")) > 0);
            String summary = driver.findElement(By.id("summary")).getText();
            assertTrue(summary.contains("HTTP/3 / HTTP/2 = ") && summary.contains("HTTP/3 / HTTP/1.1 = "), summary);
            System.out.printf("race with HTTP/3, 1 round: %s%n", summary);
            chromium.screenshot("race-http3", null);
        }
    }

    @Test
    void aNetworkChangedElsewhereShowsInTheRace() throws IOException {
        String started = doors.systemProperties().getProperty("h2demo.slow.rtt");
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            WebDriver driver = chromium.driver();
            driver.get(doors.uri(Door.HTTP_2_TLS, "/race").toString());
            assertEquals(started, driver.findElement(By.id("network-now-rtt")).getText());
            setNetwork("20", "2"); // as another tab, or curl, would
            WebElement race = race(driver, 1);

            assertEquals("done", race.getDomAttribute("data-state"));
            assertEquals("20", driver.findElement(By.id("network-now-rtt")).getText(), "what the frames were served at");
            assertEquals("2", driver.findElement(By.id("network-now-loss")).getText());
            assertTrue(driver.findElement(By.id("summary")).getText().endsWith("at 20 ms round trip, 2 % loss, no bandwidth limit, reno"),
                    driver.findElement(By.id("summary")).getText());
        } finally {
            setNetwork(started, "0");
        }
    }

    /**
     * The flip, through the model, in a browser: 100 tiles of 20 KB at 5 % loss, set with the page's own buttons.
     * A loss-based sender's one window loses to HTTP/1.1's six; BBR, which does not read loss as congestion, wins.
     * NewReno stands for the loss-based senders (CUBIC, the other, reads loss the same way: the lab's records race
     * both), as each case takes half a minute of a run that has the machine to itself.
     */
    @Tag("slow")
    @Tag(TIMINGS)
    @ParameterizedTest(name = "{0}")
    @CsvSource({"reno, HTTP/1.1", "bbr, HTTP/2"})
    void atFivePercentLossTheSendersCongestionControlDecidesWhoWins(String cc, String winner) throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            WebDriver driver = chromium.driver();
            driver.get(doors.uri(Door.HTTP_2_TLS, "/race?count=100&size=20k").toString());
            choose(driver, "loss", "5");
            choose(driver, "cc", cc);
            WebElement race = race(driver, 1);

            assertEquals("done", race.getDomAttribute("data-state"), driver.findElement(By.id("problem")).getText());
            for (Map<String, Object> result : results(chromium)) {
                @SuppressWarnings("unchecked")
                Map<String, Object> network = (Map<String, Object>) result.get("network");
                assertEquals(cc, network.get("cc"), "served under the chosen sender: " + result);
                assertEquals(5, ((Number) network.get("loss")).intValue());
            }
            double h1 = Double.parseDouble(race.getDomAttribute("data-h1-millis"));
            double h2 = Double.parseDouble(race.getDomAttribute("data-h2-millis"));
            String summary = driver.findElement(By.id("summary")).getText();
            System.out.printf("race at 5 %% loss, 100 x 20k, %s: %s%n", cc, summary);
            assertEquals(winner, h2 < h1 ? "HTTP/2" : "HTTP/1.1", "the same run's medians: " + summary);
            assertTrue(summary.endsWith(", " + cc), summary);
            // beside it, the lab's figure for this page and network, as the records have it, and what its loads say of the model
            LabPoint lab = labPoints().points().stream().filter(point -> point.size().equals("20k") && point.count() == 100
                    && point.rttMillis() == 50 && point.lossPercent() == 5 && point.cc().equals(cc) && point.protocol().equals("h2"))
                    .findFirst().orElseThrow(() -> new AssertionError("no lab point for 100 x 20k at 50 ms, 5 %, " + cc));
            WebElement note = driver.findElement(By.cssSelector("#lab li[data-pair='h2 / http/1.1']"));
            assertEquals(String.format(java.util.Locale.ROOT, "%.2f", lab.lab()), note.getDomAttribute("data-lab"), note.getText());
            assertEquals(lab.agreement(), note.getDomAttribute("data-agreement"), note.getText());
            assertTrue(note.getText().contains(lab.record()), note.getText());
        } finally {
            try (Response response = new TrustedClients().okHttp().newCall(new Request.Builder()
                    .url(doors.uri(Door.HTTP_2_TLS, "/network").toString()).post(new FormBody.Builder().add("loss", "0")
                            .add("cc", doors.systemProperties().getProperty("h2demo.slow.cc")).build()).build()).execute()) {
                assertEquals(200, response.code());
            }
        }
    }

    /** What the WAR carries for the race page: the records' file. */
    private static LabPoints labPoints() throws IOException {
        try (InputStream in = Files.newInputStream(Path.of("docs/results", LabPoints.FILE))) {
            return LabPoints.read(in);
        }
    }

    /** Presses the network form's button for {@code value} and waits until the page shows it in effect. */
    private static void choose(WebDriver driver, String setting, String value) {
        driver.findElement(By.cssSelector("#network button[name='" + setting + "'][value='" + value + "']")).click();
        new WebDriverWait(driver, Duration.ofSeconds(10)).until(d -> value.equals(d.findElement(By.id("network-now-" + setting)).getText()));
    }

    @Test
    void aBrowserThatDoesNotTrustTheCertificateIsToldWhatToDo() throws IOException {
        try (HeadlessChromium untrusting = new HeadlessChromium(false)) {
            WebDriver driver = untrusting.driver();
            driver.manage().window().setSize(new Dimension(1280, 1200));
            // the race page itself in clear text: only the frames meet the certificate
            driver.get(doors.uri(Door.HTTP_1_1, "/race").toString());
            WebElement race = race(driver, 1);

            assertEquals("failed", race.getDomAttribute("data-state"));
            WebElement problem = driver.findElement(By.id("problem"));
            assertTrue(problem.isDisplayed());
            assertTrue(problem.getText().contains("keystore/localhost.crt"), problem.getText());
            assertFalse(problem.findElement(By.tagName("a")).getDomAttribute("href").isEmpty(), "a link to open that door");
            untrusting.screenshot("race-untrusted-certificate", null);
        }
    }

    private void setNetwork(String millis, String lossPercent) throws IOException {
        try (Response response = new TrustedClients().okHttp().newCall(new Request.Builder()
                .url(doors.uri(Door.HTTP_2_TLS, "/network").toString())
                .post(new FormBody.Builder().add("rtt", millis).add("loss", lossPercent).build()).build()).execute()) {
            assertEquals(200, response.code());
        }
    }

    /** What the race page recorded of each load (data-results). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> results(HeadlessChromium chromium) {
        return (List<Map<String, Object>>) chromium.script("return JSON.parse(document.getElementById('race').dataset.results)");
    }

    /** Starts a race of the given rounds and waits until it is over, one way or the other. */
    private static WebElement race(WebDriver driver, int rounds) {
        // what the browser shows instead (an error page names its cause), should the form be missing
        WebElement input = driver.findElements(By.id("rounds")).stream().findFirst().orElseThrow(() -> new AssertionError(
                "no race form at " + driver.getCurrentUrl() + " (" + driver.getTitle() + "): "
                        + driver.findElement(By.tagName("body")).getText()));
        input.clear();
        input.sendKeys(Integer.toString(rounds));
        driver.findElement(By.id("start")).click();
        WebElement race = driver.findElement(By.id("race"));
        new WebDriverWait(driver, Duration.ofMinutes(6)).until(d -> {
            String state = race.getDomAttribute("data-state");
            return "done".equals(state) || "failed".equals(state);
        });
        return race;
    }
}
