package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cgroup files the client's CPU budget writes, on a folder laid out as each cgroup version's. */
class ClientCpuTest {

    @TempDir
    Path dir;

    @Test
    void cgroupV1GetsAQuotaOverItsPeriodAndNoneForUnlimited() throws IOException {
        Path v1 = Files.createDirectories(dir.resolve("cpu"));
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "-1");
        ClientCpu group = ClientCpu.create(v1, dir.resolve("unified"), "client");
        group.limit(500, List.of(4242L));
        assertEquals("50000", Files.readString(v1.resolve("client/cpu.cfs_quota_us")), "half a core: 50 of every 100 ms");
        assertEquals("100000", Files.readString(v1.resolve("client/cpu.cfs_period_us")));
        assertEquals("4242", Files.readString(v1.resolve("client/cgroup.procs")), "the browser's process moved in");
        group.limit(0, List.of());
        assertEquals("-1", Files.readString(v1.resolve("client/cpu.cfs_quota_us")));
    }

    @Test
    void cgroupV2GetsOneLineOfQuotaAndPeriodAndTheControllerForItsChildren() throws IOException {
        Path v2 = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(v2.resolve("cgroup.controllers"), "cpuset cpu io memory pids");
        ClientCpu group = ClientCpu.create(dir.resolve("none"), v2, "client");
        assertEquals("+cpu", Files.readString(v2.resolve("cgroup.subtree_control")));
        group.limit(2000, List.of(7L));
        assertEquals("200000 100000", Files.readString(v2.resolve("client/cpu.max")), "two cores");
        group.limit(0, List.of());
        assertEquals("max 100000", Files.readString(v2.resolve("client/cpu.max")));
    }

    @Test
    void withoutACpuControllerItSaysWhy() throws IOException {
        Path v2 = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(v2.resolve("cgroup.controllers"), "memory pids");
        IOException none = assertThrows(IOException.class, () -> ClientCpu.create(dir.resolve("none"), v2, "client"));
        assertTrue(none.getMessage().startsWith("no cgroup with a CPU controller"), none.getMessage());
    }

    @Test
    void budgetsAreReadInCoresUnlimitedFirstThenFromTheMost() {
        assertEquals(List.of(0, 2000, 1000, 500, 250), ComparisonSettings.clientMillicores("0.5, 2,0,1,0.25,1"));
        assertEquals("0.5 cores", Condition.cpuLabel(500));
        assertEquals("1 core", Condition.cpuLabel(1000));
        assertEquals("unlimited CPU", Condition.cpuLabel(0));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> ComparisonSettings.clientMillicores("half"));
        assertTrue(bad.getMessage().startsWith("comparison.clientcpus=half: expected the browser's cores"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ComparisonSettings.clientMillicores("-1"));
    }
}
