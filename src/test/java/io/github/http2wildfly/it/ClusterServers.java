package io.github.http2wildfly.it;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.ClusterSettings;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.shared.ShortLivedJava;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/**
 * The cluster ITs' cluster (tag {@code cluster}, {@code -Pcluster}): the build's {@code target/cluster.properties},
 * at {@code it.cluster.port.offset}, in {@code target/it-cluster}; and what the balancer's management model says
 * of the nodes it balances.
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

    /** The balancer's runtime view of one registered node ({@code uri}, {@code status}, {@code open-connections}, ...). */
    static ModelNode balancerNode(Cluster cluster, String node) throws IOException {
        ModelNode address = Operations.createAddress("subsystem", "undertow", "configuration", "filter", "mod-cluster", "load-balancer",
                "balancer", "mycluster", "node", node);
        ModelNode read = Operations.createReadResourceOperation(address);
        read.get("include-runtime").set(true);
        try (ModelControllerClient client = ModelControllerClient.Factory.create(InetAddress.getLoopbackAddress(),
                cluster.managementPort(Cluster.BALANCER))) {
            ModelNode result = client.execute(read);
            return Operations.isSuccessfulOutcome(result) ? Operations.readResult(result) : new ModelNode();
        }
    }

    /** A management operation on one of the three, which must succeed. */
    static ModelNode execute(Cluster cluster, String server, ModelNode operation) throws IOException {
        try (ModelControllerClient client = ModelControllerClient.Factory.create(InetAddress.getLoopbackAddress(),
                cluster.managementPort(server))) {
            ModelNode result = client.execute(operation);
            if (!Operations.isSuccessfulOutcome(result)) {
                throw new IllegalStateException(server + ": " + Operations.getFailureDescription(result).asString());
            }
            return Operations.readResult(result);
        }
    }
}
