package io.github.http2wildfly.measure.net;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An HTTP/2 client (h2c, prior knowledge) that asks for one answer and never gives flow-control credit back, as a
 * browser tab whose reader has stalled does: it keeps reading its socket (so TCP does not stall) and acknowledges
 * SETTINGS, but sends no WINDOW_UPDATE, so the server may send it no more than the opening windows (65,535 bytes).
 * Written frame by frame because no client lets a test withhold its credit.
 */
public final class StalledReader implements AutoCloseable {

    /** The window a client has until it sends WINDOW_UPDATE (RFC 9113 section 6.9.2). */
    public static final int OPENING_WINDOW = 65_535;
    /** How long the readers' counts must stay as they are to count as stalled. */
    private static final int STILL_MILLIS = 500;

    private final Socket socket;
    private final OutputStream out;
    private final AtomicLong dataReceived = new AtomicLong();
    private volatile boolean resetByTheServer;
    private final Thread reader;

    /** Connects to {@code host:port} (clear text, prior knowledge) and asks for {@code path} on stream 1. */
    public StalledReader(String host, int port, String path) throws IOException {
        socket = new Socket(host, port);
        out = socket.getOutputStream();
        out.write(H2Frames.PREFACE);
        out.write(H2Frames.frame(0x4, 0, 0, new byte[0])); // SETTINGS, none changed: the default windows
        // HEADERS, END_STREAM | END_HEADERS: GET, http, the path and authority as literals of the static table's names
        out.write(H2Frames.frame(0x1, 0x5, 1, H2Frames.block((byte) 0x82, (byte) 0x86, (byte) 0x04, path, (byte) 0x01, host + ":" + port)));
        out.flush();
        reader = new Thread(this::readUntilClosed, "stalled-reader-" + socket.getLocalPort());
        reader.setDaemon(true);
        reader.start();
    }

    /** The answer's DATA bytes received so far (padding included). */
    public long dataReceived() {
        return dataReceived.get();
    }

    /** {@code count} readers of {@code path}, each on a connection of its own to {@code host:port}. */
    public static List<StalledReader> open(String host, int port, String path, int count) throws IOException {
        List<StalledReader> readers = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                readers.add(new StalledReader(host, port, path + (path.contains("?") ? "&" : "?") + "n=" + i));
            }
            return readers;
        } catch (IOException e) {
            for (StalledReader reader : readers) {
                reader.close();
            }
            throw e;
        }
    }

    /**
     * Until no reader receives more, each having had some of its answer (a server sends a reader that gives no credit
     * back no more than its opening windows, and less if something else holds the connection), at most 20 s.
     *
     * @throws IllegalStateException if they keep receiving: they did not stall
     */
    public static void awaitStalled(List<StalledReader> readers) throws InterruptedException {
        awaitStill(readers, true);
    }

    /**
     * Until no reader receives more for a while (some may have had nothing: a server that answers them later, or
     * never), at most 20 s; returns what each had.
     *
     * @throws IllegalStateException if they keep receiving
     */
    public static List<Long> awaitStill(List<StalledReader> readers) throws InterruptedException {
        return awaitStill(readers, false);
    }

    private static List<Long> awaitStill(List<StalledReader> readers, boolean everyOneBegun) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<Long> last = List.of();
        for (;;) {
            Thread.sleep(STILL_MILLIS);
            List<Long> now = readers.stream().map(StalledReader::dataReceived).toList();
            if (now.equals(last) && (!everyOneBegun || now.stream().allMatch(received -> received > 0))) {
                return now;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the readers never stalled: " + now);
            }
            last = now;
        }
    }

    private void readUntilClosed() {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            for (;;) {
                int length = in.readUnsignedShort() << 8 | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                in.readInt();
                in.readNBytes(length);
                if (type == 0x3) {
                    resetByTheServer = true;
                } else if (type == 0x0) {
                    dataReceived.addAndGet(length);
                } else if (type == 0x4 && (flags & 0x1) == 0) {
                    synchronized (out) {
                        out.write(H2Frames.frame(0x4, 0x1, 0, new byte[0])); // SETTINGS ACK
                        out.flush();
                    }
                }
            }
        } catch (IOException closed) {
            // the test closed it, or the server did
        }
    }

    /** Whether the server reset its stream (RST_STREAM). */
    public boolean resetByTheServer() {
        return resetByTheServer;
    }

    /**
     * Gives {@code bytes} of credit back to its stream and to the connection (WINDOW_UPDATE on each), as a reader that
     * has read as much does: called now and then, a slow reader, whose answer moves at the pace it chooses.
     */
    public void credit(int bytes) throws IOException {
        byte[] increment = {(byte) (bytes >>> 24), (byte) (bytes >>> 16), (byte) (bytes >>> 8), (byte) bytes};
        synchronized (out) {
            out.write(H2Frames.frame(0x8, 0, 1, increment));
            out.write(H2Frames.frame(0x8, 0, 0, increment));
            out.flush();
        }
    }

    /** Resets its stream (RST_STREAM CANCEL), as a browser does when its user leaves the page, and keeps the connection. */
    public void cancel() throws IOException {
        synchronized (out) {
            out.write(H2Frames.frame(0x3, 0, 1, new byte[] {0, 0, 0, 0x8})); // RST_STREAM, stream 1, CANCEL
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
