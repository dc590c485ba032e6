package io.github.http2wildfly.it;

import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.ClusterSettings;
import io.github.http2wildfly.servers.cluster.Hop;
import io.github.http2wildfly.servers.cluster.NodeLink;
import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster ITs' cluster (tag {@code cluster}, {@code -Pcluster}): the build's {@code target/cluster.properties},
 * at {@code it.cluster.port.offset}, in {@code target/it-cluster-OFFSET}.
 */
final class ClusterServers {

    static final Duration START = Duration.ofMinutes(3);
    private static final Path SETTINGS = ItSettings.path("cluster.settings");

    private ClusterServers() {
    }

    static ClusterSettings settings() throws IOException {
        return ClusterSettings.read(SETTINGS, System.getProperties());
    }

    /** A cluster with this hop, every server with the tests' JVM flags and the given ones. */
    static Cluster start(Hop hop, String... jvmFlags) throws IOException, InterruptedException {
        return start(hop, null, jvmFlags);
    }

    /** The same with one node on a host of its own, behind {@code link} (null: all three on loopback). */
    static Cluster start(Hop hop, NodeLink link, String... jvmFlags) throws IOException, InterruptedException {
        ClusterSettings settings = settings().withHop(hop);
        List<String> flags = new ArrayList<>(ShortLivedJava.flags());
        flags.addAll(List.of(jvmFlags));
        // ItSettings's, unless given (CI gives ClusterRaceIT's cluster an offset of its own)
        int offset = ClusterSettings.portOffset(ItSettings.CLUSTER_PORT_OFFSET, System.getProperty(ItSettings.CLUSTER_PORT_OFFSET));
        return Cluster.start(settings, offset, Path.of("target/it-cluster-" + offset), START, flags, link);
    }

    /** How many tries the balancer has given up for want of an answer (its log: proxy-retries-when-a-node-dies.diff). */
    static long triesGivenUp(Cluster cluster) throws IOException {
        try (var lines = java.nio.file.Files.lines(cluster.log(Cluster.BALANCER))) {
            return lines.filter(line -> line.contains("No answer from")).count();
        }
    }
}
