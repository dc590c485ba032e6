package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The client's CPU budget on this machine's kernel, held against a busy process (an IT: it starts one). */
class ClientCpuIT {

    /** On this machine's kernel, where it lets us: a busy process held to a quarter of a core. */
    @Test
    void aBusyProcessInTheGroupGetsNoMoreThanItsBudget() throws Exception {
        ClientCpu group;
        try {
            group = ClientCpu.create("http2-wildfly-test-" + ProcessHandle.current().pid());
        } catch (IOException none) {
            Assumptions.abort("no cgroup to limit a process here: " + none.getMessage());
            return;
        }
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try (group) {
            group.limit(250, List.of(busy.pid()));
            Duration before = busy.info().totalCpuDuration().orElseThrow();
            long started = System.nanoTime();
            Thread.sleep(1500);
            double cores = (busy.info().totalCpuDuration().orElseThrow().minus(before).toNanos()) / (double) (System.nanoTime() - started);
            assertTrue(cores <= 0.25 * 1.2, "a busy loop under a quarter of a core used " + cores + " cores");
            assertTrue(cores > 0.05, "it ran: " + cores);
        } finally {
            busy.destroyForcibly().waitFor();
        }
    }
}
