package io.github.http2wildfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LogoCountTest {

    @Test
    void absentMeansTheDefault() {
        assertEquals(500, LogoCount.parse(null));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 500, 2000})
    void acceptsTheRange(int count) {
        assertEquals(count, LogoCount.parse(Integer.toString(count)));
    }

    @Test
    void toleratesSurroundingBlanks() {
        assertEquals(12, LogoCount.parse(" 12 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "2001", "2147483648", "abc", "", " ", "1e3", "1.5", "0x10"})
    void refusesEverythingElseWithTheRule(String raw) {
        LogoCount.InvalidCountException refused =
                assertThrows(LogoCount.InvalidCountException.class, () -> LogoCount.parse(raw));
        assertEquals("count must be a whole number from 1 to 2000", refused.getMessage());
    }
}
