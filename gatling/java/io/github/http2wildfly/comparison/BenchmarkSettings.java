package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.LogoCount;
import io.github.http2wildfly.RoundTrip;
import io.github.http2wildfly.build.BuildCheckFailure;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What a comparison run compares, read from the one settings file the build fills in from the pom's
 * bench.* properties (gatling/bench.properties; the defaults are the pom's). Every JVM of the run
 * (Gatling's, the Chromium runner, the report) reads the same file. Bad values fail with one line
 * naming the property.
 *
 * @param ports where each door of the comparison's server listens (its base port plus the offset)
 * @param chromium whether headless Chromium loads the page beside Gatling
 * @param serverLog the comparison's server's console, where it names itself when it has booted
 */
public record BenchmarkSettings(List<Door> doors, List<Integer> roundTripsMillis, int users, int loads,
        int warmupLoads, int imageCount, long imageBytes, Path outputDirectory, boolean chromium,
        Path serverLog, String gatlingVersion, Map<Door, Integer> ports) {

    public static final String CONTEXT_PATH = "/http2";

    /** The settings file, or one line saying what is wrong with it. */
    public static BenchmarkSettings load(Path file) {
        Properties given = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            given.load(reader);
        } catch (IOException e) {
            throw new BuildCheckFailure("Cannot read the comparison's settings " + file + " (made by ./mvnw verify -Pgatling): " + e);
        }
        try {
            return from(given);
        } catch (IllegalArgumentException | IllegalStateException bad) {
            throw new BuildCheckFailure(file + ": " + bad.getMessage());
        }
    }

    public static BenchmarkSettings from(Properties given) {
        return new BenchmarkSettings(
                doors(required(given, "bench.doors")),
                roundTrips(required(given, "bench.rtts")),
                number(given, "bench.users", 1, 50),
                number(given, "bench.loads", 1, 1000),
                number(given, "bench.warmup.loads", 0, 100),
                number(given, "bench.count", LogoCount.MIN, LogoCount.MAX),
                bytes(Path.of(required(given, "bench.logo"))),
                Path.of(required(given, "bench.dir")),
                Boolean.parseBoolean(required(given, "bench.chromium")),
                Path.of(required(given, "bench.server.log")),
                required(given, "bench.gatling.version"),
                ports(given));
    }

    private static Map<Door, Integer> ports(Properties given) {
        Map<Door, Integer> ports = new EnumMap<>(Door.class);
        for (Door door : Door.values()) {
            ports.put(door, door.port(given));
        }
        return Map.copyOf(ports);
    }

    /** Every door at every round-trip time: the cells of the comparison, in a stable order. */
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        for (int rtt : roundTripsMillis) {
            for (Door door : doors) {
                cells.add(new Cell(door, rtt));
            }
        }
        return cells;
    }

    public String pagePath() {
        return CONTEXT_PATH + "/logos?count=" + imageCount;
    }

    static List<Door> doors(String value) {
        List<Door> doors = new ArrayList<>();
        for (String name : value.split(",")) {
            try {
                doors.add(Door.valueOf(name.strip().toUpperCase(Locale.ROOT).replace('-', '_')));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("bench.doors=" + value + ": '" + name.strip()
                        + "' is not one of " + Arrays.toString(Door.values()));
            }
        }
        return List.copyOf(doors);
    }

    static List<Integer> roundTrips(String value) {
        List<Integer> rtts = new ArrayList<>();
        for (String rtt : value.split(",")) {
            try {
                rtts.add((int) RoundTrip.parse(rtt.strip()).toMillis());
            } catch (IllegalArgumentException notAnRtt) {
                throw new IllegalArgumentException("bench.rtts=" + value + ": expected round-trip times in milliseconds from 0 to "
                        + RoundTrip.MAX_MILLIS + ", separated by commas");
            }
        }
        return rtts.stream().distinct().sorted().toList();
    }

    private static String required(Properties given, String name) {
        String value = given.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is not set");
        }
        return value.strip();
    }

    private static int number(Properties given, String name, int min, int max) {
        String value = required(given, name);
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException(name + "=" + value + ": expected a whole number from " + min + " to " + max);
    }

    private static long bytes(Path image) {
        try {
            return Files.size(image);
        } catch (IOException e) {
            throw new IllegalArgumentException("bench.logo=" + image + ": not a readable file");
        }
    }
}
