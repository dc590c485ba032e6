package io.github.http2wildfly.comparison.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class UrlSettingsTest {

    private static Properties given(String urls) {
        Properties given = new Properties();
        given.setProperty("comparison.url", urls);
        given.setProperty("comparison.url.rounds", "5");
        given.setProperty("comparison.url.timeout", "30");
        given.setProperty("comparison.trust", "");
        given.setProperty("comparison.dir", "target/comparison");
        return given;
    }

    @Test
    void noUrlMeansTheDemosComparison() {
        assertNull(UrlSettings.from(given("")));
    }

    @Test
    void severalUrlsCommaSeparatedAndAUrlWithoutPathGetsTheRoot() {
        UrlSettings settings = UrlSettings.from(given("https://example.org, http://localhost:8080/page?x=1"));
        assertEquals(List.of(URI.create("https://example.org/"), URI.create("http://localhost:8080/page?x=1")), settings.urls());
        assertEquals(5, settings.rounds());
    }

    @Test
    void aUrlThatIsNotHttpIsOneLine() {
        IllegalArgumentException ftp = assertThrows(IllegalArgumentException.class, () -> UrlSettings.from(given("ftp://example.org/")));
        assertEquals("comparison.url: 'ftp://example.org/' is not an http:// or https:// URL with a host (e.g. https://example.org/)",
                ftp.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UrlSettings.from(given("example.org")));
        assertThrows(IllegalArgumentException.class, () -> UrlSettings.from(given("https://exa mple.org/")));
    }

    @Test
    void roundsAreBoundedAndAMissingCertificateIsSaid() {
        Properties tooMany = given("https://example.org/");
        tooMany.setProperty("comparison.url.rounds", "100");
        assertEquals("comparison.url.rounds=100: expected a whole number from 1 to 20",
                assertThrows(IllegalArgumentException.class, () -> UrlSettings.from(tooMany)).getMessage());
        Properties missing = given("https://example.org/");
        missing.setProperty("comparison.trust", "no/such.pem");
        assertEquals("comparison.trust=no/such.pem: no readable file there (give the PEM file of the server's certificate)",
                assertThrows(IllegalArgumentException.class, () -> UrlSettings.from(missing)).getMessage());
    }
}
