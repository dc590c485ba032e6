package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.browser.HeadlessChromium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.OutputType;

/**
 * What a real browser negotiates at each door, seen from inside the page (Navigation and Resource
 * Timing), and what the page reports about itself. Runs with -Pbrowser.
 */
class BrowserProtocolIT extends DeployedWarTest {

    private static final int COUNT = 500;

    @ParameterizedTest
    @EnumSource(Door.class)
    void everyImageComesOverTheDoorsProtocolAndNoneFromACache(Door door) throws IOException {
        String expected = door == Door.HTTP_2_TLS ? "h2" : "http/1.1";
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            Map<String, String> report = chromium.loadWall(doors.uri(door, "/logos?count=" + COUNT).toString());

            assertEquals(expected, chromium.script("return performance.getEntriesByType('navigation')[0].nextHopProtocol"));
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> images = (List<Map<String, Object>>) chromium.script(
                    "return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')"
                            + ".map(e => ({protocol: e.nextHopProtocol, transferSize: e.transferSize, name: e.name}))");
            assertEquals(COUNT, images.size(), "image entries (Resource Timing keeps 250 unless the page raises it)");
            assertEquals(COUNT, images.stream().map(image -> image.get("name")).distinct().count(), "distinct URLs");
            for (Map<String, Object> image : images) {
                assertEquals(expected, image.get("protocol"), String.valueOf(image.get("name")));
                assertTrue(((Number) image.get("transferSize")).longValue() > 0, "fetched, not cached: " + image.get("name"));
            }

            // the page's own report says the same
            assertEquals(Integer.toString(COUNT), report.get("images"));
            assertEquals(Integer.toString(COUNT), report.get("imageEntries"));
            assertEquals(expected, report.get("protocol"));
            assertEquals("0", report.get("fromCache"));
            assertTrue(report.get("text").startsWith(COUNT + " images in ") && report.get("text").contains(" s over " + expected),
                    report.get("text"));
        }
    }

    @Test
    void screenshotOfThePagesOwnReport() throws IOException {
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            Map<String, String> report = chromium.loadWall(doors.uri(Door.HTTP_2_TLS, "/logos").toString());
            Path screenshot = Path.of("target/screenshots/logos-h2.png");
            Files.createDirectories(screenshot.getParent());
            Files.write(screenshot, chromium.driver().getScreenshotAs(OutputType.BYTES));
            assertTrue(Files.size(screenshot) > 0);
            assertEquals("h2", report.get("protocol"));
        }
    }
}
