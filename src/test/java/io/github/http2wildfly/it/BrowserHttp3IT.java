package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.shared.HeadlessChromium;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Door 4 and its slow twin, seen by Chromium forced to QUIC (the second client of Http3DoorIT's claim,
 * sharing no code with Netty's): the page and all its 500 images over h3, none from a cache.
 */
@Tag("browser") // needs Chromium: -Pbrowser runs it
class BrowserHttp3IT extends DeployedWarTest {

    private static final int COUNT = 500;

    @ParameterizedTest(name = "slow twin: {0}")
    @ValueSource(booleans = {false, true})
    void chromiumForcedToQuicLoadsThePageAndEveryImageOverHttp3(boolean slow) throws Exception {
        List<String> origins = List.of("localhost:" + doors.http3Port(false), "localhost:" + doors.http3Port(true));
        try (HeadlessChromium chromium = HeadlessChromium.forcingQuic(origins)) {
            String url = "https://localhost:" + doors.http3Port(slow) + doors.path("/logos?count=" + COUNT);
            Map<String, String> report = chromium.loadWall(url);
            assertEquals("h3", chromium.script("return performance.getEntriesByType('navigation')[0].nextHopProtocol"));
            @SuppressWarnings("unchecked")
            List<String> protocols = (List<String>) chromium.script("return performance.getEntriesByType('resource')"
                    + ".filter(e => e.initiatorType === 'img').map(e => e.nextHopProtocol + (e.transferSize > 0 ? '' : ' cached'))");
            assertEquals(COUNT, protocols.size(), "image entries");
            assertEquals(List.of("h3"), protocols.stream().distinct().toList(), "every image over h3, fetched");
            assertEquals("h3", report.get("protocol"));
            assertEquals("0", report.get("fromCache"));
            assertTrue(report.get("text").contains(" s over h3"), report.get("text"));
        }
    }
}
