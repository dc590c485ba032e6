package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.latency.Network;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The lab's wire between its two namespaces: every IP packet one TUN device ({@link PacketDevice}) gives up is handed to the other
 * half a round trip later, or lost (each packet alone, with the loss probability, from a seeded generator per
 * direction), and, on a link with a rate, sent no faster than that rate through a queue that drops what no
 * longer fits at its tail, as a router's does. Mahimahi's delay, loss and link shells (Netravali et al., 2015)
 * do the same; they are not in Debian, and a shell around a browser cannot be set cell by cell from a run.
 * The packets themselves are untouched: the kernels on both sides run real TCP and real QUIC over it.
 *
 * <p>Each direction has a reader (the device, then the verdict and the time each packet is due) and a writer
 * (the packets in order, each at its time), so a long delay costs no throughput.
 */
final class LinkEmulator implements AutoCloseable {

    /**
     * The queue in front of a link with a rate holds what the link sends in one round trip (a bandwidth-delay
     * product, the usual rule for a router's buffer), and never less than this many full packets.
     */
    static final int QUEUE_PACKETS = 100;
    private static final int FULL_PACKET = 1500;
    private static final int IPV4 = 4;
    private static final int TCP = 6;
    private static final int UDP = 17;
    private static final int SYN = 0x02;
    private static final int ACK = 0x10;

    /** What a direction carried, for a cell's figures and the lab's own checks. */
    record Traffic(long packets, long bytes, long lost, long tailDropped, long tcpConnections, long udpFlows) {
        Traffic minus(Traffic before) {
            return new Traffic(packets - before.packets, bytes - before.bytes, lost - before.lost,
                    tailDropped - before.tailDropped, tcpConnections - before.tcpConnections, udpFlows - before.udpFlows);
        }

        Traffic plus(Traffic other) {
            return new Traffic(packets + other.packets, bytes + other.bytes, lost + other.lost,
                    tailDropped + other.tailDropped, tcpConnections + other.tcpConnections, udpFlows + other.udpFlows);
        }
    }

    /** The setting packets are judged by from the moment it is made, with the losses drawn from its own generator. */
    private record Setting(Network network, SplittableRandom losses) {
    }

    private final Direction upstream;
    private final Direction downstream;

    /** @param client the device in the client's namespace, @param server the one in the server's */
    LinkEmulator(PacketDevice client, PacketDevice server, Network network, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        upstream = new Direction("up", client, server, new Setting(network, seeds.split()));
        downstream = new Direction("down", server, client, new Setting(network, seeds.split()));
        upstream.start();
        downstream.start();
    }

    /** For the packets read from now on; each direction draws its losses from its own generator split off {@code seed}. */
    void setNetwork(Network network, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        upstream.setting = new Setting(network, seeds.split());
        downstream.setting = new Setting(network, seeds.split());
    }

    /** Client to server. */
    Traffic upstream() {
        return upstream.traffic();
    }

    /** Server to client. */
    Traffic downstream() {
        return downstream.traffic();
    }

    @Override
    public void close() {
        upstream.close();
        downstream.close();
    }

    /** One direction: its packets, their delay, their losses, its link's queue. */
    private static final class Direction {
        private final String name;
        private final PacketDevice from;
        private final PacketDevice to;
        private final BlockingQueue<Packet> inFlight = new LinkedBlockingQueue<>();
        private final AtomicLong packets = new AtomicLong();
        private final AtomicLong bytes = new AtomicLong();
        private final AtomicLong lost = new AtomicLong();
        private final AtomicLong tailDropped = new AtomicLong();
        private final AtomicLong tcpConnections = new AtomicLong();
        private final Set<Integer> udpSources = ConcurrentHashMap.newKeySet();
        private volatile Setting setting;
        private volatile boolean closed;
        /** When the link is free again (nanoTime), for a link with a rate. */
        private long linkFreeNanos = Long.MIN_VALUE;
        private Thread reader;
        private Thread writer;

        private record Packet(byte[] bytes, int length, long dueNanos) {
        }

        Direction(String name, PacketDevice from, PacketDevice to, Setting setting) {
            this.name = name;
            this.from = from;
            this.to = to;
            this.setting = setting;
        }

        void start() {
            reader = daemon(this::read, "lab-link-" + name + "-read");
            writer = daemon(this::write, "lab-link-" + name + "-write");
        }

        private static Thread daemon(Runnable task, String name) {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            thread.start();
            return thread;
        }

        private void read() {
            byte[] buffer = new byte[TunDevice.MAX_PACKET];
            for (int length; (length = from.read(buffer)) >= 0; ) {
                long now = System.nanoTime();
                Setting current = setting;
                Network network = current.network();
                count(buffer, length);
                if (network.loss() > 0 && current.losses().nextDouble() < network.loss()) {
                    lost.incrementAndGet();
                    continue;
                }
                long departure = now;
                if (network.bitsPerSecond() != Network.UNLIMITED) {
                    long serialization = length * 8L * 1_000_000_000L / network.bitsPerSecond();
                    long start = Math.max(now, linkFreeNanos);
                    long queueLimit = Math.max(network.roundTrip().toNanos(),
                            QUEUE_PACKETS * FULL_PACKET * 8L * 1_000_000_000L / network.bitsPerSecond());
                    if (start - now > queueLimit) {
                        tailDropped.incrementAndGet();
                        continue;
                    }
                    linkFreeNanos = start + serialization;
                    departure = linkFreeNanos;
                }
                byte[] copy = new byte[length];
                System.arraycopy(buffer, 0, copy, 0, length);
                inFlight.add(new Packet(copy, length, departure + network.roundTrip().toNanos() / 2));
            }
            closed = true;
            writer.interrupt();
        }

        private void write() {
            try {
                while (!closed) {
                    Packet packet = inFlight.take();
                    for (long wait; (wait = packet.dueNanos() - System.nanoTime()) > 0 && !closed; ) {
                        LockSupport.parkNanos(wait);
                    }
                    to.write(packet.bytes(), packet.length());
                    packets.incrementAndGet();
                    bytes.addAndGet(packet.length());
                }
            } catch (InterruptedException e) {
                // closed
            }
        }

        /** New TCP connections (a SYN without ACK) and UDP flows (by source port), IPv4 only: the lab's addresses. */
        private void count(byte[] packet, int length) {
            if (length < 20 || (packet[0] >> 4) != IPV4) {
                return;
            }
            int header = (packet[0] & 0x0f) * 4;
            int protocol = packet[9] & 0xff;
            if (protocol == TCP && length > header + 13 && (packet[header + 13] & (SYN | ACK)) == SYN) {
                tcpConnections.incrementAndGet();
            } else if (protocol == UDP && length > header + 1) {
                udpSources.add(((packet[header] & 0xff) << 8) | (packet[header + 1] & 0xff));
            }
        }

        Traffic traffic() {
            return new Traffic(packets.get(), bytes.get(), lost.get(), tailDropped.get(), tcpConnections.get(), udpSources.size());
        }

        void close() {
            closed = true;
            from.close();
            for (Thread thread : new Thread[] {reader, writer}) {
                thread.interrupt();
                try {
                    thread.join(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
