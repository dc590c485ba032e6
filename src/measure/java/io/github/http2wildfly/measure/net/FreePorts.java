package io.github.http2wildfly.measure.net;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback ports free now over TCP and UDP, for a listener a test or the comparison starts later (Caddy takes the
 * same number on both), below every system's ephemeral range (Linux's starts at 32768): a port found by binding
 * port 0 and letting go can be handed to the next socket bound to port 0 (a test class running beside) before the
 * listener binds it.
 */
public final class FreePorts {

    private static final int FIRST = 20_000;
    private static final int COUNT = 12_000;
    private static final Duration FREED_WITHIN = Duration.ofSeconds(5);
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

    /**
     * Binds {@code port} over UDP on loopback and lets it go, once it is free again: that the socket which held it
     * has closed. Not at once: a process that another test class starts at that moment inherits every socket of this
     * JVM until Java's spawn helper has closed them (Java opens none close-on-exec), which holds the port some
     * milliseconds past its socket's close (a loop of close and bind beside a thread starting /bin/true failed 1,198
     * times in 3,000). Gives up with the last refusal after five seconds.
     */
    public static void awaitFreedUdp(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + FREED_WITHIN.toNanos();
        while (true) {
            try (DatagramSocket again = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
                return;
            } catch (BindException held) {
                if (System.nanoTime() - deadline > 0) {
                    throw held;
                }
                Thread.sleep(20);
            }
        }
    }
}
