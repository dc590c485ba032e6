package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

/**
 * What a browser's load of the wall must show from inside the page, whichever engine loaded it (BrowserProtocolIT in
 * Chromium, FirefoxIT): the page's and every image's protocol (Navigation and Resource Timing), each image fetched,
 * and the page's own report saying the same.
 */
final class BrowserWall {

    /** The page's protocol, as a script expression. */
    static final String PAGE_PROTOCOL = "performance.getEntriesByType('navigation')[0].nextHopProtocol";
    /** Every image's Resource Timing entry: its protocol, bytes over the network and URL, as a script expression. */
    static final String IMAGE_ENTRIES = "performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')"
            + ".map(e => ({protocol: e.nextHopProtocol, transferSize: e.transferSize, name: e.name}))";

    private BrowserWall() {
    }

    /** {@code images}: what {@link #IMAGE_ENTRIES} gave; {@code report}: the wall's own report (loadWall). */
    static void assertLoadedOver(String expected, int count, Object pageProtocol, Object images, Map<String, String> report) {
        assertEquals(expected, pageProtocol, "the page");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> entries = (List<Map<String, Object>>) images;
        assertEquals(count, entries.size(), "image entries (Resource Timing keeps 250 unless the page raises it)");
        assertEquals(count, entries.stream().map(image -> image.get("name")).distinct().count(), "distinct URLs");
        for (Map<String, Object> image : entries) {
            assertEquals(expected, image.get("protocol"), String.valueOf(image.get("name")));
            assertTrue(((Number) image.get("transferSize")).longValue() > 0, "fetched, not cached: " + image.get("name"));
        }

        // the page's own report says the same
        assertEquals(Integer.toString(count), report.get("images"));
        assertEquals(Integer.toString(count), report.get("imageEntries"));
        assertEquals(expected, report.get("protocol"));
        assertEquals("0", report.get("fromCache"));
        // six connections cap HTTP/1.1's requests in flight; over HTTP/2 and HTTP/3 the browser sends far more at once
        int maxInFlight = Integer.parseInt(report.get("maxInFlight"));
        assertTrue(expected.equals("http/1.1") ? maxInFlight <= 6 : maxInFlight > 6, "requests in flight at once: " + maxInFlight);
        assertTrue(report.get("text").startsWith(count + " images in ") && report.get("text").contains(" s over " + expected),
                report.get("text"));
    }
}
