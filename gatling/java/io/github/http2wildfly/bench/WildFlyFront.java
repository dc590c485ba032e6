package io.github.http2wildfly.bench;

import io.github.http2wildfly.build.cluster.Cluster;
import java.net.URI;

/** WildFly's own balancer of the cluster, over the cluster's hop; the cluster is closed by whoever started it. */
record WildFlyFront(Cluster cluster) implements Front {

    @Override
    public String name() {
        return "WildFly, hop " + cluster.hop().token();
    }

    @Override
    public URI door(String path) {
        return cluster.balancer(path);
    }

    @Override
    public URI clearTextDoor(String path) {
        return cluster.balancerClearText(path);
    }

    @Override
    public ProcessHandle process() {
        return cluster.process(Cluster.BALANCER).toHandle();
    }

    @Override
    public int nodePort(String node) {
        return cluster.hopPort(node);
    }

    @Override
    public void close() {
    }
}
