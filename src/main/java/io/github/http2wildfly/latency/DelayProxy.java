package io.github.http2wildfly.latency;

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
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy that emulates a network ({@link Network}): every byte is delivered half the round-trip
 * time after it arrived, in each direction, no faster than the link rate, and late where a segment
 * was "lost" ({@link Flow}). It sees only bytes, so TLS and ALPN pass through untouched and stay end
 * to end. Towards the client, bytes arrive no faster than its TCP receive window lets them ({@link ReceiveWindow}):
 * a browser busy with the page reads late, and on a real network its window would hold the sender back, where the
 * proxy's loopback socket to it never would.
 *
 * <p>Connection set-up costs a round trip too, as TCP's handshake would: the kernel accepts the
 * client at once, so what the client sends first reaches the target one extra round trip late
 * (1.5 RTT after connecting, as on a real network), and a second later for each SYN or SYN-ACK the
 * loss model drops ({@link Network#handshake}).
 *
 * <p>Used by the slow doors that run with the server ({@code SlowDoors}) and by the comparison
 * (Gatling, Chromium). A change of the network applies to connections accepted afterwards. The link
 * rate is shared by all connections of the proxy, per direction (a proxy serves one client at a time:
 * one page load of the comparison, one person's browser at a slow door). Losses are drawn from a
 * seeded generator per connection and direction, so a run can be repeated.
 * Bounded: at most {@link #MAX_BUFFERED_BYTES} in flight per connection and direction (a client that
 * stops reading stops the other side, as a TCP window would), and at most {@code maxConnections} at
 * once (more are closed at once).
 *
 * <p>Why our own and not NetCrusher (netcrusher-core 0.10, its last release): its DelayThrottler
 * delays data buffers, but nothing in it makes the connection set-up cost a round trip, and set-up is
 * a large share of what HTTP/1.1's six connections and HTTP/2's one connection pay differently.
 */
public final class DelayProxy implements EmulatingProxy {

    /** In flight per connection and direction: the 500-logo page (335 KB) fits at any round trip. */
    public static final int MAX_BUFFERED_BYTES = 1024 * 1024;
    private static final int CHUNK = 64 * 1024;
    private static final int UNLIMITED = Integer.MAX_VALUE;
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(5);
    /** The seed of the slow doors and of {@link #withRoundTrip}: the same losses in every run. */
    public static final long DEFAULT_SEED = 2015;

    private final InetSocketAddress target;
    private final int maxConnections;
    private final ServerSocket listener;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong buffered = new AtomicLong();
    private final AtomicLong segments = new AtomicLong();
    private final AtomicLong segmentsLost = new AtomicLong();
    private final AtomicLong receiveWindowWaits = new AtomicLong();
    private final SplittableRandom seeds;
    /** The network for the next connections, and the link they share (changed together). */
    private volatile Emulation emulation;
    private volatile boolean closed;

    private record Emulation(Network network, Link upstream, Link downstream) {
        Emulation(Network network) {
            this(network, new Link(network.bitsPerSecond()), new Link(network.bitsPerSecond()));
        }
    }

    private DelayProxy(InetSocketAddress listen, InetSocketAddress target, Network network, long seed, int maxConnections)
            throws IOException {
        this.target = target;
        this.maxConnections = maxConnections;
        this.seeds = new SplittableRandom(seed);
        setNetwork(network);
        ServerSocket socket = new ServerSocket();
        try {
            socket.setReuseAddress(true);
            socket.bind(listen, 200);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        this.listener = socket;
        start(this::accept, "accept");
    }

    /** A proxy on a free loopback port (the comparison'), its losses drawn from {@code seed}. */
    public static DelayProxy emulating(InetSocketAddress target, Network network, long seed) throws IOException {
        return new DelayProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), target, network, seed, UNLIMITED);
    }

    /** Latency alone, on a free loopback port. */
    public static DelayProxy withRoundTrip(InetSocketAddress target, Duration roundTrip) throws IOException {
        return emulating(target, Network.latency(roundTrip), DEFAULT_SEED);
    }

    /**
     * A proxy on a given address (a slow door's).
     *
     * @throws java.net.BindException when the port is taken
     */
    public static DelayProxy listening(InetSocketAddress listen, InetSocketAddress target, Network network,
            int maxConnections) throws IOException {
        return new DelayProxy(listen, target, network, DEFAULT_SEED, maxConnections);
    }

    /** For connections accepted from now on, on a link of their own (the earlier ones keep theirs). */
    public void setNetwork(Network network) {
        emulation = new Emulation(network);
    }

    public Network network() {
        return emulation.network();
    }

    /** The port clients connect to. */
    @Override
    public int port() {
        return listener.getLocalPort();
    }

    public InetAddress loopbackAddress() {
        return listener.getInetAddress();
    }

    /** TCP connections accepted since start (refused ones included). */
    @Override
    public long connectionsAccepted() {
        return accepted.get();
    }

    /** Connections closed at once because {@code maxConnections} were open. */
    public long connectionsRefused() {
        return refused.get();
    }

    public int openConnections() {
        return connections.size();
    }

    /** Bytes forwarded in both directions since start. */
    @Override
    public long bytesForwarded() {
        return forwarded.get();
    }

    /** Segments ({@value Network#SEGMENT_BYTES} bytes or fewer) carried, both directions, since start. */
    public long segments() {
        return segments.get();
    }

    /** Of those, the ones the loss model made late. */
    public long segmentsLost() {
        return segmentsLost.get();
    }

    /** How long bytes towards clients waited, over all connections, because a client's receive window was full. */
    public Duration receiveWindowWaits() {
        return Duration.ofNanos(receiveWindowWaits.get());
    }

    /** Bytes read and not yet delivered, over all connections and directions. */
    public long bytesInFlight() {
        return buffered.get();
    }

    /** Threads of this proxy still running: the acceptor and four per open connection; none once closed. */
    /** Whether its port is still bound: false once {@link #close} returned. */
    public boolean listening() {
        return listener.isBound() && !listener.isClosed();
    }

    public int liveThreads() {
        return (int) threads.stream().filter(Thread::isAlive).count();
    }

    /**
     * Closes the connections that have carried nothing for {@code idle}, so that a browser's kept-alive
     * connections are made anew (at the current round trip) while a connection in use is left alone; says how many.
     */
    public int closeIdleConnections(Duration idle) {
        long now = System.nanoTime();
        int closed = 0;
        for (Connection connection : connections) {
            if (now - connection.lastActivityNanos > idle.toNanos()) {
                connection.close();
                closed++;
            }
        }
        return closed;
    }

    /** Stops listening, closes every connection and waits for every thread of this proxy to end. */
    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        for (Connection connection : connections) {
            connection.close();
        }
        long deadline = System.nanoTime() + JOIN_TIMEOUT.toNanos();
        for (Thread thread : threads) {
            if (thread != Thread.currentThread()) {
                try {
                    thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
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
            accepted.incrementAndGet();
            Emulation now = emulation;
            SplittableRandom losses = seeds.split();
            long established = System.nanoTime() + now.network().handshake(losses::nextDouble).toNanos();
            if (connections.size() >= maxConnections) {
                refused.incrementAndGet();
                Connection.abort(client);
                continue;
            }
            Connection connection = new Connection(client, now, losses);
            connections.add(connection);
            if (closed) {
                // close() may have run between accept() and add(): nobody else would close this one
                connection.close();
                return;
            }
            start(() -> connection.open(established), "connect");
        }
    }

    private void start(Runnable task, String role) {
        Thread thread = new Thread(() -> {
            try {
                task.run();
            } finally {
                threads.remove(Thread.currentThread());
            }
        }, "delay-proxy-" + listener.getLocalPort() + "-" + role);
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    /** A lost segment's writer looks this often whether its fast retransmit has become due. */
    private static final long RETRANSMIT_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** What travels through a direction's queue: data as the flow scheduled it, or how the direction ended. */
    private record Chunk(Flow.Piece piece, byte[] bytes, boolean reset) {
        boolean isEnd() {
            return bytes == null;
        }
    }

    /** One client and its connection to the target, with the network it was accepted with. */
    private final class Connection {
        private final Socket client;
        private final Socket server = new Socket();
        private final Emulation emulation;
        /** Each direction's losses, and their retransmissions' apart (Flow). */
        private final SplittableRandom upstreamLosses;
        private final SplittableRandom upstreamRetransmissions;
        private final SplittableRandom downstreamLosses;
        private final SplittableRandom downstreamRetransmissions;
        private final AtomicInteger directions = new AtomicInteger(2);
        private volatile long lastActivityNanos = System.nanoTime();

        Connection(Socket client, Emulation emulation, SplittableRandom losses) {
            this.client = client;
            this.emulation = emulation;
            this.upstreamLosses = losses.split();
            this.upstreamRetransmissions = losses.split();
            this.downstreamLosses = losses.split();
            this.downstreamRetransmissions = losses.split();
        }

        void open(long established) {
            try {
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                server.connect(target, (int) CONNECT_TIMEOUT.toMillis());
            } catch (IOException targetDown) {
                // the door behind is not there: the client learns it at once, not after a timeout
                close();
                return;
            }
            // Client to server: nothing arrives before the emulated handshake round trip is over.
            pipe(client, server, new Flow(emulation.network(), emulation.upstream(), upstreamLosses::nextDouble,
                    upstreamRetransmissions::nextDouble, established), null);
            // Server to client: no faster than the client reads, through its receive window (the server reads at once);
            // without a round trip the network is loopback's own, and so is the window; a network without one has none.
            long opened = System.nanoTime();
            Duration roundTrip = emulation.network().roundTrip();
            pipe(server, client, new Flow(emulation.network(), emulation.downstream(), downstreamLosses::nextDouble,
                    downstreamRetransmissions::nextDouble, opened), roundTrip.isZero() || !emulation.network().receiveWindow() ? null
                    : ClientReads.watch(client.getLocalPort(), client.getPort(), new ReceiveWindow(roundTrip.toNanos(), opened)));
        }

        /**
         * One direction: a reader stamps each chunk with its delivery time (the flow's), a writer
         * delivers it then, in order. The end of the stream travels with the same delay, as a half
         * close or a reset. Towards the client ({@code reads} not null) no byte arrives before the client's
         * receive window had room for it.
         */
        private void pipe(Socket from, Socket to, Flow flow, ClientReads.Watched reads) {
            BlockingQueue<Chunk> inFlight = new LinkedBlockingQueue<>();
            Semaphore room = new Semaphore(MAX_BUFFERED_BYTES);
            start(() -> {
                byte[] buffer = new byte[CHUNK];
                boolean reset = false;
                try {
                    // not try-with-resources: closing a socket's stream closes the socket, both directions
                    InputStream in = from.getInputStream();
                    for (int read; (read = in.read(buffer)) >= 0; ) {
                        lastActivityNanos = System.nanoTime();
                        if (!reserve(room, read)) {
                            // closed while the writer was still behind: the end below is what lets the writer end too
                            // (returning here left it waiting for the queue's next chunk for ever)
                            break;
                        }
                        long segmentsBefore = flow.segments();
                        long lostBefore = flow.lostSegments();
                        for (Flow.Piece piece : flow.schedule(System.nanoTime(), read)) {
                            inFlight.add(new Chunk(piece,
                                    Arrays.copyOfRange(buffer, piece.offset(), piece.offset() + piece.length()), false));
                        }
                        segments.addAndGet(flow.segments() - segmentsBefore);
                        segmentsLost.addAndGet(flow.lostSegments() - lostBefore);
                    }
                } catch (IOException resetOrClosed) {
                    reset = !closed && !from.isClosed();
                }
                // after every byte before it: the writer takes the queue in order
                inFlight.add(new Chunk(new Flow.Piece(0, 0, flow.endTime(System.nanoTime()), -1), null, reset));
            }, "read");
            start(() -> {
                try {
                    OutputStream out = to.getOutputStream();
                    for (Chunk chunk = inFlight.take(); ; chunk = inFlight.take()) {
                        long due = flow.due(chunk.piece());
                        for (long wait; (wait = due - System.nanoTime()) > 0; due = flow.due(chunk.piece())) {
                            LockSupport.parkNanos(chunk.piece().lost() ? Math.min(wait, RETRANSMIT_POLL_NANOS) : wait);
                        }
                        if (chunk.isEnd()) {
                            flow.delivered(chunk.piece(), due);
                            if (chunk.reset()) {
                                abort(to);
                                close();
                            } else {
                                to.shutdownOutput();
                            }
                            break;
                        }
                        if (reads == null) {
                            out.write(chunk.bytes());
                        } else {
                            due = writeThroughWindow(out, reads, chunk.bytes(), due);
                        }
                        flow.delivered(chunk.piece(), due);
                        forwarded.addAndGet(chunk.bytes().length);
                        release(room, chunk.bytes().length);
                    }
                } catch (IOException | InterruptedException e) {
                    close();
                } finally {
                    if (reads != null) {
                        reads.stop();
                    }
                    release(room, MAX_BUFFERED_BYTES - room.availablePermits());
                    if (directions.decrementAndGet() == 0) {
                        close();
                    }
                }
            }, "write");
        }

        /**
         * Writes {@code bytes}, due at {@code due}, as the client's receive window lets them arrive: what it had room
         * for (as the sender knew a round trip earlier) at once, the rest as the client's reads make room, as a TCP
         * sender sends up to the window's edge. Returns when the last of them arrived.
         */
        private long writeThroughWindow(OutputStream out, ClientReads.Watched reads, byte[] bytes, long due) throws IOException {
            long arrival = due;
            for (int offset = 0; offset < bytes.length; ) {
                int fits = (int) Math.min(bytes.length - offset, reads.window().roomAt(arrival) - reads.written());
                if (fits > 0) {
                    out.write(bytes, offset, fits);
                    reads.wrote(fits);
                    offset += fits;
                    continue;
                }
                long waitedFrom = System.nanoTime();
                long next;
                while ((next = reads.window().arrivalFrom(reads.written() + 1)) == ReceiveWindow.NOT_YET) {
                    if (isClosed()) {
                        throw new IOException("closed while waiting for the client's receive window");
                    }
                    LockSupport.parkNanos(RETRANSMIT_POLL_NANOS); // the client's next read is sampled
                }
                arrival = Math.max(arrival, next);
                for (long wait; (wait = arrival - System.nanoTime()) > 0; ) {
                    LockSupport.parkNanos(wait);
                }
                receiveWindowWaits.addAndGet(System.nanoTime() - waitedFrom);
            }
            return arrival;
        }

        /** Waits for room in this direction's budget; false once the connection is closed. */
        private boolean reserve(Semaphore room, int bytes) {
            try {
                while (!room.tryAcquire(bytes, 100, TimeUnit.MILLISECONDS)) {
                    if (isClosed()) {
                        return false;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            if (isClosed()) {
                room.release(bytes);
                return false;
            }
            buffered.addAndGet(bytes);
            return true;
        }

        private void release(Semaphore room, int bytes) {
            if (bytes > 0) {
                room.release(bytes);
                buffered.addAndGet(-bytes);
            }
        }

        private boolean isClosed() {
            return client.isClosed() || server.isClosed();
        }

        void close() {
            connections.remove(this);
            closeQuietly(client);
            closeQuietly(server);
        }

        /** Closes with a TCP reset (RST) instead of an orderly close (FIN). */
        static void abort(Socket socket) {
            try {
                socket.setSoLinger(true, 0);
            } catch (IOException alreadyClosed) {
                // closing anyway
            }
            closeQuietly(socket);
        }

        private static void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
