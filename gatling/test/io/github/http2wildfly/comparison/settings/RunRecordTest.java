package io.github.http2wildfly.comparison.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {

    @TempDir
    Path dir;

    private Properties ran(String... keysAndValues) {
        Properties given = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            given.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        given.setProperty("comparison.grids.dir", "gatling/grids");
        given.setProperty("comparison.record.dir", dir.toString());
        return given;
    }

    @Test
    void theCommandIsTheGridAndEveryKeyTheRunChangedFromIt() {
        // the quick grid as it stands (losses 0,2,5, four loads), run with -Dcomparison.losses=0 -Dcomparison.sizes=20k
        RunRecord record = RunRecord.of(ran("comparison.grid", "quick", "comparison.rtts", "50", "comparison.losses", "0",
                "comparison.loads", "4", "comparison.sizes", "20k"));
        assertEquals("./mvnw verify -Pgatling -Dcomparison.grid=quick -Dcomparison.losses=0 -Dcomparison.sizes=20k", record.command());
        assertEquals("./mvnw verify -Pgatling", RunRecord.of(ran("comparison.rtts", "0,50,100")).command());
        assertEquals("./mvnw verify -Pgatling", RunRecord.of(ran("comparison.seed", "48151623", "comparison.seed.drawn", "true")).command(),
                "a seed drawn for the run");
        assertEquals("./mvnw verify -Pgatling -Dcomparison.seed=2015", RunRecord.of(ran("comparison.seed", "2015")).command(), "a seed given");
        assertEquals("./mvnw verify -Pgatling,stock -Dcomparison.grid=headline", RunRecord.of(ran("comparison.grid", "headline",
                "comparison.profiles", "gatling,stock")).command(), "a run on stock Undertow and Netty");
    }

    @Test
    void aRunRecordsItselfOnlyWhenAskedAndNeverOverAnotherRecordOfTheDay() throws Exception {
        LocalDate day = LocalDate.of(2026, 11, 25);
        assertEquals(Optional.empty(), RunRecord.of(ran("comparison.grid", "quick")).file(day));
        RunRecord recording = RunRecord.of(ran("comparison.grid", "quick", "comparison.record", "true"));
        assertEquals(Optional.of(dir.resolve("2026-11-25-quick.md")), recording.file(day));
        Files.writeString(dir.resolve("2026-11-25-quick.md"), "an earlier run's");
        assertEquals(Optional.of(dir.resolve("2026-11-25-quick-2.md")), recording.file(day));
    }
}
