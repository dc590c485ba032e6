package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.number;
import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.setting.Token;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Properties;

/**
 * What a comparison run compares: the grids (gatling/grids) and the command line's -D as {@link #resolve} reads them
 * once, over what the build knows (target/comparison.properties: paths, ports, versions); the run hands the whole to
 * every JVM it starts (Gatling's, the lab's) as one file, {@link #RUN_SETTINGS}. Bad values fail with one line
 * naming the property.
 *
 * @param grid what the run measures: the doors, the conditions, their cells
 * @param loading how long each tool's leg loads a cell: users, warm-ups, the stopping rule
 * @param page the page every cell loads
 * @param seed where the delay proxies' losses and the rounds' orders are drawn from: the same seed loses the same
 *     segments and loads in the same order; a new one each run unless comparison.seed names one
 * @param outputDirectory where the run writes its settings, its results and its report (comparison.dir)
 * @param tools what loads the page: Gatling, and the browsers beside it
 * @param server the comparison's server and the edge in front of it for HTTP/3
 */
public record ComparisonSettings(Grid grid, Loading loading, Page page, long seed, Path outputDirectory, Tools tools, Server server) {

    public static final String CONTEXT_PATH = "/http2";

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
        return new ComparisonSettings(Grid.from(given), Loading.from(given), Page.from(given), seed(given),
                Path.of(required(given, "comparison.dir")), Tools.from(given), Server.from(given));
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
}
