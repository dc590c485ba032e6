package io.github.http2wildfly.comparison.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.page.ImageSize;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ComparisonSettingsTest {

    @TempDir
    Path dir;

    /**
     * A run's settings without a -D: gatling/comparison.properties filled in with the pom's own values, as the build
     * does it, and the default grid over it, as RunComparison resolves them.
     */
    public static Properties asTheBuildFillsItIn() throws IOException {
        return ComparisonSettings.resolve(asTheBuildFillsIn(Path.of("gatling/comparison.properties")), new Properties());
    }

    /** A settings file of gatling/ filled in with the pom's own values, as the build does it without -D overrides. */
    public static Properties asTheBuildFillsIn(Path template) throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher placeholder = Pattern.compile("@([\\w.]+)@").matcher(Files.readString(template));
        StringBuilder filled = new StringBuilder();
        while (placeholder.find()) {
            String name = placeholder.group(1);
            String value = switch (name) {
                case "project.basedir" -> ".";
                case "project.build.directory" -> "target";
                case "project.build.finalName" -> pomValue(pom, "finalName");
                default -> pomValue(pom, name);
            };
            placeholder.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        placeholder.appendTail(filled);
        Properties given = new Properties();
        try (Reader reader = new StringReader(filled.toString())) {
            given.load(reader);
        }
        return given;
    }

    /** The pom's value, its directories relative to here. */
    private static String pomValue(String pom, String name) {
        Matcher element = Pattern.compile("<" + Pattern.quote(name) + ">([^<]*)</").matcher(pom);
        assertTrue(element.find(), "a settings file of gatling/ names @" + name + "@, which the pom has not");
        return element.group(1).replace("${project.basedir}", ".").replace("${project.build.directory}", "target");
    }

    @Test
    void thePomsDefaultsCompareEveryDoorAtThreeRoundTripTimesWithoutLoss() throws IOException {
        ComparisonSettings settings = ComparisonSettings.from(asTheBuildFillsItIn());
        assertEquals(List.of(Door.HTTP_1_1, Door.HTTP_1_1_TLS, Door.HTTP_2_TLS, Door.HTTP_3), settings.grid().doors());
        assertEquals(List.of(0, 50, 100), settings.grid().roundTripsMillis());
        assertEquals(List.of(0), settings.grid().lossesPercent());
        assertEquals(List.of(0), settings.grid().bandwidthsMbps());
        assertEquals(List.of(CongestionControl.RENO), settings.grid().congestionControls());
        assertEquals(List.of(ImageSize.LOGO), settings.grid().sizes());
        assertEquals(12, settings.grid().cells().size());
        assertEquals("/http2/logos?count=500", settings.page().path(Condition.latency(50)));
        assertEquals(Files.size(Path.of("src/main/webapp/WEB-INF/logo.png")), settings.page().imageBytes().get(ImageSize.LOGO));
        assertEquals(8643, settings.server().ports().get(Door.HTTP_2_TLS));
        assertEquals(8647, settings.server().ports().get(Door.HTTP_3));
    }

    /** Where the user set it, read once: a -D over the grid it names, that grid over the default one, both over the build's. */
    @Test
    void aDashDWinsOverTheGridItNamesWhichWinsOverTheDefaultGrid() throws IOException {
        Properties build = asTheBuildFillsIn(Path.of("gatling/comparison.properties"));
        Properties quick = ComparisonSettings.read(Path.of("gatling/grids/quick.properties"));
        Properties defaults = ComparisonSettings.read(Path.of("gatling/grids/default.properties"));
        Properties commandLine = new Properties();
        commandLine.setProperty("comparison.grid", "quick");
        commandLine.setProperty("comparison.losses", "0");
        commandLine.setProperty("comparison.server.dir", "not a grid key");
        Properties resolved = ComparisonSettings.resolve(build, commandLine);
        assertEquals("quick", resolved.getProperty("comparison.grid"));
        assertEquals("0", resolved.getProperty("comparison.losses"), "the -D");
        assertEquals(quick.getProperty("comparison.loads.max"), resolved.getProperty("comparison.loads.max"), "the grid's");
        assertEquals(defaults.getProperty("comparison.band"), resolved.getProperty("comparison.band"), "the default grid's");
        assertEquals(build.getProperty("comparison.server.dir"), resolved.getProperty("comparison.server.dir"), "the build's");

        commandLine.setProperty("comparison.grid", "nope");
        ComparisonFailure unknown = assertThrows(ComparisonFailure.class, () -> ComparisonSettings.resolve(build, commandLine));
        assertEquals("comparison.grid=nope: no such grid in ./gatling/grids", unknown.getMessage());
    }

    @Test
    void aFreshSeedIsDrawnOnceWhenTheRunIsResolvedAndANumberGivenIsKept() throws IOException {
        Properties build = asTheBuildFillsIn(Path.of("gatling/comparison.properties"));
        assertEquals("fresh", ComparisonSettings.read(Path.of("gatling/grids/default.properties")).getProperty("comparison.seed"));
        Set<String> seeds = new HashSet<>();
        for (int run = 0; run < 5; run++) {
            String seed = ComparisonSettings.resolve(build, new Properties()).getProperty("comparison.seed");
            assertTrue(seed.matches("\\d+"), seed);
            seeds.add(seed);
        }
        assertTrue(seeds.size() >= 4, "five runs, seeds " + seeds);
        Properties commandLine = new Properties();
        commandLine.setProperty("comparison.seed", "2015");
        assertEquals("2015", ComparisonSettings.resolve(build, commandLine).getProperty("comparison.seed"));
    }

    /** Each grid of gatling/grids, resolved over the default one as a run resolves it, is a run the settings accept. */
    @Test
    void everyGridIsAValidRunAndNamesOnlyTheDefaultGridsKeys() throws IOException {
        Properties build = asTheBuildFillsIn(Path.of("gatling/comparison.properties"));
        Properties defaults = asTheBuildFillsItIn();
        try (var grids = Files.list(Path.of("gatling/grids"))) {
            for (Path file : grids.sorted().toList()) {
                Properties grid = ComparisonSettings.read(file);
                assertTrue(defaults.keySet().containsAll(grid.keySet()), file + " names a key no run reads: " + grid.keySet());
                Properties commandLine = new Properties();
                commandLine.setProperty("comparison.grid", file.getFileName().toString().replaceFirst("\\.properties$", ""));
                Properties given = ComparisonSettings.resolve(build, commandLine);
                assertTrue(ComparisonSettings.from(given).grid().cells().size() > 0, file.toString());
            }
        }
    }

    @Test
    void theGridIsEveryDoorUnderEveryCombinationAndLargerImagesHaveTheirPage() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.doors", "HTTP_2_TLS");
        given.setProperty("comparison.rtts", "50");
        given.setProperty("comparison.losses", "0,2");
        given.setProperty("comparison.bandwidths", "0,10");
        given.setProperty("comparison.sizes", "20k,logo");
        ComparisonSettings settings = ComparisonSettings.from(given);
        List<Cell> cells = settings.grid().cells();
        assertEquals(2 + 8, cells.size(), "each size's baseline, and the grid");
        assertEquals(new Cell(Door.HTTP_2_TLS, new Condition(0, 0, 0, ImageSize.LOGO, CongestionControl.RENO)), cells.get(0));
        assertEquals(new Cell(Door.HTTP_2_TLS, new Condition(50, 0, 0, ImageSize.LOGO, CongestionControl.RENO)), cells.get(1));
        assertEquals("/http2/logos?count=500&size=20k", settings.page().path(new Condition(50, 2, 10, ImageSize.KB20, CongestionControl.RENO)));
        long tile = settings.page().imageBytes().get(ImageSize.KB20);
        assertTrue(tile > 19_000 && tile < 20_000, "the 20k tile: " + tile);
    }

    @Test
    void eachCongestionControlIsADimensionAndThePageWithoutANetworkIsMeasuredOnce() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.doors", "HTTP_2_TLS");
        given.setProperty("comparison.rtts", "50");
        given.setProperty("comparison.losses", "0,5");
        given.setProperty("comparison.ccs", "bbr, reno,cubic");
        Grid grid = ComparisonSettings.from(given).grid();
        assertEquals(List.of(CongestionControl.RENO, CongestionControl.CUBIC, CongestionControl.BBR), grid.congestionControls());
        assertEquals(1 + 6, grid.cells().size(), "the baseline, and two losses for each of three senders");
        assertEquals(new Condition(50, 5, 0, ImageSize.LOGO, CongestionControl.BBR), grid.cells().get(6).condition());
        assertEquals("50 ms, 5 % loss, no rate limit, logo images, BBR", grid.cells().get(6).condition().label());
        assertEquals("50ms-5pct-bbr", grid.cells().get(6).condition().key());
    }

    /** The order the rounds are drawn from with the seed: a seed given again loads the cells in the same orders. */
    @Test
    void theCellsAreEachDoorUnderEachConditionTheBaselinesFirstThenTheGridsProduct() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.doors", "HTTP_2_TLS,HTTP_1_1_TLS");
        given.setProperty("comparison.rtts", "100,50");
        given.setProperty("comparison.losses", "0,2");
        given.setProperty("comparison.clientcpus", "0,0.5");
        given.setProperty("comparison.rwnds", "on,off");
        List<Cell> cells = ComparisonSettings.from(given).grid().cells();
        assertEquals(List.of("0ms-500mcpu", "0ms",
                "50ms", "50ms-norwnd", "50ms-500mcpu", "50ms-500mcpu-norwnd", "100ms", "100ms-norwnd", "100ms-500mcpu", "100ms-500mcpu-norwnd",
                "50ms-2pct", "50ms-2pct-norwnd", "50ms-2pct-500mcpu", "50ms-2pct-500mcpu-norwnd",
                "100ms-2pct", "100ms-2pct-norwnd", "100ms-2pct-500mcpu", "100ms-2pct-500mcpu-norwnd"),
                cells.stream().map(cell -> cell.condition().key()).distinct().toList());
        assertEquals(List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS, Door.HTTP_2_TLS), cells.stream().limit(3).map(Cell::door).toList());
        assertEquals(2 * 18, cells.size());
    }

    @Test
    void valuesAreTrimmedSortedAndCaseInsensitive() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.doors", " http_2_tls , HTTP-1-1-TLS");
        given.setProperty("comparison.rtts", "100, 0,50,50");
        assertEquals(List.of(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS), ComparisonSettings.from(given).grid().doors());
        assertEquals(List.of(0, 50, 100), ComparisonSettings.from(given).grid().roundTripsMillis());
    }

    @Test
    void badValuesNameTheProperty() throws IOException {
        assertEquals("comparison.doors=h3: 'h3' is not one of [HTTP_1_1, HTTP_1_1_TLS, HTTP_2_TLS, HTTP_3]", failure("comparison.doors", "h3"));
        assertEquals("comparison.rtts=50ms: expected whole numbers of milliseconds from 0 to 1000, separated by commas",
                failure("comparison.rtts", "50ms"));
        assertEquals("comparison.losses=0,50: expected whole numbers of percent (of 1460-byte segments) from 0 to 20, separated"
                + " by commas", failure("comparison.losses", "0,50"));
        assertEquals("comparison.bandwidths=1.5: expected whole numbers of Mbit/s (0: no limit) from 0 to 1000, separated by"
                + " commas", failure("comparison.bandwidths", "1.5"));
        assertEquals("comparison.sizes=logo,2M: '2M' is not one of [logo, 20k, 200k, 2m]", failure("comparison.sizes", "logo,2M"));
        assertEquals("comparison.ccs=reno,vegas: 'vegas' is not one of reno, cubic, bbr", failure("comparison.ccs", "reno,vegas"));
        assertEquals("comparison.users=0: expected a whole number from 1 to 50", failure("comparison.users", "0"));
        assertEquals("comparison.count=2001: expected a whole number from 1 to 2000", failure("comparison.count", "2001"));
        assertEquals("comparison.loads is not set", failure("comparison.loads", " "));
    }

    /** Every JVM the run starts (Gatling's, the lab's) reads the file the run wrote: the run's own settings, all of them. */
    @Test
    void theFileTheRunHandsToItsJvmsGivesThemTheRunsSettings() throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.doors", "http-2-tls,HTTP_3");
        given.setProperty("comparison.clientcpus", "0,0.5");
        given.setProperty("comparison.rwnds", "off,on");
        given.setProperty("comparison.sizes", "20k,logo");
        given.setProperty("comparison.browsers", "firefox,chromium");
        Path file = ComparisonSettings.write(given, dir.resolve("run"));
        assertEquals(dir.resolve("run").resolve(ComparisonSettings.RUN_SETTINGS), file);
        assertEquals(ComparisonSettings.from(given), ComparisonSettings.load(file));
    }

    @Test
    void aBadFileIsOneLineNamingIt() throws IOException {
        Path file = dir.resolve("comparison.properties");
        Files.writeString(file, "comparison.users=0\n");
        ComparisonFailure failure = assertThrows(ComparisonFailure.class, () -> ComparisonSettings.load(file));
        assertEquals(file + ": comparison.doors is not set", failure.getMessage());
    }

    private static String failure(String name, String value) throws IOException {
        Properties given = asTheBuildFillsItIn();
        given.setProperty(name, value);
        return assertThrows(IllegalArgumentException.class, () -> ComparisonSettings.from(given)).getMessage();
    }

    @Test
    void theModelsReceiveWindowIsOnOffOrBothAndWithoutARoundTripItIsLoopbacksOwn() throws IOException {
        assertEquals(List.of(true, false), Grid.receiveWindows("off, on"));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Grid.receiveWindows("maybe"));
        assertEquals("comparison.rwnds=maybe: 'maybe' is not one of on, off", bad.getMessage());
        Properties given = asTheBuildFillsItIn();
        given.setProperty("comparison.rwnds", "on,off");
        given.setProperty("comparison.doors", "HTTP_2_TLS");
        List<Condition> conditions = ComparisonSettings.from(given).grid().cells().stream().map(Cell::condition).toList();
        assertEquals(5, conditions.size(), "RTT 0 once, 50 and 100 ms with and without: " + conditions);
        assertTrue(conditions.contains(Condition.latency(100).withReceiveWindow(false)));
    }

    @Test
    void budgetsAreReadInCoresUnlimitedFirstThenFromTheMost() {
        assertEquals(List.of(0, 2000, 1000, 500, 250), Grid.clientMillicores("0.5, 2,0,1,0.25,1"));
        assertEquals("0.5 cores", Condition.cpuLabel(500));
        assertEquals("1 core", Condition.cpuLabel(1000));
        assertEquals("unlimited CPU", Condition.cpuLabel(0));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Grid.clientMillicores("half"));
        assertTrue(bad.getMessage().startsWith("comparison.clientcpus=half: expected the browser's cores"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Grid.clientMillicores("-1"));
    }
}
