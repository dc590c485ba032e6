package io.github.http2wildfly.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestRulesFilterTest {

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "localhost:8443", "127.0.0.1:8080", "[::1]:8443", "[::1]", "my-host.example.org",
        "wildfly_1:8080"})
    void hostNamesAndAddressesAreHosts(String host) {
        assertTrue(RequestRulesFilter.isValidHost(host), host);
    }

    @ParameterizedTest
    @ValueSource(strings = {"[x", "[::1", "::1", "", " ", "localhost:", "localhost:99999999", "a b", "host/path", "user@host",
        "-leading", "localhost:80:80", "ex\u00e4mple.org"})
    void anythingElseIsRefused(String host) {
        assertFalse(RequestRulesFilter.isValidHost(host), host);
    }

    @Test
    void allowNamesOnlyWhatIsServed() {
        assertEquals("GET, HEAD, OPTIONS", RequestRulesFilter.withoutTrace("GET, HEAD, TRACE, OPTIONS"));
        assertEquals("GET, HEAD, POST, OPTIONS", RequestRulesFilter.withoutTrace("GET, HEAD, POST, TRACE, OPTIONS"));
    }
}
