package io.github.http2wildfly.measure.net;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

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
        while (true) {
            int port = FIRST + ThreadLocalRandom.current().nextInt(COUNT);
            if (PICKED.add(port) && !inUse(port)) {
                return port;
            }
        }
    }

    /**
     * Whether any socket of this machine has the port, TCP or UDP. Read from Linux's socket tables where there are:
     * a socket bound to probe it could be inherited by a process another test class starts at that moment, and held
     * there when the caller binds the port (a fresh-clone CI failed so: "Port 21701 … is already in use").
     */
    static boolean inUse(int port) throws IOException {
        List<Path> tables = Stream.of("tcp", "tcp6", "udp", "udp6").map(name -> Path.of("/proc/net", name)).filter(Files::isReadable).toList();
        if (tables.isEmpty()) {
            return !bindable(port);
        }
        String local = String.format(Locale.ROOT, ":%04X", port); // the local address column: hex address, colon, hex port
        for (Path table : tables) {
            try (Stream<String> lines = Files.lines(table)) {
                if (lines.skip(1).anyMatch(line -> line.strip().split("\\s+")[1].endsWith(local))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean bindable(int port) throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket tcp = new ServerSocket(port, 1, loopback);
                DatagramSocket udp = new DatagramSocket(new InetSocketAddress(loopback, port))) {
            return true;
        } catch (BindException taken) {
            return false;
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
