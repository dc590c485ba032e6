package io.github.http2wildfly.it;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.ClusterSettings;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster ITs' cluster (tag {@code cluster}, {@code -Pcluster}): the build's {@code target/cluster.properties},
 * at {@code it.cluster.port.offset}, in {@code target/it-cluster}.
 */
final class ClusterServers {

    static final Duration START = Duration.ofMinutes(3);
    private static final Path SETTINGS = Path.of(System.getProperty("cluster.settings", "target/cluster.properties"));
    private static final Path DIR = Path.of(System.getProperty("it.cluster.dir", "target/it-cluster"));

    private ClusterServers() {
    }

    static ClusterSettings settings() throws IOException {
        return ClusterSettings.read(SETTINGS);
    }

    /** A cluster with this hop, every server with the tests' JVM flags and the given ones. */
    static Cluster start(Hop hop, String... jvmFlags) throws IOException, InterruptedException {
        ClusterSettings settings = settings().withHop(hop);
        List<String> flags = new ArrayList<>(ShortLivedJava.flags());
        flags.addAll(List.of(jvmFlags));
        return Cluster.start(settings, settings.itPortOffset(), DIR, START, flags);
    }
}
