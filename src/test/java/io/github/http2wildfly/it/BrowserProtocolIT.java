package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;

/**
 * What a real browser negotiates at each door and each slow door, seen from inside the page
 * (Navigation and Resource Timing), what the page reports about itself, and its waterfall.
 * Runs with -Pbrowser.
 */
@Tag("browser") // needs Chromium: -Pbrowser runs it
class BrowserProtocolIT extends DeployedWarTest {

    private static final int COUNT = 500;

    @ParameterizedTest
    @EnumSource(value = Door.class, mode = EnumSource.Mode.EXCLUDE, names = "HTTP_3") // door 4: Http3DoorIT, BrowserHttp3IT
    void everyImageComesOverTheDoorsProtocolAndNoneFromACache(Door door) throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            assertWallLoadedOver(chromium, doors.uri(door, "/logos?count=" + COUNT).toString(), door);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Door.class, mode = EnumSource.Mode.EXCLUDE, names = "HTTP_3") // door 4: Http3DoorIT, BrowserHttp3IT
    void eachSlowDoorSpeaksItsTwinsProtocolAfterARoundTripOfSetUp(Door door) throws IOException {
        long roundTripMillis = Long.parseLong(doors.systemProperties().getProperty("h2demo.slow.rtt"));
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            assertWallLoadedOver(chromium, doors.slowUri(door, "/logos?count=" + COUNT).toString(), door);
            // the connection's set-up round trip, then the request's own: two, where one would mean no set-up cost.
            // Not "at least two" to the millisecond: Chromium's clock is coarsened, and its connectStart can follow
            // the proxy's accept, from which the proxy counts, by a fraction of a millisecond (99.5 ms seen at 50 ms).
            double connectToFirstByte = ((Number) chromium.script("var n = performance.getEntriesByType('navigation')[0];"
                    + " return n.responseStart - n.connectStart")).doubleValue();
            assertTrue(connectToFirstByte >= 1.5 * roundTripMillis,
                    "connect to first byte " + connectToFirstByte + " ms at a round trip of " + roundTripMillis + " ms");
            // the README's pictures: what a person sees through the slow doors
            chromium.screenshot("waterfall-slow-" + door.name().toLowerCase(Locale.ROOT).replace('_', '-'), By.id("waterfall"));
        }
    }

    /** What the comparison's Chromium leg rests on: a fresh context per load is a first visit, as a fresh browser is. */
    @Test
    void eachFreshBrowserContextOpensItsOwnConnection() throws IOException {
        URI door = doors.uri(Door.HTTP_2_TLS, "/logos?count=" + COUNT);
        try (DelayProxy counting = DelayProxy.withRoundTrip(new InetSocketAddress("127.0.0.1", door.getPort()), Duration.ZERO);
                HeadlessChromium chromium = new HeadlessChromium()) {
            URI throughProxy = Door.HTTP_2_TLS.uri("localhost", counting.port(), door.getRawPath() + "?" + door.getRawQuery());
            for (int load = 1; load <= 3; load++) {
                try (HeadlessChromium.FreshContext context = chromium.freshContext()) {
                    assertWallLoadedOver(chromium, throughProxy.toString(), Door.HTTP_2_TLS);
                }
                assertEquals(load, counting.connectionsAccepted(), "HTTP/2 connections after " + load + " loads");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 500, 2000})
    void theWaterfallDrawsOneRowPerImage(int count) throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            chromium.loadWall(doors.uri(Door.HTTP_2_TLS, "/logos?count=" + count).toString());
            String rows = chromium.driver().findElement(By.id("waterfall")).getDomAttribute("data-rows");
            assertEquals(Integer.toString(count), rows);
            System.out.printf("waterfall of %d rows drawn in %s ms%n", count,
                    chromium.driver().findElement(By.id("waterfall")).getDomAttribute("data-draw-millis"));
        }
    }

    @Test
    void screenshotOfThePagesOwnReport() throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            Map<String, String> report = chromium.loadWall(doors.uri(Door.HTTP_2_TLS, "/logos").toString());
            assertTrue(Files.size(chromium.screenshot("logos-h2", null)) > 0);
            assertEquals("h2", report.get("protocol"));
        }
    }

    private static void assertWallLoadedOver(HeadlessChromium chromium, String url, Door door) {
        Map<String, String> report = chromium.loadWall(url);
        BrowserWall.assertLoadedOver(door == Door.HTTP_2_TLS ? "h2" : "http/1.1", COUNT, chromium.script("return " + BrowserWall.PAGE_PROTOCOL),
                chromium.script("return " + BrowserWall.IMAGE_ENTRIES), report);
    }
}
