package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * What a server's processes cost, its children's included (nginx's and HAProxy's workers): CPU time, which the JDK
 * reads from /proc/PID/stat (utime and stime), and resident memory (VmRSS in /proc/PID/status). What every benchmark
 * here counts a server's work by, so that their figures mean the same.
 */
public final class ProcessCost {

    private ProcessCost() {
    }

    /** CPU time of a process and its children so far, in milliseconds. */
    public static double cpuMillis(ProcessHandle process) {
        return Stream.concat(Stream.of(process), process.descendants())
                .mapToDouble(handle -> handle.info().totalCpuDuration().orElse(Duration.ZERO).toNanos() / 1e6).sum();
    }

    /** The resident memory of a process and its children, KiB. */
    public static long residentKiB(ProcessHandle process) {
        return Stream.concat(Stream.of(process), process.descendants()).mapToLong(handle -> {
            try (Stream<String> lines = Files.lines(Path.of("/proc", String.valueOf(handle.pid()), "status"))) {
                return lines.filter(line -> line.startsWith("VmRSS:")).mapToLong(line -> Long.parseLong(line.replaceAll("\\D", ""))).sum();
            } catch (IOException | UncheckedIOException gone) {
                return 0;
            }
        }).sum();
    }
}
