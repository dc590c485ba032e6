package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.browser.BareChromium;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The comparison's bare probe (Chromium over a bare DevTools connection, nothing enabled) loads the wall through the
 * doors as the harness does: the page's own report, over the door's protocol, every image; and leaves no browser behind.
 * Runs with -Pbrowser.
 */
@Tag("browser")
class BareChromiumIT extends DeployedWarTest {

    @Test
    void theBareProbeLoadsTheWallOverEachDoorsProtocolAndLeavesNoBrowserBehind() throws IOException {
        ProcessHandle browser;
        try (BareChromium chromium = BareChromium.start(List.of("--disable-quic"), Path.of("keystore/localhost.crt"))) {
            browser = chromium.process();
            assertTrue(chromium.client().startsWith("Chromium "), chromium.client());
            for (Door door : List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS)) {
                Map<String, String> report = chromium.load(doors.uri(door, "/logos?count=500").toString(), Duration.ofMinutes(1));
                assertEquals(door.protocol(), report.get("protocol"), door + ": " + report);
                assertEquals("500", report.get("images"), door + ": " + report);
                assertTrue(Double.parseDouble(report.get("loadMillis")) > 0, door + ": " + report);
            }
            assertTrue(chromium.cpu().found(), "the browser's processes, for the CPU a page cost");
        }
        assertTrue(!browser.isAlive(), "the browser stopped with its probe");
    }
}
