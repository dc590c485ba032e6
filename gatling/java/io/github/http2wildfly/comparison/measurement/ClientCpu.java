package io.github.http2wildfly.comparison.measurement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The browser's CPU budget (comparison.clientcpus): a control group of this run whose CPU quota is the budget, into
 * which every process of the browser is moved before a load (the processes it starts later are its children and
 * follow by themselves). cgroup v1's cpu controller ({@code cpu.cfs_quota_us} over {@code cpu.cfs_period_us}) or v2's
 * {@code cpu.max}; root only. Why a cgroup and not DevTools' CPU throttling: that exists for Chromium alone and slows
 * its renderer only, not its network service (TLS, QUIC), nor Firefox; a quota limits every process alike.
 */
final class ClientCpu implements AutoCloseable {

    /** The quota's period: the kernel's default, 100 ms. */
    static final long PERIOD_MICROS = 100_000;
    /** Where the kernel mounts the controllers: v1's cpu controller, or v2's unified tree. */
    static final Path V1 = Path.of("/sys/fs/cgroup/cpu");
    static final Path V2 = Path.of("/sys/fs/cgroup");

    private final Path group;
    private final boolean v2;

    private ClientCpu(Path group, boolean v2) {
        this.group = group;
        this.v2 = v2;
    }

    /** A group of its own under the first controller found, or one line saying why there is none. */
    static ClientCpu create(Path v1Root, Path v2Root, String name) throws IOException {
        boolean v2 = !Files.exists(v1Root.resolve("cpu.cfs_quota_us"));
        Path root = v2 ? v2Root : v1Root;
        if (v2 && !(Files.exists(root.resolve("cgroup.controllers")) && Files.readString(root.resolve("cgroup.controllers")).contains("cpu"))) {
            throw new IOException("no cgroup with a CPU controller (neither " + v1Root + " nor " + v2Root + ")");
        }
        if (v2) {
            Files.writeString(root.resolve("cgroup.subtree_control"), "+cpu");
        }
        Path group = root.resolve(name);
        Files.createDirectories(group);
        return new ClientCpu(group, v2);
    }

    /** This machine's controller, or why the client's CPU cannot be limited here (not root, no cgroup). */
    static ClientCpu create(String name) throws IOException {
        return create(V1, V2, name);
    }

    /** Sets the budget (0: unlimited) and moves these processes into the group; one that ended meanwhile is skipped. */
    void limit(int millicores, Collection<Long> pids) throws IOException {
        for (String[] setting : quota(millicores)) {
            Files.writeString(group.resolve(setting[0]), setting[1]);
        }
        for (long pid : pids) {
            try {
                Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
            } catch (IOException ended) {
                // ESRCH: the process ended between the listing and the move
            }
        }
    }

    /** The files and values that set the budget: v1 a quota and a period, v2 one line of both. */
    List<String[]> quota(int millicores) {
        long quota = millicores * PERIOD_MICROS / 1000;
        if (v2) {
            return List.<String[]>of(new String[] {"cpu.max", (millicores == 0 ? "max" : Long.toString(quota)) + " " + PERIOD_MICROS});
        }
        return List.of(new String[] {"cpu.cfs_period_us", Long.toString(PERIOD_MICROS)},
                new String[] {"cpu.cfs_quota_us", millicores == 0 ? "-1" : Long.toString(quota)});
    }

    Path group() {
        return group;
    }

    /** Whatever is still in the group goes back to the root, and the group is removed. */
    @Override
    public void close() throws IOException {
        Path procs = group.resolve("cgroup.procs");
        if (Files.exists(procs)) {
            for (String pid : Files.readAllLines(procs)) {
                try {
                    Files.writeString(group.getParent().resolve("cgroup.procs"), pid);
                } catch (IOException ended) {
                    // it ended meanwhile
                }
            }
        }
        Optional.of(group).filter(Files::isDirectory).ifPresent(dir -> dir.toFile().delete());
    }
}
