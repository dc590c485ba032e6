package io.github.http2wildfly.comparison;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.LogoCount;
import io.github.http2wildfly.RoundTrip;
import io.github.http2wildfly.build.BuildCheckFailure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * What a benchmark run compares, from the bench.* system properties the pom passes (README table).
 * Bad values fail with one line naming the property.
 */
public record BenchmarkSettings(List<Door> doors, List<Integer> roundTripsMillis, int users, int loads,
        int warmupLoads, int imageCount, Path outputDirectory) {

    public static final String CONTEXT_PATH = "/http2";

    /**
     * Checks the settings before any server starts, so a bad value is one line, not a stack trace
     * from the benchmark's JVM. Arguments: {@code name=value ...}
     */
    public static void main(String[] args) {
        try {
            System.out.println("Comparing " + from(properties(args)));
        } catch (IllegalArgumentException bad) {
            throw new BuildCheckFailure(bad.getMessage());
        }
    }

    public static BenchmarkSettings from(Properties system) {
        return new BenchmarkSettings(
                doors(system.getProperty("bench.doors", "HTTP_1_1,HTTP_1_1_TLS,HTTP_2_TLS")),
                roundTrips(system.getProperty("bench.rtts", "0,20,50,100")),
                number(system, "bench.users", "1", 1, 50),
                number(system, "bench.loads", "5", 1, 1000),
                number(system, "bench.warmup.loads", "1", 0, 100),
                number(system, "bench.count", Integer.toString(LogoCount.DEFAULT), LogoCount.MIN, LogoCount.MAX),
                Path.of(system.getProperty("bench.dir", "target/comparison")));
    }

    /** {@code name=value} arguments, as exec:java passes the pom's properties, read as properties. */
    public static Properties properties(String[] args) {
        Properties given = new Properties();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new BuildCheckFailure("expected name=value, got " + arg);
            }
            given.setProperty(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return given;
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

    private static int number(Properties system, String name, String fallback, int min, int max) {
        String value = system.getProperty(name, fallback);
        try {
            int number = Integer.parseInt(value.strip());
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException(name + "=" + value + ": expected a whole number from " + min + " to " + max);
    }
}
