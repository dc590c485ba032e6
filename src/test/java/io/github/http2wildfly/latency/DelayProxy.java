package io.github.http2wildfly.latency;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy on loopback that emulates network latency: every byte is delivered a fixed one-way
 * delay after it arrived, in each direction, so the round-trip time is twice the delay. It sees
 * only bytes, so TLS and ALPN pass through untouched and stay end to end.
 *
 * <p>Connection set-up costs a round trip too, as TCP's handshake would: the kernel accepts the
 * client at once, so what the client sends first reaches the target one extra round trip late
 * (1.5 RTT after connecting, as on a real network).
 *
 * <p>Shared by the benchmarks (Gatling, Chromium): start one per door and per delay, point the
 * client at {@link #port()}, read {@link #connectionsAccepted()} and {@link #bytesForwarded()}.
 * Bandwidth is not limited; loopback is far faster than the pages measured here.
 *
 * <p>Why not NetCrusher (netcrusher-core 0.10, its last release): its DelayThrottler delays data
 * buffers, but nothing in it makes the connection set-up cost a round trip, and set-up is a large
 * share of what HTTP/1.1's six connections and HTTP/2's one connection pay differently.
 */
public final class DelayProxy implements Closeable {

    private static final int CHUNK = 64 * 1024;

    private final InetSocketAddress target;
    private final long oneWayNanos;
    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private volatile boolean closed;

    private DelayProxy(InetSocketAddress target, Duration oneWayDelay) throws IOException {
        if (oneWayDelay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative: " + oneWayDelay);
        }
        this.target = target;
        this.oneWayNanos = oneWayDelay.toNanos();
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "delay-proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * @param target where to forward to
     * @param oneWayDelay added in each direction; the round trip grows by twice this
     */
    public static DelayProxy start(InetSocketAddress target, Duration oneWayDelay) throws IOException {
        return new DelayProxy(target, oneWayDelay);
    }

    /** A proxy for a round-trip time: half of it each way. */
    public static DelayProxy withRoundTrip(InetSocketAddress target, Duration roundTrip) throws IOException {
        return start(target, roundTrip.dividedBy(2));
    }

    /** The loopback port clients connect to. */
    public int port() {
        return listener.getLocalPort();
    }

    public InetAddress loopbackAddress() {
        return listener.getInetAddress();
    }

    public Duration oneWayDelay() {
        return Duration.ofNanos(oneWayNanos);
    }

    /** TCP connections accepted since start. */
    public long connectionsAccepted() {
        return connections.get();
    }

    /** Bytes forwarded in both directions since start. */
    public long bytesForwarded() {
        return bytes.get();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        for (Socket socket : open) {
            socket.close();
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            connections.incrementAndGet();
            long established = System.nanoTime() + 2 * oneWayNanos;
            daemon(() -> connect(client, established), "delay-proxy-connect");
        }
    }

    private void connect(Socket client, long established) {
        Socket server = new Socket();
        open.add(client);
        open.add(server);
        try {
            client.setTcpNoDelay(true);
            server.setTcpNoDelay(true);
            server.connect(target);
        } catch (IOException e) {
            closeQuietly(client);
            closeQuietly(server);
            return;
        }
        AtomicInteger directions = new AtomicInteger(2);
        Runnable ended = () -> {
            if (directions.decrementAndGet() == 0) {
                closeQuietly(client);
                closeQuietly(server);
            }
        };
        // Client to server: nothing arrives before the emulated handshake round trip is over.
        pipe(client, server, established, ended);
        pipe(server, client, System.nanoTime(), ended);
    }

    private record Chunk(long dueNanos, byte[] bytes) {
        boolean isEndOfStream() {
            return bytes == null;
        }
    }

    /**
     * Copies one direction: a reader stamps each chunk with its delivery time, a writer delivers it
     * then, in order. The end of the stream travels with the same delay, as a half close.
     */
    private void pipe(Socket from, Socket to, long notBefore, Runnable ended) {
        BlockingQueue<Chunk> inFlight = new LinkedBlockingQueue<>();
        daemon(() -> {
            byte[] buffer = new byte[CHUNK];
            try {
                // not try-with-resources: closing a socket's stream closes the socket, both directions
                InputStream in = from.getInputStream();
                for (int read; (read = in.read(buffer)) >= 0; ) {
                    inFlight.add(new Chunk(deliveryTime(notBefore), Arrays.copyOf(buffer, read)));
                }
            } catch (IOException resetOrClosed) {
                // the end of this direction either way
            }
            inFlight.add(new Chunk(deliveryTime(notBefore), null));
        }, "delay-proxy-read");
        daemon(() -> {
            try {
                OutputStream out = to.getOutputStream();
                for (Chunk chunk = inFlight.take(); ; chunk = inFlight.take()) {
                    for (long wait; (wait = chunk.dueNanos() - System.nanoTime()) > 0; ) {
                        LockSupport.parkNanos(wait);
                    }
                    if (chunk.isEndOfStream()) {
                        to.shutdownOutput();
                        break;
                    }
                    out.write(chunk.bytes());
                    bytes.addAndGet(chunk.bytes().length);
                }
            } catch (IOException | InterruptedException e) {
                closeQuietly(from);
                closeQuietly(to);
            } finally {
                ended.run();
            }
        }, "delay-proxy-write");
    }

    private long deliveryTime(long notBefore) {
        return Math.max(System.nanoTime(), notBefore) + oneWayNanos;
    }

    private void closeQuietly(Socket socket) {
        open.remove(socket);
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static void daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }
}
