package io.github.http2wildfly.comparison.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import org.junit.jupiter.api.Test;

class PageLoadModelTest {

    private final PageLoadModel gatling = new PageLoadModel(500, 670, 65_535);

    @Test
    void http11NeedsAboutASixthOfTheImagesInRoundTrips() {
        // TCP, the page, TCP for the other five connections, ⌈500/6⌉ = 84 rounds of images
        assertEquals(1 + 1 + 1 + 84, gatling.roundTrips(Door.HTTP_1_1));
        // TLS 1.3 adds a round trip to each set-up
        assertEquals(2 + 1 + 2 + 84, gatling.roundTrips(Door.HTTP_1_1_TLS));
    }

    @Test
    void http2IsLimitedByTheClientsWindow() {
        // 500 × 670 = 335,000 bytes through a 65,535-byte window: 6 round trips after set-up and page
        assertEquals(2 + 1 + 6, gatling.roundTrips(Door.HTTP_2_TLS));
        PageLoadModel browser = new PageLoadModel(500, 670, 15 * 1024 * 1024);
        assertEquals(2 + 1 + 1, browser.roundTrips(Door.HTTP_2_TLS));
    }

    @Test
    void theTimeIsTheRoundTripsOnTopOfTheLoadWithoutLatency() {
        assertEquals(200 + 87 * 50.0, gatling.predictMillis(Door.HTTP_1_1, Condition.latency(50), 200));
        assertEquals(150, gatling.predictMillis(Door.HTTP_2_TLS, Condition.latency(0), 150));
    }

    @Test
    void overHttp2ALinkRateAddsThePagesBytes() {
        Condition tenMegabits = new Condition(50, 0, 10, ImageSize.LOGO, CongestionControl.RENO);
        // 335,000 bytes at 10 Mbit/s: 268 ms
        assertEquals(268, gatling.transferMillis(Door.HTTP_2_TLS, tenMegabits), 1e-9);
        assertEquals(9 * 50.0 + 268, gatling.predictMillis(Door.HTTP_2_TLS, tenMegabits, 0), 1e-9);
    }

    @Test
    void overHttp11ALinkRateAddsOneImagePerRoundUnlessThePageNeedsLongerThanTheRoundTrips() {
        // 84 rounds of one 670-byte image at 10 Mbit/s (0.536 ms): the link idles while the round trips pass
        assertEquals(84 * 0.536, gatling.transferMillis(Door.HTTP_1_1, new Condition(50, 0, 10, ImageSize.LOGO, CongestionControl.RENO)), 1e-9);
        // at 1 Mbit/s and no round trip the page's 2,680 ms on the link decide
        assertEquals(2680, gatling.transferMillis(Door.HTTP_1_1, new Condition(0, 0, 1, ImageSize.LOGO, CongestionControl.RENO)), 1e-9);
    }

    @Test
    void overHttp11EverySmallExchangeLosesToATimeoutButEachConnectionAlone() {
        // 84 exchanges per connection, each a one-segment request and a one-segment response: both tails,
        // each lost with p = 2 %, each costing max(200 ms, 2 x 50 ms)
        assertEquals(84 * 0.02 * 2 * 200, gatling.lossMillis(Door.HTTP_1_1_TLS, new Condition(50, 2, 0, ImageSize.LOGO, CongestionControl.RENO)), 1e-9);
    }

    @Test
    void overHttp2EveryLostSegmentOfThePageCostsARoundTrip() {
        // 230 response segments and 11 of requests, a round trip each; 6 windows, each with a three-segment tail
        double expected = 0.02 * (241 * 50 + 6 * 3 * (200 - 50));
        assertEquals(expected, gatling.lossMillis(Door.HTTP_2_TLS, new Condition(50, 2, 0, ImageSize.LOGO, CongestionControl.RENO)), 1e-9);
        assertEquals(0, gatling.lossMillis(Door.HTTP_2_TLS, Condition.latency(50)));
    }

    @Test
    void largerImagesMakeHttp2PayForEveryLossOnItsOneConnection() {
        PageLoadModel browser = new PageLoadModel(500, 200_000, 15 * 1024 * 1024);
        Condition lossy = new Condition(50, 2, 0, ImageSize.KB200, CongestionControl.RENO);
        assertTrue(browser.lossMillis(Door.HTTP_2_TLS, lossy) > 3 * browser.lossMillis(Door.HTTP_1_1_TLS, lossy));
    }
}
