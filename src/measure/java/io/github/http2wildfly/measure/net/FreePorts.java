package io.github.http2wildfly.measure.net;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports free now over TCP and UDP, for a listener a test or the comparison starts later (Caddy takes the
 * same number on both), below every system's ephemeral range (Linux's starts at 32768). A port found by binding
 * port 0 and letting go can be handed to the next socket bound to port 0 (a test class running beside) before the
 * listener binds it, or once freed, before it is bound again: in fresh-clone CI runs that happened.
 */
public final class FreePorts {

    private static final int FIRST = 20_000;
    private static final int COUNT = 12_000;
    /** The ports handed out in this JVM, so that no two callers are given the same one. */
    private static final Set<Integer> PICKED = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    public static int next() throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        while (true) {
            int port = FIRST + ThreadLocalRandom.current().nextInt(COUNT);
            if (!PICKED.add(port)) {
                continue;
            }
            try (ServerSocket tcp = new ServerSocket(port, 1, loopback);
                    DatagramSocket udp = new DatagramSocket(new InetSocketAddress(loopback, port))) {
                return port;
            } catch (BindException taken) {
                // another program's: the next
            }
        }
    }
}
