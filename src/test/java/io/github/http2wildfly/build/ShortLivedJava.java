package io.github.http2wildfly.build;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM a test starts for a second or two: C1 only and the serial collector, as the
 * tests' own JVMs run (the pom's argLine), take half the CPU time of a default start on two cores.
 */
final class ShortLivedJava {

    private ShortLivedJava() {
    }

    static List<String> command(String... arguments) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(List.of(arguments));
        return command;
    }
}
