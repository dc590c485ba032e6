package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a benchmark's record says of its run besides its figures: the day, the machine, how busy it was, the commit
 * measured, the versions of the programs nobody here wrote, and the diffs WildFly's Undertow carried. One place, so
 * that every record names them alike.
 */
public final class RunFacts {

    private RunFacts() {
    }

    /**
     * The record's file in {@code results} for a run of today: {@code DAY-KIND.md}, or where a run of the same day wrote
     * that already, {@code DAY-KIND-2.md} and on, so that no record is written over.
     */
    public static Path newRecord(Path results, String kind) {
        String name = today() + "-" + kind;
        for (int run = 2; Files.exists(results.resolve(name + ".md")); run++) {
            name = today() + "-" + kind + "-" + run;
        }
        return results.resolve(name + ".md");
    }

    /** "2026-12-02". */
    public static String today() {
        return ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE);
    }

    /** "2 cores (AMD EPYC ...), Linux 6.18, Java 17.0.15": where a record was measured. */
    public static String machine() throws IOException {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown CPU");
        return Runtime.getRuntime().availableProcessors() + " cores (" + cpu + "), " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version");
    }

    /** "1.52, 0.98, 0.73": the machine's load averages over 1, 5 and 15 minutes, how busy others kept it. */
    public static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
        return fields[0] + ", " + fields[1] + ", " + fields[2];
    }

    /** The commit the run measured, and whether the tree had changes besides. */
    public static String commit() throws IOException {
        Process git = new ProcessBuilder("git", "describe", "--always", "--dirty").redirectErrorStream(true).start();
        String described = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return described.isEmpty() || described.contains(" ") ? "an unknown commit" : described;
    }

    /** "nginx/1.22.1", "HAProxy version 2.6.12": the first line a program prints of its version, its web address left out. */
    public static String version(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String first = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().orElse(command[0]);
        return first.replaceFirst(" - https?://\\S+", "").replace("nginx version: ", "").strip();
    }

    /** The diffs of a folder of src/patches, by name: what the build compiled into the server's library. */
    public static List<String> diffs(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".diff")).sorted().toList();
        }
    }
}
