package io.github.http2wildfly.servers.cluster;

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

    private static void line(String what, Object where) {
        System.out.printf("  %-42s %s%n", what + ":", where);
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings settings = ClusterSettings.read(Path.of(args[0]), System.getProperties());
        Path dir = Path.of(args[0]).resolveSibling("cluster");
        System.out.println("Starting WildFly's load balancer and " + Cluster.NODES.size() + " nodes, hop " + settings.hop().token()
                + ", in " + dir);
        Cluster cluster = Cluster.start(settings, settings.portOffset(), dir, Duration.ofMinutes(3), List.of());
        Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "cluster-stop"));
        cluster.openSlowDoor(Network.latency(Duration.ofMillis(settings.slowRoundTripMillis())));
        System.out.println();
        System.out.println("The cluster is up: the balancer, and " + String.join(" and ", Cluster.NODES) + " behind it over "
                + settings.hop().token() + ".");
        line("The wall through the balancer (HTTP/2)", cluster.balancer("/http2/logos"));
        line("The same, as if far away (" + settings.slowRoundTripMillis() + " ms)", cluster.slowBalancer("/http2/logos"));
        line("The landing page through the balancer", cluster.balancer("/http2/"));
        for (String node : Cluster.NODES) {
            line("The wall from " + node + " alone", cluster.node(node, "/http2/logos"));
        }
        line("Each answer names its node and hop", "curl -sI --cacert " + settings.certificate() + " " + cluster.balancer("/http2/")
                + " | grep -i server-timing");
        line("Logs", dir + "/{balancer,node1,node2}.log");
        System.out.println("Ctrl-C stops all three.");
        cluster.process(Cluster.BALANCER).waitFor();
    }
}
