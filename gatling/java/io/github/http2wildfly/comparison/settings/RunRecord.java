package io.github.http2wildfly.comparison.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Where a run records itself (-Dcomparison.record=true): its section of the results page as a file of its own under
 * docs/results, named by date and grid, and the command that repeats it: the grid, and each of its keys the run
 * changed with -D.
 */
public record RunRecord(String grid, Properties given, Path gridsDirectory) {

    public static final String RECORD = "comparison.record";
    public static final String RECORD_DIRECTORY = "comparison.record.dir";
    /** The profiles the run was built with: gatling, and stock under -Pstock. */
    public static final String PROFILES = "comparison.profiles";
    /** The pages whose marked lines a recorded run writes (Headline, FalseWinners), comma-separated. */
    public static final String PAGES = "comparison.record.pages";

    public static RunRecord of(Properties given) {
        return new RunRecord(given.getProperty("comparison.grid", "default").strip(), given,
                Path.of(given.getProperty("comparison.grids.dir", "gatling/grids")));
    }

    /**
     * The command that runs this comparison again: the grid, then every key whose value is not the grid's (a seed drawn
     * for this run is not one: the record names it, and a run again is another replicate with a fresh one).
     */
    public String command() {
        Properties grid = ComparisonSettings.read(gridsDirectory.resolve("default.properties"));
        grid.putAll(ComparisonSettings.read(gridsDirectory.resolve(this.grid + ".properties")));
        StringBuilder command = new StringBuilder("./mvnw verify -P" + given.getProperty(PROFILES, "gatling").strip());
        if (!this.grid.equals("default")) {
            command.append(" -Dcomparison.grid=").append(this.grid);
        }
        for (String key : new TreeSet<>(grid.stringPropertyNames())) {
            String ran = given.getProperty(key);
            boolean drawn = key.equals(ComparisonSettings.SEED) && Boolean.parseBoolean(given.getProperty(ComparisonSettings.SEED_DRAWN));
            if (ran != null && !drawn && !key.equals("comparison.grid") && !ran.strip().equals(grid.getProperty(key).strip())) {
                command.append(" -D").append(key).append('=').append(ran.strip());
            }
        }
        return command.toString();
    }

    /** The file this run's section goes to, when the run records itself: DATE-GRID.md, or -2, -3... beside another. */
    public Optional<Path> file(LocalDate date) {
        if (!Boolean.parseBoolean(given.getProperty(RECORD, "false").strip())) {
            return Optional.empty();
        }
        Path directory = directory();
        Path file = directory.resolve(date + "-" + grid + ".md");
        for (int n = 2; Files.exists(file); n++) {
            file = directory.resolve(date + "-" + grid + "-" + n + ".md");
        }
        return Optional.of(file);
    }

    /** Where the records are (docs/results), which this run's figures are held against whether it records itself or not. */
    public Path directory() {
        return Path.of(given.getProperty(RECORD_DIRECTORY, "docs/results"));
    }

    /** The pages whose marked lines (the headline, the A/A's pooled rate) a recorded run writes again from every record. */
    public List<Path> pages() {
        return Arrays.stream(given.getProperty(PAGES, "").split(",")).map(String::strip).filter(page -> !page.isEmpty())
                .map(Path::of).toList();
    }

    /** When the run records itself: {@code written} copied to its record's file, which it names; else nothing. */
    public Optional<Path> copy(Path written, LocalDate date) throws IOException {
        Optional<Path> recorded = file(date);
        if (recorded.isPresent()) {
            Files.createDirectories(recorded.get().getParent());
            Files.copy(written, recorded.get());
        }
        return recorded;
    }
}
