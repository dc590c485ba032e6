package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.ComparisonFailure;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Gatling's leg ({@link PageLoadSimulation}), in a JVM of its own as the gatling-maven-plugin runs it (Gatling's
 * main with the simulation and the results folder): not in Maven's, whose JVM is tuned to start fast
 * (.mvn/jvm.config: no C2 compiler), which would slow Gatling's client on loopback. The simulation reads the run's
 * settings file from {@code comparison.settings}, a system property, as Gatling's simulations take parameters. A leg
 * with failed requests is still reported: the report decides.
 */
public final class GatlingLeg {

    private GatlingLeg() {
    }

    /**
     * The packages this JVM opens (.mvn/jvm.config's --add-opens, which Maven's JVM, where the comparison runs, took):
     * Gatling needs java.lang open too, and the options stay in that one file.
     */
    static List<String> openedPackages() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(option -> option.startsWith("--add-opens")).toList();
    }

    /**
     * Runs the simulation to its end, its output in this one's: the directory Gatling made for the run in
     * {@code resultsDir} (the one that was not there before).
     */
    public static Path run(Path settingsFile, Path resultsDir) throws IOException {
        Set<Path> before = runs(resultsDir);
        List<String> options = new ArrayList<>(List.of("-Xmx1g", "-Dcomparison.settings=" + settingsFile));
        options.addAll(openedPackages());
        List<String> command = new ArrayList<>(ChildJvm.command(options, "io.gatling.app.Gatling"));
        command.addAll(List.of("--simulation", PageLoadSimulation.class.getName(), "--results-folder", resultsDir.toString()));
        Process gatling = new ProcessBuilder(command).inheritIO().start();
        try {
            int exit = gatling.waitFor();
            if (exit != 0) {
                System.out.println("Gatling ended with exit code " + exit + ": the report says what it measured");
            }
        } catch (InterruptedException e) {
            gatling.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("Gatling's leg was interrupted", e);
        }
        Set<Path> made = runs(resultsDir);
        made.removeAll(before);
        if (made.size() != 1) {
            throw new ComparisonFailure("Gatling left " + made.size() + " new runs in " + resultsDir + " (one expected): see its lines above");
        }
        return made.iterator().next();
    }

    private static Set<Path> runs(Path resultsDir) throws IOException {
        if (!Files.isDirectory(resultsDir)) {
            return new HashSet<>();
        }
        try (Stream<Path> entries = Files.list(resultsDir)) {
            return entries.filter(Files::isDirectory).collect(Collectors.toCollection(HashSet::new));
        }
    }
}
