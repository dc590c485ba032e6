package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.http2wildfly.Door;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class BenchmarkSettingsTest {

    @Test
    void defaultsCompareEveryDoorAtFourRoundTripTimes() {
        BenchmarkSettings settings = BenchmarkSettings.from(new Properties());
        assertEquals(List.of(Door.HTTP_1_1, Door.HTTP_1_1_TLS, Door.HTTP_2_TLS), settings.doors());
        assertEquals(List.of(0, 20, 50, 100), settings.roundTripsMillis());
        assertEquals(12, settings.cells().size());
        assertEquals("/http2/logos?count=500", settings.pagePath());
    }

    @Test
    void valuesAreTrimmedSortedAndCaseInsensitive() {
        Properties system = new Properties();
        system.setProperty("bench.doors", " http_2_tls , HTTP-1-1-TLS");
        system.setProperty("bench.rtts", "100, 0,50,50");
        assertEquals(List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS), BenchmarkSettings.from(system).doors());
        assertEquals(List.of(0, 50, 100), BenchmarkSettings.from(system).roundTripsMillis());
    }

    @Test
    void badValuesNameTheProperty() {
        assertEquals("bench.doors=h3: 'h3' is not one of [HTTP_1_1, HTTP_1_1_TLS, HTTP_2_TLS]", failure("bench.doors", "h3"));
        assertEquals("bench.rtts=50ms: expected round-trip times in milliseconds from 0 to 1000, separated by commas",
                failure("bench.rtts", "50ms"));
        assertEquals("bench.users=0: expected a whole number from 1 to 50", failure("bench.users", "0"));
        assertEquals("bench.count=2001: expected a whole number from 1 to 2000", failure("bench.count", "2001"));
    }

    private static String failure(String name, String value) {
        Properties system = new Properties();
        system.setProperty(name, value);
        return assertThrows(IllegalArgumentException.class, () -> BenchmarkSettings.from(system)).getMessage();
    }
}
