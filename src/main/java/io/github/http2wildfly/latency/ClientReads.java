package io.github.http2wildfly.latency;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * How much of what the proxy wrote to each client on loopback the client has read: written, less what Linux still
 * holds between them (the proxy's socket's send queue and the client's receive queue, from {@code /proc/net/tcp} and
 * {@code tcp6}, which any process may read for its own network namespace). One thread for the JVM samples every
 * millisecond, only while some client has bytes it has not read, and feeds each connection's {@link ReceiveWindow};
 * it ends a second after the last connection it watched (no thread outlives the slow doors).
 * Where there is no such table (not Linux), nothing is watched and no window holds a sender back.
 *
 * <p>Why this way: the client reads from a loopback socket whose buffers grow to megabytes, so its window never
 * closes there; its unread bytes are the only sign of a client that reads late, and Java has no TCP_INFO.
 */
final class ClientReads {

    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final boolean AVAILABLE = Files.isReadable(TABLES.get(0));
    private static final Set<Watched> WATCHED = ConcurrentHashMap.newKeySet();
    private static volatile Thread sampler;

    /** One connection's bytes towards a client: the proxy's port, the client's, and what the proxy has written. */
    static final class Watched {
        private final int proxyPort;
        private final int clientPort;
        private final ReceiveWindow window;
        private final AtomicLong written = new AtomicLong();
        private volatile long read;

        private Watched(int proxyPort, int clientPort, ReceiveWindow window) {
            this.proxyPort = proxyPort;
            this.clientPort = clientPort;
            this.window = window;
        }

        /** The proxy wrote {@code bytes} more to the client. */
        void wrote(int bytes) {
            written.addAndGet(bytes);
            LockSupport.unpark(sampler);
        }

        long written() {
            return written.get();
        }

        ReceiveWindow window() {
            return window;
        }

        /** No longer watched (the connection ended). */
        void stop() {
            WATCHED.remove(this);
        }
    }

    private ClientReads() {
    }

    static boolean available() {
        return AVAILABLE;
    }

    /** Watches the client at {@code clientPort} of the proxy's {@code proxyPort}; null where reads cannot be seen. */
    static Watched watch(int proxyPort, int clientPort, ReceiveWindow window) {
        if (!AVAILABLE) {
            return null;
        }
        Watched watched = new Watched(proxyPort, clientPort, window);
        WATCHED.add(watched);
        startSampler();
        return watched;
    }

    private static synchronized void startSampler() {
        if (sampler == null) {
            Thread thread = new Thread(ClientReads::sample, "client-reads");
            thread.setDaemon(true);
            sampler = thread;
            thread.start();
        }
    }

    private static void sample() {
        while (true) {
            List<Watched> behind = WATCHED.stream().filter(watched -> watched.read < watched.written()).toList();
            if (behind.isEmpty()) {
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1)); // a write unparks it
                if (endWhenIdle()) {
                    return;
                }
                continue;
            }
            Map<Watched, Long> writtenBefore = new HashMap<>();
            behind.forEach(watched -> writtenBefore.put(watched, watched.written()));
            Map<Long, Queues> queued = queued();
            long now = System.nanoTime();
            for (Watched watched : behind) {
                long written = writtenBefore.get(watched); // what was written when the tables were read
                watched.read = Math.max(watched.read, written - held(queued, watched.proxyPort, watched.clientPort));
                watched.window.read(now, watched.read, written - watched.read);
            }
            LockSupport.parkNanos(PERIOD_NANOS);
        }
    }

    /** A socket's bytes not yet acknowledged by its peer, and those its own reader has not read. */
    record Queues(long send, long receive) {
        static final Queues NONE = new Queues(0, 0);
    }

    private static synchronized boolean endWhenIdle() {
        if (!WATCHED.isEmpty()) {
            return false;
        }
        sampler = null;
        return true;
    }

    /** Bytes Linux holds for each socket, by (local port, remote port). */
    static Map<Long, Queues> queued() {
        Map<Long, Queues> queued = new HashMap<>();
        for (Path table : TABLES) {
            try {
                parse(Files.readAllLines(table), queued);
            } catch (IOException | RuntimeException unreadable) {
                // no IPv6, or a table gone meanwhile: nothing held there
            }
        }
        return queued;
    }

    /** What Linux holds between the proxy's socket and the client's: the first's send queue, the second's receive queue. */
    static long held(Map<Long, Queues> queued, int proxyPort, int clientPort) {
        return queued.getOrDefault(key(proxyPort, clientPort), Queues.NONE).send()
                + queued.getOrDefault(key(clientPort, proxyPort), Queues.NONE).receive();
    }

    /** {@code sl local_address rem_address st tx_queue:rx_queue ...}, addresses as HEX:PORT. */
    static void parse(List<String> lines, Map<Long, Queues> queued) {
        for (int i = 1; i < lines.size(); i++) {
            String[] fields = lines.get(i).trim().split("\\s+");
            if (fields.length < 5) {
                continue;
            }
            int local = port(fields[1]);
            int remote = port(fields[2]);
            String[] queues = fields[4].split(":");
            queued.put(key(local, remote), new Queues(Long.parseLong(queues[0], 16), Long.parseLong(queues[1], 16)));
        }
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
    }

    static long key(int local, int remote) {
        return ((long) local << 16) | remote;
    }
}
