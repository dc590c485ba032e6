package io.github.http2wildfly.build.cluster;

import io.github.http2wildfly.latency.Network;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code ./mvnw -Pcluster package exec:java@cluster}: the balancer and two nodes in {@code target/cluster},
 * until Ctrl-C, which stops all three (a JVM shutdown hook; the server agent ends them too if this JVM is
 * killed). Argument: {@code target/cluster.properties}.
 */
public final class ClusterLauncher {

    private ClusterLauncher() {
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings settings = ClusterSettings.read(Path.of(args[0]));
        Path dir = Path.of(args[0]).resolveSibling("cluster");
        System.out.println("Starting WildFly's load balancer and " + Cluster.NODES.size() + " nodes, hop " + settings.hop().token()
                + ", in " + dir);
        Cluster cluster = Cluster.start(settings, settings.portOffset(), dir, Duration.ofMinutes(3), List.of());
        Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "cluster-stop"));
        cluster.openSlowDoor(Network.latency(Duration.ofMillis(settings.slowRoundTripMillis())));
        System.out.println();
        System.out.println("The cluster is up: the balancer, and " + String.join(" and ", Cluster.NODES) + " behind it over "
                + settings.hop().token() + ".");
        System.out.println("  The wall through the balancer (HTTP/2):  " + cluster.balancer("/http2/logos"));
        System.out.println("  The same, as if far away (" + settings.slowRoundTripMillis() + " ms):   " + cluster.slowBalancer("/http2/logos"));
        System.out.println("  The landing page through the balancer:   " + cluster.balancer("/http2/"));
        for (String node : Cluster.NODES) {
            System.out.println("  " + node + " directly:                     " + cluster.node(node, "/http2/logos"));
        }
        System.out.println("  Each answer names its node and hop:      curl -skI " + cluster.balancer("/http2/") + " | grep -i server-timing");
        System.out.println("  Logs: " + dir + "/{balancer,node1,node2}.log. Ctrl-C stops all three.");
        cluster.process(Cluster.BALANCER).waitFor();
    }
}
