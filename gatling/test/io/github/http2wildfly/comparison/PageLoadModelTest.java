package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.http2wildfly.Door;
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
        assertEquals(200 + 87 * 50.0, gatling.predictMillis(Door.HTTP_1_1, 50, 200));
        assertEquals(150, gatling.predictMillis(Door.HTTP_2_TLS, 0, 150));
    }
}
