package io.github.http2wildfly.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SameOriginTest {

    @Test
    void aPageOfTheSameOriginMayChangeIt() {
        assertTrue(SameOrigin.allows("same-origin", "https://localhost:8443", "https", "localhost:8443"));
        assertTrue(SameOrigin.allows(null, "https://localhost:8443", "https", "localhost:8443"));
    }

    @Test
    void anotherSiteOrAnotherDoorMayNot() {
        assertFalse(SameOrigin.allows("cross-site", "https://evil.example", "https", "localhost:8443"));
        assertFalse(SameOrigin.allows("same-site", "https://localhost:8446", "https", "localhost:8443"));
        assertFalse(SameOrigin.allows(null, "https://evil.example", "https", "localhost:8443"));
        assertFalse(SameOrigin.allows(null, "http://localhost:8443", "https", "localhost:8443"));
        assertFalse(SameOrigin.allows(null, "null", "https", "localhost:8443"));
    }

    @Test
    void aBrowserOnlyNamesWhereItComesFromWhenItKnows() {
        assertFalse(SameOrigin.allows("same-site", null, "https", "localhost:8443"), "Sec-Fetch-Site decides");
        assertTrue(SameOrigin.allows("none", null, "https", "localhost:8443"), "typed by the person");
    }

    @Test
    void aClientThatIsNoBrowserPageIsLetThrough() {
        assertTrue(SameOrigin.allows(null, null, "http", "localhost:8080"), "curl, scripts");
    }
}
