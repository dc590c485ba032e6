package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.attack.Attack;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class CheckSettingsTest {

    @Test
    void theDefaultsCheckTheUrlWithTheHeldAttacksFirstRapidResetLastAndH2spec() {
        CheckSettings settings = CheckSettings.read(given("check.url", "https://example.org:8443/app?x=1"));
        assertEquals(URI.create("https://example.org:8443/app?x=1"), settings.url());
        assertEquals(Optional.empty(), settings.clearTextUrl());
        assertEquals(List.of(CheckedAttack.of(Attack.SLOW_BODIES), CheckedAttack.HALF_OPEN_HANDSHAKES,
                CheckedAttack.of(Attack.CONTINUATION_FLOOD), CheckedAttack.of(Attack.MADE_YOU_RESET), CheckedAttack.of(Attack.RAPID_RESET)),
                settings.attacks());
        assertEquals(Duration.ofSeconds(3), settings.attackTime());
        assertEquals(Duration.ofSeconds(12), settings.holdTime());
        assertTrue(settings.h2spec());
        assertEquals("/app?x=1", CheckSettings.path(settings.url()));
        assertEquals(443, CheckSettings.port(URI.create("https://example.org/")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "check.url; ; check.url is missing",
            "check.url; example.org; is not an http:// or https:// URL with a host",
            "check.url; ftp://example.org/; is not an http:// or https:// URL with a host",
            "check.url; https://example.org:99999/; port 99999 is not from 1 to 65535",
            "check.attacks; rapid-reset,slowloris; check.attacks=rapid-reset,slowloris: 'slowloris' is not one of none, rapid-reset",
            "check.attack.seconds; 0; check.attack.seconds=0 is not a number of seconds from 1 to 60",
            "check.hold.seconds; 61; check.hold.seconds=61 is not a number of seconds from 1 to 60",
            "check.h2spec; yes; check.h2spec=yes is not true or false",
            "check.trust; /nowhere.pem; check.trust=/nowhere.pem is not a readable file"})
    void aWrongPropertyIsOneLineNamingIt(String name, String value, String said) {
        Properties given = given("check.url", "https://example.org/");
        given.setProperty(name, value == null ? "" : value);
        CheckFailure failure = assertThrows(CheckFailure.class, () -> CheckSettings.read(given));
        assertTrue(failure.getMessage().contains(said), failure.getMessage());
        assertTrue(!failure.getMessage().contains("\n") && failure.getStackTrace().length == 0, failure.getMessage());
    }

    @Test
    void theAttacksGoInTheOrderNamedTheHalfOpenHandshakesAmongThem() {
        Properties given = given("check.url", "https://example.org/");
        given.setProperty("check.attacks", "rapid-reset, half-open-handshakes,ping-flood");
        assertEquals(List.of(CheckedAttack.of(Attack.RAPID_RESET), CheckedAttack.HALF_OPEN_HANDSHAKES, CheckedAttack.of(Attack.PING_FLOOD)),
                CheckSettings.read(given).attacks());
    }

    @Test
    void noneSendsNoAttack() {
        Properties given = given("check.url", "https://example.org/");
        given.setProperty("check.attacks", "none");
        assertEquals(List.of(), CheckSettings.read(given).attacks());
    }

    private static Properties given(String name, String value) {
        Properties given = new Properties();
        given.setProperty(name, value);
        return given;
    }
}
