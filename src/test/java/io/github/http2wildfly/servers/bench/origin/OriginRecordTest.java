package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OriginRecordTest {

    @TempDir
    Path dir;

    private static final OriginRecord.Facts FACTS = new OriginRecord.Facts("2026-12-02", "2 cores (AMD EPYC), Linux 6.18, Java 17.0.15",
            "0.42, 0.50, 0.61", "1.10, 0.80, 0.70", "abc1234", "WildFly 39.0.1.Final with Undertow 2.3.23.Final; nginx/1.22.1", 7, 501);

    private static OriginSettings settings(int rounds) throws IOException {
        Properties given = OriginSettingsTest.asTheBuildFillsItIn();
        given.setProperty("servers.bench.rounds", String.valueOf(rounds));
        return OriginSettings.of(given);
    }

    /** Rounds of one server under one load: rates and CPU scaled by the round, so that each round's ratio is the same. */
    private static OriginRecord.Row row(Load load, String server, double rate, double cpu, int rounds) {
        List<Sample> samples = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            double slower = 1 + 0.05 * round; // a machine busier from round to round, for every server alike
            samples.add(new Sample(rate / slower, cpu * slower * 10, cpu * slower, 1.0 * slower, 4.0 * slower, load.http1() ? 110 : 12.5,
                    load.http1() ? 0 : 80)); // 10,000 requests a run

        }
        return new OriginRecord.Row(load, server, samples);
    }

    private static OriginRecord record(int rounds) throws IOException {
        List<OriginRecord.Row> rows = new ArrayList<>();
        for (Load load : Load.values()) {
            rows.add(row(load, "WildFly, Undertow patched, " + (load.http1() ? "door 3" : "door 2"), 5000, 300, rounds));
            rows.add(row(load, "nginx", 9000, 100, rounds));
        }
        Map<String, String> seen = new LinkedHashMap<>();
        seen.put("nginx", "200; `cache-control: no-store, no-cache, max-age=0`; TLSv1.3, h2");
        return new OriginRecord(settings(rounds), FACTS, rows, seen, List.of());
    }

    @Test
    void eachServerAndLoadIsARowWithItsIntervalsAndItsCpuBesideNginxsRoundByRound() throws IOException {
        String table = record(3).table();
        assertTrue(table.contains("| the logo, `-c 100 -m 1` (the seed's), h2 | WildFly, Undertow patched, door 2 | "), table);
        assertTrue(table.contains("| 3.00 [3.00, 3.00] |"), "every round's CPU three times nginx's, paired by round: " + table);
        assertTrue(table.contains("| nginx | 8,578 [7,620, 9,656] | 105 [93, 118] | — |"), "geometric means; nginx beside itself: none " + table);
        assertTrue(table.contains("| 12.5 [12.5, 12.5] | 80.0 % [80.0, 80.0] |"), table);
        assertTrue(table.contains("| 110.0 [110.0, 110.0] | none |"), "HTTP/1.1 has no HPACK: " + table);
        assertEquals(Load.values().length * 2 + 2 + 2, table.lines().count(), "a row a server and load, the seed's two, the heading's two");
    }

    @Test
    void theSeedsFiguresStandBesideTheSeedsLoad() throws IOException {
        String table = record(3).table();
        assertTrue(table.contains("| the logo, `-c 100 -m 1` (the seed's), h2 | the seed's nginx 1.15 (the article, 2019: macOS, in front of uWSGI)"
                + " | 607 | — | — | — | — | 50.0 | 50.0 % |"), table);
        assertTrue(table.contains("| 638 | — | — | — | — | 110.0 | none |"), table);
    }

    @Test
    void oneRoundIsSaidToHaveNoInterval() throws IOException {
        String table = record(1).table();
        assertTrue(table.contains("| 5,000 (one round) |") && table.contains("| 3.00 (one round) |"), table);
    }

    @Test
    void aRunTooShortForProcsTicksIsMarkedCoarseAndOneWithNoTickHasNoRatio() throws IOException {
        List<Sample> brief = List.of(new Sample(100_000, 30, 3, 1, 2, 120, 33), new Sample(100_000, 40, 4, 1, 2, 120, 33));
        List<Sample> none = List.of(new Sample(100_000, 0, 0, 1, 2, 120, 33), new Sample(100_000, 10, 1, 1, 2, 120, 33));
        OriginRecord.Row wildFly = row(Load.MULTIPLEXED_H2, "WildFly, Undertow patched, door 2", 10_000, 150, 2);
        String coarse = new OriginRecord(settings(2), FACTS, List.of(wildFly, new OriginRecord.Row(Load.MULTIPLEXED_H2, "nginx", brief)),
                Map.of(), List.of()).table();
        assertTrue(coarse.contains("| 3 [1, 22] ‡ | — |") && coarse.contains("| 44.37 [9.73, 202.41] ‡ |"), coarse);
        assertTrue(!coarse.contains("the seed's nginx"), "the seed's rows beside the seed's loads alone: " + coarse);
        assertTrue(coarse.contains("\n‡ A run took the server under 100 ms of CPU"), coarse);
        String untold = new OriginRecord(settings(2), FACTS, List.of(wildFly, new OriginRecord.Row(Load.MULTIPLEXED_H2, "nginx", none)),
                Map.of(), List.of()).table();
        assertTrue(untold.contains("| under a tick ‡ |") && untold.contains("| — ‡ |"), untold);
    }

    @Test
    void oneRoundOrABusyMachineIsSaidBeforeAnyFigure() throws IOException {
        assertEquals("", record(3).caveats(), "three rounds, a load average of 0.42 at the start");
        assertTrue(record(1).caveats().contains("One round: no interval"));
        OriginRecord.Facts busy = new OriginRecord.Facts("2026-12-02", "2 cores", "3.92, 2.75, 3.01", "4.34, 2.89, 3.05", "abc1234", "", 7, 501);
        OriginRecord onABusyMachine = new OriginRecord(settings(3), busy, List.of(), Map.of(), List.of());
        assertTrue(onABusyMachine.caveats().contains("The machine was busy when it started"), onABusyMachine.caveats());
        assertTrue(onABusyMachine.block("results/x.md").contains("The machine was busy"));
    }

    @Test
    void theRecordNamesTheRunsFactsItsCommandAndWhatEachServerSent() throws IOException {
        String record = record(3).record();
        assertTrue(record.startsWith("# What a request costs WildFly over HTTP/1.1 and HTTP/2, beside nginx and Caddy\n"), record);
        assertTrue(record.contains("Measured 2026-12-02 on 2 cores (AMD EPYC), Linux 6.18, Java 17.0.15, the machine's load averages"
                + " (1, 5, 15 minutes) 0.42, 0.50, 0.61 at the start and 1.10, 0.80, 0.70 at the end"), record);
        assertTrue(record.contains("Command: `./mvnw package exec:java@servers -Dservers.bench.rounds=3 -Dservers.bench.requests=10000"
                + " -Dservers.bench.warmup=1 -Dservers.bench.servers=wildfly,wildfly-stock,nginx,caddy`"), record);
        assertTrue(record.contains("WildFly 39.0.1.Final with Undertow 2.3.23.Final; nginx/1.22.1") && record.contains("(seed 7)"), record);
        assertTrue(record.contains("- nginx: 200; `cache-control: no-store, no-cache, max-age=0`; TLSv1.3, h2"), record);
    }

    @Test
    void aRecordedRunWritesItsRecordAndItsTableBetweenTheResultsPagesMarkers() throws IOException {
        Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("results.md"), "## What does a request cost?\n\n" + OriginRecord.BEGIN + "\nnone yet\n" + OriginRecord.END
                + "\n\nWhat it says.\n");
        OriginRecord record = record(3);
        assertEquals(dir.resolve("results/2026-12-02-servers.md"), record.recordIn(dir));
        assertEquals(dir.resolve("results/2026-12-02-servers-2.md"), record.recordIn(dir), "a later run of the day beside the first");
        assertEquals(record.record(), Files.readString(dir.resolve("results/2026-12-02-servers-2.md")));
        String page = Files.readString(dir.resolve("results.md"));
        assertTrue(page.contains(OriginRecord.BEGIN + "\nMeasured 2026-12-02 on 2 cores"), page);
        assertTrue(page.contains("([record](results/2026-12-02-servers-2.md))"), page);
        assertTrue(page.contains(record.table().strip() + "\n" + OriginRecord.END + "\n\nWhat it says.\n"), page);
        assertTrue(!page.contains("none yet"), page);
    }
}
