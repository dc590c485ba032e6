package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.build.BuildCheckFailure;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkSettingsTest {

    @TempDir
    Path dir;

    /** gatling/bench.properties as the build filled it in with the pom's values (process-resources). */
    static Properties asTheBuildFillsItIn() throws IOException {
        Properties given = new Properties();
        try (Reader reader = Files.newBufferedReader(Path.of("target/bench.properties"))) {
            given.load(reader);
        }
        return given;
    }

    @Test
    void thePomsDefaultsCompareEveryDoorAtFourRoundTripTimes() throws IOException {
        BenchmarkSettings settings = BenchmarkSettings.from(asTheBuildFillsItIn());
        assertEquals(List.of(Door.HTTP_1_1, Door.HTTP_1_1_TLS, Door.HTTP_2_TLS), settings.doors());
        assertEquals(List.of(0, 20, 50, 100), settings.roundTripsMillis());
        assertEquals(12, settings.cells().size());
        assertEquals("/http2/logos?count=500", settings.pagePath());
        assertEquals(Files.size(Path.of("src/main/webapp/WEB-INF/logo.png")), settings.imageBytes());
        assertEquals(8643, settings.ports().get(Door.HTTP_2_TLS));
    }

    @Test
    void valuesAreTrimmedSortedAndCaseInsensitive() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("bench.doors", " http_2_tls , HTTP-1-1-TLS");
        given.setProperty("bench.rtts", "100, 0,50,50");
        assertEquals(List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS), BenchmarkSettings.from(given).doors());
        assertEquals(List.of(0, 50, 100), BenchmarkSettings.from(given).roundTripsMillis());
    }

    @Test
    void badValuesNameTheProperty() throws IOException {
        assertEquals("bench.doors=h3: 'h3' is not one of [HTTP_1_1, HTTP_1_1_TLS, HTTP_2_TLS]", failure("bench.doors", "h3"));
        assertEquals("bench.rtts=50ms: expected round-trip times in milliseconds from 0 to 1000, separated by commas",
                failure("bench.rtts", "50ms"));
        assertEquals("bench.users=0: expected a whole number from 1 to 50", failure("bench.users", "0"));
        assertEquals("bench.count=2001: expected a whole number from 1 to 2000", failure("bench.count", "2001"));
        assertEquals("bench.loads is not set", failure("bench.loads", " "));
    }

    @Test
    void aBadFileIsOneLineNamingIt() throws IOException {
        Path file = dir.resolve("bench.properties");
        Files.writeString(file, "bench.users=0\n");
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> BenchmarkSettings.load(file));
        assertEquals(file + ": bench.doors is not set", failure.getMessage());
    }

    private static String failure(String name, String value) throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty(name, value);
        return assertThrows(IllegalArgumentException.class, () -> BenchmarkSettings.from(given)).getMessage();
    }
}
