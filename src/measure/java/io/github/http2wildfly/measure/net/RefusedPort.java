package io.github.http2wildfly.measure.net;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port that refuses every connection for as long as this is open: a socket bound to it that never
 * listens. A port merely freed may be taken by another test's server, or become a client's own end (a loopback
 * connection to a free port in the ephemeral range can connect to itself); a port held this way cannot.
 */
public final class RefusedPort implements Closeable {

    private final Socket holder = new Socket();

    public RefusedPort() throws IOException {
        holder.setReuseAddress(false); // nobody else binds it, not even with SO_REUSEADDR
        holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) holder.getLocalSocketAddress();
    }

    @Override
    public void close() throws IOException {
        holder.close();
    }
}
