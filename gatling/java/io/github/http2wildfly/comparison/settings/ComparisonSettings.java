package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.number;
import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.door.NetworkSetting;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.page.LogoCount;
import io.github.http2wildfly.setting.Token;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * What a comparison run compares: the grids (gatling/grids) and the command line's -D as {@link #resolve} reads them
 * once, over what the build knows (target/comparison.properties: paths, ports, versions); the run hands the whole to
 * every JVM it starts (Gatling's, the lab's) as one file, {@link #RUN_SETTINGS}. Bad values fail with one line
 * naming the property.
 *
 * @param lossesPercent the packet losses to emulate, in percent of segments
 * @param bandwidthsMbps the link rates to emulate, in Mbit/s, 0 for no limit
 * @param congestionControls the senders' congestion controls to compare
 * @param imageBytes what one image of each size weighs
 * @param seed where the delay proxies' losses and the rounds' orders are drawn from: the same seed loses the same
 *     segments and loads in the same order; a new one each run unless comparison.seed names one
 * @param ports where each door of the comparison's server listens (its base port plus the offset)
 * @param browsers the browsers that load the page beside Gatling, each a leg of its own (none: Gatling alone)
 * @param serverLog the comparison's server's console, where it names itself when it has booted
 * @param h3Edge which edge answers the HTTP/3 cells
 * @param keystore the server's key and certificate, which another edge (Caddy) serves too
 * @param loads the fewest counted loads a cell gets: a pair's first look ({@link #rule()})
 * @param maxLoads the most: its last look
 * @param bandPercent how far apart two cells' times may be, in percent either way, to be called level
 * @param minutes how long a tool's leg may go on loading undecided pairs, from its first counted round
 * @param clientMillicores the browser's CPU budgets to compare, in thousandths of a core (0: unlimited)
 * @param receiveWindows whether the model's senders wait on the client's receive window: on, off, or both to compare
 */
public record ComparisonSettings(
        List<Door> doors,
        List<Integer> roundTripsMillis,
        List<Integer> lossesPercent,
        List<Integer> bandwidthsMbps,
        List<CongestionControl> congestionControls,
        List<Integer> clientMillicores,
        List<Boolean> receiveWindows,
        List<ImageSize> sizes,
        int users,
        int loads,
        int maxLoads,
        int bandPercent,
        int minutes,
        int warmupLoads,
        int imageCount,
        Map<ImageSize, Long> imageBytes,
        long seed,
        Path outputDirectory,
        List<Browser> browsers,
        Path serverLog,
        String gatlingVersion,
        Map<Door, Integer> ports,
        H3Edge h3Edge,
        Keystore keystore) {

    public static final String CONTEXT_PATH = "/http2";

    /** Where the server's key entry is (the pom's keystore.*). */
    public record Keystore(Path file, String password, String alias) {
        public TlsIdentity identity() throws IOException {
            return TlsIdentity.read(file, password.toCharArray(), alias);
        }
    }

    /** The run's settings as resolved, in its output directory, for the JVMs it starts. */
    public static final String RUN_SETTINGS = "settings.properties";

    /** The run's seed, and the word that asks for a new one each run (resolved once, so every JVM of the run has it). */
    static final String SEED = "comparison.seed";
    static final String FRESH_SEED = "fresh";
    /** Set where the seed was drawn, not given: the command that repeats the run then asks for a fresh one too. */
    static final String SEED_DRAWN = "comparison.seed.drawn";

    /** Where the grids are, as the build knows it. */
    private static final String GRID_DIRECTORY = "comparison.grids.dir";

    /**
     * The run's settings, from where the user set them: the default grid, the grid comparison.grid names (on the
     * command line, else the default grid's), then the command line's -D of any grid key, over what the build knows.
     *
     * @param build what the build filled in (target/comparison.properties)
     * @param commandLine Maven's command line (its -D are this JVM's system properties in exec:java)
     */
    public static Properties resolve(Properties build, Properties commandLine) {
        Path grids = Path.of(required(build, GRID_DIRECTORY));
        Properties defaults = read(grids.resolve("default.properties"));
        String grid = commandLine.getProperty("comparison.grid", defaults.getProperty("comparison.grid")).strip();
        if (!grid.matches("[\\w-]+") || !Files.isRegularFile(grids.resolve(grid + ".properties"))) {
            throw new ComparisonFailure("comparison.grid=" + grid + ": no such grid in " + grids);
        }
        Properties resolved = new Properties();
        resolved.putAll(build);
        resolved.putAll(defaults);
        resolved.putAll(read(grids.resolve(grid + ".properties")));
        resolved.setProperty("comparison.grid", grid);
        for (String key : defaults.stringPropertyNames()) {
            String given = commandLine.getProperty(key);
            if (given != null) {
                resolved.setProperty(key, given);
            }
        }
        if (resolved.getProperty(SEED, "").strip().equals(FRESH_SEED)) {
            resolved.setProperty(SEED, Integer.toString(new SecureRandom().nextInt(Integer.MAX_VALUE)));
            resolved.setProperty(SEED_DRAWN, "true");
        }
        return resolved;
    }

    /** Writes the resolved settings for the JVMs the run starts: the file they are given. */
    public static Path write(Properties resolved, Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(RUN_SETTINGS);
        try (java.io.Writer writer = Files.newBufferedWriter(file)) {
            resolved.store(writer, "The comparison's settings as this run resolved them (ComparisonSettings.resolve)");
        }
        return file;
    }

    /** The settings file, or one line saying what is wrong with it. */
    public static ComparisonSettings load(Path file) {
        return checked(read(file), file.toString());
    }

    /** The settings, or one line saying what is wrong with them, after {@code where} they were read. */
    public static ComparisonSettings checked(Properties given, String where) {
        try {
            return from(given);
        } catch (IllegalArgumentException | IllegalStateException bad) {
            throw new ComparisonFailure(where + ": " + bad.getMessage());
        }
    }

    /** A settings file (the build's, a grid, the run's), or one line saying why it cannot be read. */
    public static Properties read(Path file) {
        Properties given = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            given.load(reader);
        } catch (IOException e) {
            throw new ComparisonFailure("Cannot read the comparison's settings " + file + " (made by ./mvnw verify -Pgatling): " + e);
        }
        return given;
    }

    public static ComparisonSettings from(Properties given) {
        return new ComparisonSettings(
                doors(required(given, "comparison.doors")),
                list(given, "comparison.rtts", NetworkSetting.ROUND_TRIP),
                list(given, "comparison.losses", NetworkSetting.LOSS),
                list(given, "comparison.bandwidths", NetworkSetting.BANDWIDTH),
                congestionControls(required(given, "comparison.ccs")),
                clientMillicores(required(given, "comparison.clientcpus")),
                receiveWindows(required(given, "comparison.rwnds")),
                sizes(required(given, "comparison.sizes")),
                number(given, "comparison.users", 1, 50),
                number(given, "comparison.loads", 1, 1000),
                number(given, "comparison.loads.max", number(given, "comparison.loads", 1, 1000), 1000),
                number(given, "comparison.band", 1, 50),
                number(given, "comparison.minutes", 0, 1440),
                number(given, "comparison.warmup.loads", 0, 100),
                number(given, "comparison.count", LogoCount.MIN, LogoCount.MAX),
                imageBytes(Path.of(required(given, "comparison.logo"))),
                seed(given),
                Path.of(required(given, "comparison.dir")),
                browsers(given.getProperty("comparison.browsers", "")),
                Path.of(required(given, "comparison.server.log")),
                required(given, "comparison.gatling.version"),
                ports(given),
                H3Edge.parse(required(given, "comparison.h3.edge")),
                new Keystore(Path.of(required(given, "comparison.keystore")), required(given, "comparison.keystore.password"),
                        required(given, "comparison.keystore.alias")));
    }

    /** The seed resolve drew or the user gave; "fresh" left unresolved is a mistake of the caller, said as such. */
    private static int seed(Properties given) {
        try {
            return number(given, SEED, 0, Integer.MAX_VALUE);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(SEED + "=" + given.getProperty(SEED) + ": expected " + FRESH_SEED
                    + " (a new seed each run) or a whole number from 0 to " + Integer.MAX_VALUE);
        }
    }

    /** How many loads a pair gets until it is decided (the report replays it on the loads). */
    public StoppingRule rule() {
        return new StoppingRule(loads, maxLoads, bandPercent / 100.0);
    }

    private static Map<Door, Integer> ports(Properties given) {
        Map<Door, Integer> ports = new EnumMap<>(Door.class);
        for (Door door : Door.values()) {
            ports.put(door, door.port(given));
        }
        return Map.copyOf(ports);
    }

    /**
     * Every door under every condition (the grid of round trips, losses, link rates, congestion controls,
     * the client's CPU budgets and sizes), in a stable order, and under none (RTT 0, no loss, no limit) for each size and
     * CPU budget even when the grid leaves it out: the model's baseline, what the page costs the machine.
     */
    public List<Cell> cells() {
        return sizes.stream().flatMap(size -> conditions(size).stream())
                .flatMap(condition -> doors.stream().map(door -> new Cell(door, condition))).toList();
    }

    /** The grid's conditions with images of this size, each once, the first dimension varying slowest; the baselines first. */
    private List<Condition> conditions(ImageSize size) {
        Condition noNetwork = new Condition(0, 0, 0, size, Condition.BASELINE_CONGESTION_CONTROL);
        Stream<Condition> grid = Stream.of(noNetwork);
        grid = times(grid, bandwidthsMbps, Condition::withBandwidthMbps);
        grid = times(grid, congestionControls, Condition::withCongestionControl);
        grid = times(grid, lossesPercent, Condition::withLossPercent);
        grid = times(grid, roundTripsMillis, Condition::withRttMillis);
        grid = times(grid, clientMillicores, Condition::withClientMillicores);
        // without a round trip the receive window is loopback's own, whatever the setting (Condition.withoutNetwork)
        grid = times(grid, receiveWindows, (condition, on) -> condition.withReceiveWindow(on || condition.rttMillis() == 0));
        List<Condition> conditions = new ArrayList<>(grid.distinct().toList());
        for (int cpu : clientMillicores) {
            Condition baseline = noNetwork.withClientMillicores(cpu);
            if (!conditions.contains(baseline)) {
                // each in front of the one before, as the run always put them: a seed given again draws the same rounds
                conditions.add(0, baseline);
            }
        }
        return conditions;
    }

    /** Each condition with each value of one more dimension, that dimension varying fastest. */
    private static <T> Stream<Condition> times(Stream<Condition> conditions, List<T> values, BiFunction<Condition, T, Condition> with) {
        return conditions.flatMap(condition -> values.stream().map(value -> with.apply(condition, value)));
    }

    /** The wall of this run's count with the condition's images. */
    public String pagePath(Condition condition) {
        ImageSize size = condition.size();
        return CONTEXT_PATH + "/logos?count=" + imageCount + (size == ImageSize.LOGO ? "" : "&size=" + size.parameter());
    }

    /** The lab's browsers: Chromium first, the one the model is checked against (ModelAgainstLab), then the others asked for. */
    public List<Browser> labBrowsers() {
        List<Browser> lab = new ArrayList<>(List.of(Browser.CHROMIUM));
        browsers.stream().filter(browser -> browser != Browser.CHROMIUM).forEach(lab::add);
        return List.copyOf(lab);
    }

    /** The browsers beside Gatling, by name (chromium, firefox), each once, in the order given; empty: none. */
    public enum Browser implements Token {
        CHROMIUM, FIREFOX;

        /** The name of its results (chromium.json) and of its section in the report. */
        public String tool() {
            return token();
        }

        /** Its results through the lab: chromium-lab.json. */
        public String labTool() {
            return tool() + "-lab";
        }
    }

    static List<Browser> browsers(String value) {
        return Token.parseAll(Browser.class, "comparison.browsers", value);
    }

    /** The doors by their constants' names, in any case, a hyphen for an underscore, in the order given. */
    static List<Door> doors(String value) {
        return Token.parseAll("comparison.doors", value, ComparisonSettings::door, Arrays.toString(Door.values()));
    }

    private static Optional<Door> door(String name) {
        String constant = name.toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(Door.values()).filter(door -> door.name().equals(constant)).findFirst();
    }

    /** A comma-separated list of one network setting, by its rule, sorted, each value once. */
    static List<Integer> list(Properties given, String name, NetworkSetting setting) {
        String value = required(given, name);
        List<Integer> values = new ArrayList<>();
        for (String one : value.split(",")) {
            try {
                values.add(setting.parse(one.strip()));
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException(name + "=" + value + ": expected whole numbers of " + setting.range()
                        + ", separated by commas");
            }
        }
        return values.stream().distinct().sorted().toList();
    }

    /**
     * The browser's CPU budgets in cores ("0" for unlimited, "2,1,0.5,0.25"), as thousandths of a core, unlimited first,
     * then from the most to the least, each once.
     */
    static List<Integer> clientMillicores(String value) {
        List<Integer> budgets = new ArrayList<>();
        for (String one : value.split(",")) {
            try {
                double cores = Double.parseDouble(one.strip());
                int millicores = (int) Math.round(cores * 1000);
                if (cores == 0 || millicores >= 10 && millicores <= 64_000) {
                    budgets.add(millicores);
                    continue;
                }
            } catch (NumberFormatException notANumber) {
                // reported below
            }
            throw new IllegalArgumentException("comparison.clientcpus=" + value + ": expected the browser's cores, 0 (unlimited) or"
                    + " from 0.01 to 64, separated by commas");
        }
        return budgets.stream().distinct().sorted(Comparator.comparingInt(Condition::cpuRank)).toList();
    }

    /** "on", "off" or both: whether the model's senders wait on the client's receive window, on first. */
    static List<Boolean> receiveWindows(String value) {
        return Token.parseAll("comparison.rwnds", value, ComparisonSettings::onOrOff, "on, off").stream()
                .sorted(Comparator.reverseOrder()).toList();
    }

    private static Optional<Boolean> onOrOff(String name) {
        return switch (name) {
            case "on" -> Optional.of(true);
            case "off" -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    /** In the enum's order, Linux's "reno" first. */
    static List<CongestionControl> congestionControls(String value) {
        return Token.parseAll(CongestionControl.class, "comparison.ccs", value).stream().sorted().toList();
    }

    /** By their query parameters, from the logo to the largest. */
    static List<ImageSize> sizes(String value) {
        return Token.parseAll("comparison.sizes", value, ComparisonSettings::size,
                Arrays.stream(ImageSize.values()).map(ImageSize::parameter).toList().toString()).stream().sorted().toList();
    }

    private static Optional<ImageSize> size(String parameter) {
        return Arrays.stream(ImageSize.values()).filter(size -> size.parameter().equals(parameter)).findFirst();
    }

    /** The logo as the WAR ships it, the tiles as the application draws them. */
    private static Map<ImageSize, Long> imageBytes(Path logo) {
        Map<ImageSize, Long> bytes = new EnumMap<>(ImageSize.class);
        try {
            bytes.put(ImageSize.LOGO, Files.size(logo));
        } catch (IOException e) {
            throw new IllegalArgumentException("comparison.logo=" + logo + ": not a readable file");
        }
        for (ImageSize size : ImageSize.values()) {
            if (size != ImageSize.LOGO) {
                bytes.put(size, (long) size.drawTile().length);
            }
        }
        return Map.copyOf(bytes);
    }
}
