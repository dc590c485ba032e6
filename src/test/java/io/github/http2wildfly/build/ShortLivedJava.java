package io.github.http2wildfly.build;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM a test starts for a second or two, with the test JVM's own -XX flags (the
 * pom's argLine: C1 only and the serial collector), which take half the CPU time of a default start.
 */
final class ShortLivedJava {

    private ShortLivedJava() {
    }

    static List<String> command(String... arguments) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(flag -> flag.startsWith("-XX:"))
                .forEach(command::add);
        command.addAll(List.of(arguments));
        return command;
    }
}
