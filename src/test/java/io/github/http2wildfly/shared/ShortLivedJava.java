package io.github.http2wildfly.shared;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM a test starts for a second or two, with the test JVM's own -XX flags (the
 * pom's argLine, which reads .mvn/jvm.config: C1 only and the serial collector), which take half the CPU time of a
 * default start.
 */
public final class ShortLivedJava {

    private ShortLivedJava() {
    }

    public static List<String> command(String... arguments) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(flags());
        command.addAll(List.of(arguments));
        return command;
    }

    /** This JVM's -XX flags: the pom's argLine in Surefire's and Failsafe's JVMs, none in an IDE's unless it adds them. */
    public static List<String> flags() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(flag -> flag.startsWith("-XX:")).toList();
    }
}
