package io.github.http2wildfly.measure.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** What a browser's processes spent, read from a stand-in's real processes (an IT: it starts them). */
class BrowserCpuIT {

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theBrowserIsTheProcessWithItsProfileAndEverythingUnderItNothingElse() throws IOException, InterruptedException {
        String profile = "/tmp/chromium-profile-of-this-test";
        // a stand-in for Chromium: a main process with the profile, and under it a busy "network service" whose
        // command line is one string, as Chromium's child processes rewrite theirs
        ProcessBuilder standIn = new ProcessBuilder("bash", "-c", "(exec -a \"$NETWORK_SERVICE\" yes > /dev/null) & wait",
                "bash", "--user-data-dir=" + profile);
        standIn.environment().put("NETWORK_SERVICE", "chromium --type=utility " + BrowserCpu.NETWORK_SERVICE);
        Process browser = start(standIn);
        Process stranger = start(new ProcessBuilder("yes", "--", "--user-data-dir=/tmp/another-profile"));
        Set<Long> expected = Set.of(browser.pid(), awaitChild(browser).pid());

        BrowserCpu first = BrowserCpu.of(profile);
        assertEquals(expected, first.pids());
        BrowserCpu.Use use = awaitNetworkCpu(profile, first);

        assertTrue(use.networkMillis() > 0 && use.browserMillis() >= use.networkMillis(), use.toString());
        assertFalse(BrowserCpu.of(profile).pids().contains(stranger.pid()));
        assertFalse(BrowserCpu.of("/tmp/no-such-profile").found());
    }

    private Process start(ProcessBuilder command) throws IOException {
        Process process = command.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        started.add(process);
        return process;
    }

    /** The shell's child once it runs; a process that is not there within a minute fails the test. */
    private static ProcessHandle awaitChild(Process parent) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            Set<ProcessHandle> children = parent.children().collect(Collectors.toSet());
            if (!children.isEmpty() && children.iterator().next().info().command().orElse("").endsWith("yes")) {
                return children.iterator().next();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the stand-in's child did not start");
    }

    /** The kernel counts CPU in ticks: wait until the busy child has at least one (a minute at most). */
    private static BrowserCpu.Use awaitNetworkCpu(String profile, BrowserCpu first) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            BrowserCpu.Use use = BrowserCpu.of(profile).since(first);
            if (use.networkMillis() > 0) {
                return use;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the busy stand-in spent no CPU in a minute");
    }
}
