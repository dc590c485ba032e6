package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cgroup files the client's CPU budget writes, on a folder laid out as each cgroup version's (the kernel's own: ClientCpuIT). */
class ClientCpuTest {

    @TempDir
    Path dir;

    @Test
    void cgroupV1GetsAQuotaOverItsPeriodAndNoneForUnlimited() throws IOException {
        Path v1 = Files.createDirectories(dir.resolve("cpu"));
        Files.writeString(v1.resolve("cpu.cfs_quota_us"), "-1");
        ClientCpu group = ClientCpu.create(v1, dir.resolve("unified"), "client");
        assertEquals(List.of("50000", "-1"), quotas(group, 500, "cpu.cfs_quota_us"), "half a core: 50 of every 100 ms; then none");
        assertEquals("100000", Files.readString(group.group().resolve("cpu.cfs_period_us")));
    }

    @Test
    void cgroupV2GetsOneLineOfQuotaAndPeriodAndTheControllerForItsChildren() throws IOException {
        Path v2 = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(v2.resolve("cgroup.controllers"), "cpuset cpu io memory pids");
        ClientCpu group = ClientCpu.create(dir.resolve("none"), v2, "client");
        assertEquals(List.of("200000 100000", "max 100000"), quotas(group, 2000, "cpu.max"), "two cores; then none");
        assertEquals("+cpu", Files.readString(v2.resolve("cgroup.subtree_control")));
    }

    /** What {@code file} says with the group limited to {@code millicores} and a process moved in, then unlimited. */
    private static List<String> quotas(ClientCpu group, int millicores, String file) throws IOException {
        group.limit(millicores, List.of(4242L));
        String limited = Files.readString(group.group().resolve(file));
        assertEquals("4242", Files.readString(group.group().resolve("cgroup.procs")), "the browser's process moved in");
        group.limit(0, List.of());
        return List.of(limited, Files.readString(group.group().resolve(file)));
    }

    @Test
    void withoutACpuControllerItSaysWhy() throws IOException {
        Path v2 = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(v2.resolve("cgroup.controllers"), "memory pids");
        IOException none = assertThrows(IOException.class, () -> ClientCpu.create(dir.resolve("none"), v2, "client"));
        assertTrue(none.getMessage().startsWith("no cgroup with a CPU controller"), none.getMessage());
    }
}
