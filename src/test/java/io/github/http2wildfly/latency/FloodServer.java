package io.github.http2wildfly.latency;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/** Once a client sends a byte, writes to it as fast as it is let, and counts what it wrote. */
final class FloodServer implements Closeable {

    private final ServerSocket listener;
    private final AtomicLong sent = new AtomicLong();

    FloodServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread flood = new Thread(this::flood, "flood-" + listener.getLocalPort());
        flood.setDaemon(true);
        flood.start();
    }

    InetSocketAddress address() {
        return new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort());
    }

    long sent() {
        return sent.get();
    }

    private void flood() {
        try (Socket socket = listener.accept(); OutputStream out = socket.getOutputStream()) {
            socket.setSendBufferSize(4096);
            socket.getInputStream().read();
            byte[] block = new byte[8192];
            while (!listener.isClosed()) {
                out.write(block);
                sent.addAndGet(block.length);
            }
        } catch (IOException closed) {
            // the test is over
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
