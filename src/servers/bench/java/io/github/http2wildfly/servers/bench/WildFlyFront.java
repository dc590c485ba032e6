package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.servers.cluster.Cluster;
import java.net.URI;

/**
 * WildFly's own balancer of the cluster, over the cluster's hop, its TLS on the JDK's JSSE or on OpenSSL; the cluster is
 * closed by whoever started it.
 */
record WildFlyFront(Cluster cluster, boolean openSsl) implements Front {

    @Override
    public String name() {
        return "WildFly, hop " + cluster.hop().token() + (openSsl ? ", TLS on OpenSSL" : "");
    }

    @Override
    public URI door(String path) {
        return cluster.balancer(path);
    }

    @Override
    public URI clearTextDoor(String path) {
        return cluster.balancerClearText(path);
    }

    /** Door 1 speaks h2c to a client with prior knowledge. */
    @Override
    public URI h2cDoor(String path) {
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
