package io.github.http2wildfly.shared;

import io.github.http2wildfly.servers.cluster.Cluster;
import java.io.IOException;
import java.net.InetAddress;
import org.jboss.as.controller.client.ModelControllerClient;
import org.jboss.as.controller.client.helpers.Operations;
import org.jboss.dmr.ModelNode;

/** The management model of the cluster's servers (docs/cluster.md), for its ITs and the hop's benchmark. */
public final class ClusterManagement {

    private ClusterManagement() {
    }

    /** The balancer's runtime view of one registered node ({@code uri}, {@code status}, {@code open-connections}, ...). */
    public static ModelNode balancerNode(Cluster cluster, String node) throws IOException {
        ModelNode read = Operations.createReadResourceOperation(Operations.createAddress("subsystem", "undertow", "configuration",
                "filter", "mod-cluster", "load-balancer", "balancer", "mycluster", "node", node));
        read.get("include-runtime").set(true);
        return execute(cluster, Cluster.BALANCER, read);
    }

    /** The nodes the balancer has registered, by name (their jvm-route). */
    public static java.util.List<String> balancerNodes(Cluster cluster) throws IOException {
        ModelNode read = Operations.createOperation("read-children-names", Operations.createAddress("subsystem", "undertow",
                "configuration", "filter", "mod-cluster", "load-balancer", "balancer", "mycluster"));
        read.get("child-type").set("node");
        return execute(cluster, Cluster.BALANCER, read).asList().stream().map(ModelNode::asString).toList();
    }

    /** The I/O threads of the balancer's worker (its connection pools to the nodes are kept per I/O thread). */
    public static int balancerIoThreads(Cluster cluster) throws IOException {
        ModelNode read = Operations.createReadAttributeOperation(Operations.createAddress("subsystem", "io", "worker", "default"),
                "io-thread-count");
        return execute(cluster, Cluster.BALANCER, read).asInt();
    }

    /** A management operation on one of the three, which must succeed. */
    public static ModelNode execute(Cluster cluster, String server, ModelNode operation) throws IOException {
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
