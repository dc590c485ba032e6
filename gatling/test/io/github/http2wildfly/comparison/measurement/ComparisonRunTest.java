package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.ComparisonSettingsTest;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ComparisonRunTest {

    private static ComparisonSettings quick() throws IOException {
        return quick(ComparisonSettingsTest.asTheBuildFillsItIn());
    }

    private static ComparisonSettings quick(Properties given) {
        given.setProperty("comparison.doors", "HTTP_1_1_TLS,HTTP_2_TLS,HTTP_3");
        given.setProperty("comparison.rtts", "50");
        given.setProperty("comparison.losses", "0,5");
        return ComparisonSettings.from(given);
    }

    @Test
    void gatlingLeavesHttp3OutAndChromiumLoadsIt() throws IOException {
        try (ComparisonRun gatling = new ComparisonRun(quick(), false); ComparisonRun chromium = new ComparisonRun(quick(), true)) {
            assertEquals(List.of(Door.HTTP_1_1_TLS, Door.HTTP_2_TLS), gatling.cells().stream().map(Cell::door).distinct().toList());
            assertEquals(9, chromium.cells().size(), "three doors without a network, at 0 % and at 5 % loss");
            Cell http3 = chromium.cells().stream().filter(cell -> cell.door() == Door.HTTP_3).findFirst().orElseThrow();
            assertTrue(chromium.pageUrl(http3, true).matches("https://127\\.0\\.0\\.1:\\d+/http2/logos\\?count=500"));
        }
    }

    @Test
    void theBrowserForcesQuicToEveryHttp3ProxyOfTheRunAndNoOther() throws IOException {
        try (ComparisonRun run = new ComparisonRun(quick(), true)) {
            List<String> http3Origins = run.rounds().stream().flatMap(round -> round.cells().stream()
                    .filter(cell -> cell.door() == Door.HTTP_3).map(cell -> run.baseUrl(cell, round.counted()).substring("https://".length())))
                    .distinct().sorted().toList();
            assertEquals(4, http3Origins.size(), "three measured cells and the warm-up's");
            assertEquals(http3Origins, run.quicOrigins().stream().sorted().toList());
        }
    }

    @Test
    void warmUpsLoadEachDoorOnceWithoutANetworkThenEveryCellIsCounted() throws IOException {
        try (ComparisonRun run = new ComparisonRun(quick(), true)) {
            List<ComparisonRun.Round> rounds = run.rounds();
            assertEquals(1 + 20, rounds.size(), "a warm-up, then as many rounds as a pair may take (comparison.loads.max)");
            assertEquals(List.of("warm-up 0", "load 0", "load 1"), rounds.subList(0, 3).stream().map(ComparisonRun.Round::name).toList());
            assertTrue(rounds.get(0).cells().stream().allMatch(cell -> cell.condition().rttMillis() == 0));
            assertEquals(3, rounds.get(0).cells().size());
            assertEquals(9, rounds.get(1).cells().size());
            assertTrue(rounds.stream().skip(1).anyMatch(round -> !round.cells().equals(rounds.get(1).cells())),
                    "each round its own order");
        }
    }

    @Test
    void inEveryPairOfCellsEachLeadsOnceInEveryTwoRounds() throws IOException {
        try (ComparisonRun run = new ComparisonRun(quick(), true)) {
            List<List<Cell>> orders = run.rounds().stream().filter(ComparisonRun.Round::counted).map(ComparisonRun.Round::cells).toList();
            for (int round = 0; round + 1 < orders.size(); round += 2) {
                List<Cell> reversed = new ArrayList<>(orders.get(round));
                Collections.reverse(reversed);
                assertEquals(reversed, orders.get(round + 1), "round " + (round + 1) + " reverses round " + round);
            }
            assertTrue(!orders.get(2).equals(orders.get(0)), "a new order every other round");
        }
    }

    @Test
    void runsWithSeedsOneApartLoadInOrdersOfTheirOwnAndASeedRepeatsItsOrders() throws IOException {
        Properties given = ComparisonSettingsTest.asTheBuildFillsItIn();
        List<List<List<Cell>>> orders = new ArrayList<>();
        for (String seed : List.of("2015", "2016", "2015")) {
            given.setProperty("comparison.seed", seed);
            try (ComparisonRun run = new ComparisonRun(quick(given), true)) {
                orders.add(run.rounds().stream().map(ComparisonRun.Round::cells).toList());
            }
        }
        assertEquals(orders.get(0), orders.get(2), "the same seed, the same orders");
        List<List<Cell>> one = orders.get(0);
        List<List<Cell>> next = orders.get(1);
        long alike = IntStream.range(0, one.size()).filter(round -> one.get(round).equals(next.get(round))).count();
        assertTrue(alike <= 2, "seeds one apart share " + alike + " of " + one.size() + " rounds' orders");
        long repeats = one.stream().skip(1).filter(order -> Collections.frequency(one.subList(1, one.size()), order) > 2).count();
        assertEquals(0, repeats, "within a run an order comes back only by chance, not every fourth round");
    }

    @Test
    void afterTheFirstLoadsARoundLoadsOnlyTheCellsOfPairsStillUndecided() throws IOException {
        try (ComparisonRun run = new ComparisonRun(quick(), true)) {
            List<ComparisonRun.Round> rounds = run.rounds();
            Cell h1 = new Cell(Door.HTTP_1_1_TLS, Condition.latency(50));
            Cell h2 = new Cell(Door.HTTP_2_TLS, Condition.latency(50));
            Cell h3 = new Cell(Door.HTTP_3, Condition.latency(50));
            Cell lossyH1 = new Cell(Door.HTTP_1_1_TLS, new Condition(50, 5, 0, ImageSize.LOGO, CongestionControl.RENO));
            Cell loopback = new Cell(Door.HTTP_1_1_TLS, Condition.latency(0));
            double[][] millis = {{4600, 4700, 4500, 4650}, {800, 810, 790, 795}, {805, 790, 812, 780}};
            List<Cell> cells = List.of(h1, h2, h3);
            for (int round = 0; round < 4; round++) {
                assertTrue(run.loads(loopback, rounds.get(1 + round)), "the first comparison.loads rounds load every cell");
                for (int cell = 0; cell < 3; cell++) {
                    run.log(cells.get(cell)).record(round, cell, millis[cell][round], false);
                }
            }
            ComparisonRun.Round fifth = rounds.get(1 + 4);
            assertTrue(!run.loads(h1, fifth), "h2 / h1-TLS and h3 / h1-TLS decided at the first look");
            assertTrue(run.loads(h2, fifth) && run.loads(h3, fifth), "h3 / h2 undecided: both load on");
            assertTrue(run.loads(lossyH1, fifth), "nothing loaded yet at 5 % loss");
            assertTrue(run.loads(loopback, fifth), "the page on loopback beside every round that still loads its budget's cells");
            assertTrue(!run.finished(fifth));
        }
    }

    @Test
    void onceEveryPairOfItsBudgetIsDecidedThePageOnLoopbackLoadsNoMore() throws IOException {
        Properties given = ComparisonSettingsTest.asTheBuildFillsItIn();
        given.setProperty("comparison.doors", "HTTP_1_1_TLS,HTTP_2_TLS");
        given.setProperty("comparison.rtts", "50");
        try (ComparisonRun run = new ComparisonRun(ComparisonSettings.from(given), true)) {
            List<ComparisonRun.Round> rounds = run.rounds();
            Cell h1 = new Cell(Door.HTTP_1_1_TLS, Condition.latency(50));
            Cell h2 = new Cell(Door.HTTP_2_TLS, Condition.latency(50));
            Cell loopback = new Cell(Door.HTTP_2_TLS, Condition.latency(0));
            for (int round = 0; round < 4; round++) {
                run.log(h1).record(round, 0, 4600 + 10 * round, false);
                run.log(h2).record(round, 1, 800 - 10 * round, false);
            }
            ComparisonRun.Round fifth = rounds.get(1 + 4);
            assertTrue(!run.loads(h1, fifth) && !run.loads(h2, fifth), "h2 / h1-TLS decided at the first look");
            assertTrue(!run.loads(loopback, fifth), "nothing left to load beside");
            assertTrue(run.finished(fifth));
        }
    }

    @Test
    void aLoadOverAnotherProtocolThanItsDoorsStopsTheRun() {
        Cell http3 = new Cell(Door.HTTP_3, Condition.latency(50));
        BrowserPageLoads.requireProtocol(http3, Map.of("protocol", "h3", "imageProtocols", "h3"));
        IllegalStateException fellBack = assertThrows(IllegalStateException.class,
                () -> BrowserPageLoads.requireProtocol(http3, Map.of("protocol", "h3", "imageProtocols", "h2,h3")));
        assertEquals("HTTP/3 over QUIC at 50 ms, 0 % loss, no rate limit, logo images, NewReno came over h3 (images: h2,h3), not h3",
                fellBack.getMessage());
        assertThrows(IllegalStateException.class, () -> BrowserPageLoads.requireProtocol(new Cell(Door.HTTP_2_TLS,
                Condition.latency(50)), Map.of("protocol", "http/1.1", "imageProtocols", "http/1.1")));
    }
}
