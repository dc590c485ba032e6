package io.github.http2wildfly.setting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TokenTest {

    enum Hop implements Token {
        AJP, HTTP, H2C, RAPID_RESET
    }

    @Test
    void aListIsEachNameOnceInTheOrderGivenBlanksSkipped() {
        assertEquals(List.of(Hop.H2C, Hop.AJP, Hop.RAPID_RESET), Token.parseAll(Hop.class, "hops", " h2c,ajp,, h2c ,rapid-reset,"));
        assertEquals(List.of(), Token.parseAll(Hop.class, "hops", ""));
    }

    @Test
    void aNameItDoesNotKnowIsOneLineNamingTheSettingAndEveryName() {
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> Token.parse(Hop.class, "hop", " h3 "));
        assertEquals("hop= h3 : 'h3' is not one of ajp, http, h2c, rapid-reset", one.getMessage());
        IllegalArgumentException list = assertThrows(IllegalArgumentException.class, () -> Token.parseAll(Hop.class, "hops", "ajp, H2C"));
        assertEquals("hops=ajp, H2C: 'H2C' is not one of ajp, http, h2c, rapid-reset", list.getMessage());
    }

    /** A setting that names its values in its own way (not an enum's tokens) reads its list by the same rules. */
    @Test
    void aListOfOtherValuesIsReadByTheSameRules() {
        assertEquals(List.of(false, true), Token.parseAll("rwnds", "off, on,,off,", TokenTest::onOrOff, "on, off"),
                "each name stripped, blanks skipped, each value once");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Token.parseAll("rwnds", "on, maybe", TokenTest::onOrOff, "on, off"));
        assertEquals("rwnds=on, maybe: 'maybe' is not one of on, off", bad.getMessage());
    }

    private static Optional<Boolean> onOrOff(String name) {
        return switch (name) {
            case "on" -> Optional.of(true);
            case "off" -> Optional.of(false);
            default -> Optional.empty();
        };
    }
}
