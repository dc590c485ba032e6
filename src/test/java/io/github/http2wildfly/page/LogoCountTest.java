package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LogoCountTest {

    @Test
    void absentMeansTheDefault() {
        assertEquals(500, LogoCount.parse((String[]) null));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 500, 2000})
    void acceptsTheRange(int count) {
        assertEquals(count, LogoCount.parse(Integer.toString(count)));
    }

    @Test
    void theLegacyPageStatesTheSameRule() throws IOException {
        assertTrue(Files.readString(Path.of("src/legacy/webapp/logos.jsp")).contains(LogoCount.RULE));
    }

    @Test
    void aCountGivenTwiceIsRefusedEvenWhenBothAgree() {
        assertThrows(LogoCount.InvalidCountException.class, () -> LogoCount.parse("12", "12"));
        assertThrows(LogoCount.InvalidCountException.class, () -> LogoCount.parse("12", "900"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "2001", "9999", "2147483648", "abc", "", " ", " 12 ", "1e3", "1.5", "0x10",
        "+12", "012", "0012", "\u0661\u0662", "\uff11\uff12", "12\n"})
    void refusesEverythingElseWithTheRule(String raw) {
        LogoCount.InvalidCountException refused =
                assertThrows(LogoCount.InvalidCountException.class, () -> LogoCount.parse(raw));
        assertEquals("count must be given once, as a whole number from 1 to 2000 in plain digits", refused.getMessage());
    }
}
