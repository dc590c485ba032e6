package io.github.http2wildfly.latency;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The UDP twin of {@link DelayProxy}, for QUIC: every datagram is delivered half the round trip after
 * it arrived, in each direction, no faster than the link rate ({@link Link}, shared by all clients,
 * per direction), and a datagram is dropped with the loss probability. Unlike a TCP proxy it really
 * loses packets: QUIC's own recovery and congestion control answer them, end to end.
 *
 * <p>Each client address gets a socket of its own towards the target, so the target sees one peer per
 * client. Bounded: at most {@value #MAX_QUEUED} datagrams wait per direction (more are dropped, as a
 * router's full queue drops them), at most {@code maxClients} clients (more are ignored), and a
 * client silent for {@link #CLIENT_IDLE} is forgotten. Two threads: one reads, one delivers.
 * Written here because no maintained Java library delays and drops datagrams under a common
 * network model with the TCP proxy.
 */
public final class DatagramDelayProxy implements EmulatingProxy {

    public static final int MAX_QUEUED = 8192;
    public static final Duration CLIENT_IDLE = Duration.ofSeconds(60);
    /** QUIC's largest datagram is below this; a larger one is cut, as no path would carry it. */
    private static final int MAX_DATAGRAM = 65_535;

    private final List<DatagramChannel> listeners = new ArrayList<>();
    private final InetSocketAddress target;
    private final int maxClients;
    private final Selector selector;
    private final Map<SocketAddress, Client> clients = new ConcurrentHashMap<>();
    private final DelayQueue<Scheduled> queue = new DelayQueue<>();
    private final AtomicInteger queuedUp = new AtomicInteger();
    private final AtomicInteger queuedDown = new AtomicInteger();
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong bytesForwarded = new AtomicLong();
    private final AtomicLong clientsAdmitted = new AtomicLong();
    private final SplittableRandom losses;
    private final List<Thread> threads = new ArrayList<>();
    private volatile Emulation emulation;
    private volatile boolean closed;

    private record Emulation(Network network, Link upstream, Link downstream) {
        Emulation(Network network) {
            this(network, new Link(network.bitsPerSecond()), new Link(network.bitsPerSecond()));
        }
    }

    /** A client as the proxy knows it: the socket it spoke to, and the proxy's own socket towards the target. */
    private record Client(SocketAddress address, DatagramChannel listener, DatagramChannel upstream, AtomicLong lastSeenNanos) {
    }

    /** A datagram on its way: out of {@code channel} to {@code to} at {@code dueNanos}. */
    private record Scheduled(long dueNanos, DatagramChannel channel, SocketAddress to, ByteBuffer data, AtomicInteger queued)
            implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(dueNanos, ((Scheduled) other).dueNanos);
        }
    }

    private DatagramDelayProxy(List<InetSocketAddress> listen, InetSocketAddress target, Network network, int maxClients,
            long seed) throws IOException {
        this.target = target;
        this.losses = new SplittableRandom(seed);
        this.maxClients = maxClients;
        this.emulation = new Emulation(network);
        this.selector = Selector.open();
        try {
            int port = listen.get(0).getPort();
            for (InetSocketAddress address : listen) {
                DatagramChannel channel = DatagramChannel.open(address.getAddress() instanceof java.net.Inet6Address
                        ? java.net.StandardProtocolFamily.INET6 : java.net.StandardProtocolFamily.INET);
                listeners.add(channel);
                channel.bind(new InetSocketAddress(address.getAddress(), port));
                port = ((InetSocketAddress) channel.getLocalAddress()).getPort();
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ, channel);
            }
        } catch (IOException e) {
            closeQuietly();
            throw e;
        }
        start(this::read, "read");
        start(this::deliver, "deliver");
    }

    /**
     * Listens on the same port of every address given (port 0: the first one's free port).
     *
     * @throws java.net.BindException when the port is taken on one of them (nothing stays open)
     */
    public static DatagramDelayProxy listening(List<InetSocketAddress> listen, InetSocketAddress target, Network network,
            int maxClients) throws IOException {
        return new DatagramDelayProxy(listen, target, network, maxClients, DelayProxy.DEFAULT_SEED);
    }

    /** On a free loopback port. */
    public static DatagramDelayProxy emulating(InetSocketAddress target, Network network) throws IOException {
        return emulating(target, network, DelayProxy.DEFAULT_SEED);
    }

    /** On a free loopback port, losing the datagrams this seed draws (as {@link DelayProxy#emulating} does segments). */
    public static DatagramDelayProxy emulating(InetSocketAddress target, Network network, long seed) throws IOException {
        return new DatagramDelayProxy(List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)), target, network,
                1024, seed);
    }

    /** For datagrams from now on, on a link of its own. */
    public void setNetwork(Network network) {
        emulation = new Emulation(network);
    }

    public Network network() {
        return emulation.network();
    }

    @Override
    public int port() {
        try {
            return ((InetSocketAddress) listeners.get(0).getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new IllegalStateException("closed", e);
        }
    }

    public long datagramsForwarded() {
        return forwarded.get();
    }

    public long datagramsDropped() {
        return dropped.get();
    }

    public int clients() {
        return clients.size();
    }

    /** Every client address the proxy has admitted: QUIC's connections, as a client opens a socket per connection. */
    @Override
    public long connectionsAccepted() {
        return clientsAdmitted.get();
    }

    /** The payload of every datagram delivered, both ways. */
    @Override
    public long bytesForwarded() {
        return bytesForwarded.get();
    }

    public int liveThreads() {
        return (int) threads.stream().filter(Thread::isAlive).count();
    }

    private void start(Runnable task, String name) {
        Thread thread = new Thread(task, "udp-delay-proxy-" + name + "-" + port());
        thread.setDaemon(true);
        threads.add(thread);
        thread.start();
    }

    private void read() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(MAX_DATAGRAM);
        try {
            while (!closed) {
                selector.select(1000);
                for (SelectionKey key : selector.selectedKeys()) {
                    if (key.attachment() instanceof Client client) {
                        fromTarget(client, buffer);
                    } else {
                        fromClient((DatagramChannel) key.attachment(), buffer);
                    }
                }
                selector.selectedKeys().clear();
                forgetIdleClients();
            }
        } catch (IOException | ClosedSelectorException e) {
            if (!closed) {
                closeQuietly();
            }
        }
    }

    private void fromClient(DatagramChannel listener, ByteBuffer buffer) throws IOException {
        SocketAddress from;
        while ((from = receive(listener, buffer)) != null) {
            Client client = clients.get(from);
            if (client == null) {
                if (clients.size() >= maxClients) {
                    dropped.incrementAndGet();
                    continue;
                }
                DatagramChannel upstream = DatagramChannel.open();
                upstream.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 20);
                upstream.connect(target);
                upstream.configureBlocking(false);
                client = new Client(from, listener, upstream, new AtomicLong());
                upstream.register(selector, SelectionKey.OP_READ, client);
                clients.put(from, client);
                clientsAdmitted.incrementAndGet();
            }
            client.lastSeenNanos().set(System.nanoTime());
            Emulation now = emulation;
            schedule(now, now.upstream(), client.upstream(), null, buffer, queuedUp);
        }
    }

    private void fromTarget(Client client, ByteBuffer buffer) throws IOException {
        while (receive(client.upstream(), buffer) != null) {
            Emulation now = emulation;
            schedule(now, now.downstream(), client.listener(), client.address(), buffer, queuedDown);
        }
    }

    private static SocketAddress receive(DatagramChannel channel, ByteBuffer buffer) throws IOException {
        buffer.clear();
        SocketAddress from;
        try {
            from = channel.receive(buffer);
        } catch (java.net.PortUnreachableException targetGone) {
            return null; // the target is not listening (yet): the client's retransmissions will try again
        }
        buffer.flip();
        return from;
    }

    private void schedule(Emulation emulation, Link link, DatagramChannel channel, SocketAddress to, ByteBuffer buffer,
            AtomicInteger queued) {
        Network network = emulation.network();
        boolean lost;
        synchronized (losses) {
            lost = network.loss() > 0 && losses.nextDouble() < network.loss();
        }
        if (lost || queued.get() >= MAX_QUEUED) {
            dropped.incrementAndGet();
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(buffer.remaining()).put(buffer).flip();
        long due = link.departure(System.nanoTime(), copy.remaining()) + network.roundTrip().toNanos() / 2;
        queued.incrementAndGet();
        queue.add(new Scheduled(due, channel, to, copy, queued));
    }

    private void deliver() {
        try {
            while (!closed) {
                Scheduled next = queue.poll(1, TimeUnit.SECONDS);
                if (next == null) {
                    continue;
                }
                next.queued().decrementAndGet();
                forwarded.incrementAndGet(); // before it leaves: its answer may come back before the send returns
                bytesForwarded.addAndGet(next.data().limit());
                try {
                    if (next.to() == null) {
                        next.channel().write(next.data());
                    } else {
                        next.channel().send(next.data(), next.to());
                    }
                } catch (IOException unreachable) {
                    forwarded.decrementAndGet();
                    bytesForwarded.addAndGet(-next.data().limit());
                    dropped.incrementAndGet(); // as a network would: the sender's recovery answers it
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void forgetIdleClients() {
        long idleSince = System.nanoTime() - CLIENT_IDLE.toNanos();
        clients.values().removeIf(client -> {
            if (client.lastSeenNanos().get() - idleSince >= 0) {
                return false;
            }
            closeQuietly(client.upstream());
            return true;
        });
    }

    /**
     * Ends both threads, then closes every socket, before it returns. In this order nothing registers a socket with
     * the selector while it closes (that race threw from the JDK's Selector.close and left the sockets bound), and
     * the selector lets its sockets go before they close, so each is released at once, not at a later select.
     */
    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        for (Thread thread : threads) {
            thread.interrupt();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        closeQuietly();
    }

    private void closeQuietly() {
        closed = true;
        try {
            selector.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        listeners.forEach(DatagramDelayProxy::closeQuietly);
        clients.values().forEach(client -> closeQuietly(client.upstream()));
        clients.clear();
        queue.clear();
    }

    private static void closeQuietly(DatagramChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public String toString() {
        return "UDP " + port() + " -> " + target.getPort() + ", " + network();
    }
}
