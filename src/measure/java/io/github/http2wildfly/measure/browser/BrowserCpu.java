package io.github.http2wildfly.measure.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The CPU time a browser's processes have spent so far, per process, as the kernel counts it ({@code /proc/<pid>/stat}
 * through {@link ProcessHandle}): the browser started with a given profile and every process under it, and among
 * them its network service, where Chromium runs TLS for TCP and all of QUIC in user space. Two snapshots give what
 * a page cost the browser ({@link #since}); a process that ended between them is left out.
 */
public final class BrowserCpu {

    /** The switch that marks Chromium's network service among its utility processes. */
    static final String NETWORK_SERVICE = "--utility-sub-type=network.mojom.NetworkService";

    private final Map<Long, Sample> samples;

    BrowserCpu(Map<Long, Sample> samples) {
        this.samples = Map.copyOf(samples);
    }

    /** The browser of this JVM started with {@code --user-data-dir=<profile>}, and its processes; none found: empty. */
    static BrowserCpu of(String profile) {
        String profileSwitch = "--user-data-dir=" + profile;
        Map<Long, Sample> samples = new HashMap<>();
        ProcessHandle.current().descendants()
                .filter(process -> {
                    String commandLine = commandLine(process);
                    return commandLine.contains(profileSwitch) && !commandLine.contains("--type=");
                })
                .flatMap(browser -> Stream.concat(Stream.of(browser), browser.descendants()))
                .forEach(process -> process.info().totalCpuDuration().ifPresent(cpu -> samples.put(process.pid(),
                        new Sample(commandLine(process).contains(NETWORK_SERVICE), cpu))));
        return new BrowserCpu(samples);
    }

    /**
     * The browser started by this JVM as the given process, and every process under it. No network service apart:
     * Firefox runs HTTP in its parent process (its socket process served no page load here: under a millisecond).
     */
    static BrowserCpu ofProcess(ProcessHandle browser) {
        Map<Long, Sample> samples = new HashMap<>();
        Stream.concat(Stream.of(browser), browser.descendants())
                .forEach(process -> process.info().totalCpuDuration().ifPresent(cpu -> samples.put(process.pid(), new Sample(false, cpu))));
        return new BrowserCpu(samples);
    }

    /**
     * The process's command line as one string. On Linux from {@code /proc/<pid>/cmdline} itself: Chromium's child
     * processes rewrite theirs into one string (as setproctitle does), of which ProcessHandle sees no arguments.
     */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline"), StandardCharsets.ISO_8859_1)
                    .replace('\0', ' ');
        } catch (IOException | RuntimeException e) {
            return process.info().commandLine().orElse("");
        }
    }

    /** What the browser spent after {@code earlier}: a process that started since counts from zero. */
    public Use since(BrowserCpu earlier) {
        Duration browser = Duration.ZERO;
        Duration network = Duration.ZERO;
        for (Map.Entry<Long, Sample> now : samples.entrySet()) {
            Duration before = Optional.ofNullable(earlier.samples.get(now.getKey())).map(Sample::cpu).orElse(Duration.ZERO);
            // a pid the kernel reused between the snapshots is a new process
            Duration spent = now.getValue().cpu().compareTo(before) >= 0 ? now.getValue().cpu().minus(before) : now.getValue().cpu();
            browser = browser.plus(spent);
            if (now.getValue().network()) {
                network = network.plus(spent);
            }
        }
        return new Use(millis(browser), millis(network));
    }

    /** Whether the browser's processes were found at all (a platform without process arguments has none). */
    public boolean found() {
        return !samples.isEmpty();
    }

    /** The processes counted: the browser's own and all under it. */
    public Set<Long> pids() {
        return samples.keySet();
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }

    /** One process's CPU time so far, and whether it is the network service. */
    record Sample(boolean network, Duration cpu) {
    }

    /** CPU milliseconds: all of the browser's processes, and of those its network service. */
    public record Use(double browserMillis, double networkMillis) {
    }
}
