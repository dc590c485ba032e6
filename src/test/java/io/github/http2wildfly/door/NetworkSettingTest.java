package io.github.http2wildfly.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class NetworkSettingTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 20, 50, 999, 1000})
    void wholeMillisecondsFromZeroToAThousandAreTaken(int millis) {
        assertEquals(millis, NetworkSetting.ROUND_TRIP.parse(Integer.toString(millis)));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", " ", "-1", "1001", "99999999999", "abc", "1.5", "1e3", "+5", "05", "00", " 50", "50 ",
            "\u0665\u0660", "５０", "0x10"})
    void anythingElseIsRefusedWithTheRule(String raw) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> NetworkSetting.ROUND_TRIP.parse(raw));
        assertEquals("rtt must be a whole number of milliseconds from 0 to 1000", refused.getMessage());
    }

    @Test
    void lossIsWholePercentUpToTwentyAndBandwidthWholeMegabitsWithZeroForNoLimit() {
        assertEquals(20, NetworkSetting.LOSS.parse("20"));
        assertEquals("loss must be a whole number of percent (of 1460-byte segments) from 0 to 20",
                assertThrows(IllegalArgumentException.class, () -> NetworkSetting.LOSS.parse("21")).getMessage());
        assertEquals(0, NetworkSetting.BANDWIDTH.parse("0"));
        assertEquals("bandwidth must be a whole number of Mbit/s (0: no limit) from 0 to 1000",
                assertThrows(IllegalArgumentException.class, () -> NetworkSetting.BANDWIDTH.parse("0.5")).getMessage());
    }

    @ParameterizedTest
    @EnumSource(NetworkSetting.class)
    void everyPresetIsAValueTheRuleTakesAndTheServerPropertyFollowsThePoms(NetworkSetting setting) {
        setting.presets().forEach(preset -> assertEquals(preset, setting.parse(Integer.toString(preset))));
        assertEquals("h2demo." + setting.mavenProperty(), setting.systemProperty());
    }
}
