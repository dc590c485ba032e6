package io.github.http2wildfly.servers.bench.origin;

import java.net.URI;

/** A server that serves the logo and the page itself (an origin server, where the balancers' benchmark measures fronts). */
interface Origin extends AutoCloseable {

    /** As the record's rows name it: "WildFly, Undertow patched", "nginx". */
    String name();

    /** Where it serves HTTP/2 over TLS: WildFly's door 2. */
    URI h2(String path);

    /** Where it serves HTTP/1.1 over TLS: WildFly's door 3; nginx and Caddy the same port (ALPN). */
    URI h1(String path);

    /** Which of its doors a load over HTTP/1.1 or over h2 goes to, for the record: "door 3", or none. */
    String door(boolean http1);

    /** Its process: its CPU time is counted with its children's. */
    ProcessHandle process();

    /** Stops it by its process id. */
    @Override
    void close();
}
