package io.github.http2wildfly.comparison.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.http2wildfly.measure.statistics.Spread;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PageLoadTest {

    private static final String PAGE = "https://example.org:443";

    private static PageLoad.Request request(String url, String protocol) {
        return new PageLoad.Request(url, "img", protocol, 0, 0, 0, 0, 0, 0, 10, 100, 90, 200, "image/png");
    }

    @Test
    void aRequestToThePagesOwnOriginOverAnotherProtocolTakesTheLoadOffItsLane() {
        List<PageLoad.Request> requests = List.of(request("https://example.org/", "h3"), request("https://example.org/a.png", "h3"),
                request("https://example.org/b.png", "h2"), request("https://cdn.example.net/c.js", "h2"),
                request("https://example.org/cached.png", ""));
        assertEquals("1 of 3 requests to https://example.org:443 came over h2, not h3", PageLoad.offLane(Lane.H3, requests, PAGE));
        assertNull(PageLoad.offLane(Lane.H2, List.of(request("https://example.org/", "h2"), request("https://cdn.example.net/c.js", "h3")),
                PAGE), "another origin decides its own protocol; a cached response says none");
    }

    @Test
    void requestsAreCountedByOriginAndProtocolThePagesFirst() {
        PageLoad load = new PageLoad(Lane.H2, 0, true, "https://example.org/", 0, 100, null, null, 1, 2,
                List.of(request("https://cdn.example.net/c.js", ""), request("https://example.org/", "h2"),
                        request("https://example.org/a.png", "h2")), null);
        assertEquals(Map.of(PAGE, Map.of("h2", 2), "https://cdn.example.net:443", Map.of("not said", 1)), load.protocolsByOrigin(PAGE));
        assertEquals(PAGE, load.protocolsByOrigin(PAGE).keySet().iterator().next());
    }

    @Test
    void spreadsAreWrittenTheSameOnAGermanJvm() {
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertEquals("1,234 (1,000-1,500)", new Spread(new double[] {1000, 1234, 1500}).text());
        } finally {
            java.util.Locale.setDefault(before);
        }
    }

    @Test
    void mediansAndSpreadsLeaveOutWhatDidNotFinish() {
        Spread spread = Spread.of(java.util.Arrays.asList(300.0, null, 100.0, Double.NaN, 200.0, 400.0));
        assertEquals(new Spread(new double[] {100, 200, 300, 400}), spread);
        assertEquals(250, spread.median());
        assertEquals("250 (100-400)", spread.text());
        assertEquals("-", Spread.of(List.of()).text());
    }

    @Test
    void altSvcsH3EntryIsFoundAndDraftsAreNot() {
        assertEquals(Optional.of(":443"), SiteProbe.http3Authority(List.of("h3=\":443\"; ma=86400, h3-29=\":443\"; ma=86400")));
        assertEquals(Optional.of("alt.example.org:8443"), SiteProbe.http3Authority(List.of("h2=\":443\", h3=\"alt.example.org:8443\"")));
        assertEquals(Optional.empty(), SiteProbe.http3Authority(List.of("h3-29=\":443\"; ma=86400")));
        assertEquals(Optional.empty(), SiteProbe.http3Authority(List.of()));
    }
}
