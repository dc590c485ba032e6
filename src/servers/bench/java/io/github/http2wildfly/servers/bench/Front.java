package io.github.http2wildfly.servers.bench;

import java.net.URI;

/** What stands in front of the cluster's two nodes in the balancers' benchmark: WildFly's balancer, HAProxy or nginx. */
interface Front extends AutoCloseable {

    /** As the record's tables name it: "WildFly, hop h2c", "HAProxy, h2 to the nodes". */
    String name();

    /** HTTP/2 over TLS with the project's certificate: what browsers and h2load open. */
    URI door(String path);

    /** Clear text, to see which nodes answer (their Server-Timing) with no TLS to set up. */
    URI clearTextDoor(String path);

    /** HTTP/2 in clear text (prior knowledge): the front's work without TLS, for h2load. */
    URI h2cDoor(String path);

    /** Its process: its CPU time and sockets are counted with its children's. */
    ProcessHandle process();

    /** The port it connects to on a node. */
    int nodePort(String node);

    @Override
    void close();
}
