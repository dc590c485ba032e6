package io.github.http2wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class RoundTripTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 20, 50, 999, 1000})
    void wholeMillisecondsFromZeroToAThousandAreTaken(int millis) {
        assertEquals(Duration.ofMillis(millis), RoundTrip.parse(Integer.toString(millis)));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", " ", "-1", "1001", "99999999999", "abc", "1.5", "1e3", "+5", "05", "00", " 50", "50 ",
            "\u0665\u0660", "５０", "0x10"})
    void anythingElseIsRefusedWithTheRule(String raw) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> RoundTrip.parse(raw));
        assertEquals("rtt must be a whole number of milliseconds from 0 to 1000", refused.getMessage());
    }

    @Test
    void theRuleNamesTheLimit() {
        assertEquals(1000, RoundTrip.MAX_MILLIS);
    }
}
