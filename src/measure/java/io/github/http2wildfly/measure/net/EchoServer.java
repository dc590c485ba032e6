package io.github.http2wildfly.measure.net;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Sends back every byte it receives and closes when the client does: the far end for probes. */
public final class EchoServer implements Closeable {

    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    public EchoServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "echo-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(listener.getInetAddress(), listener.getLocalPort());
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                open.add(socket);
                Thread echo = new Thread(() -> echo(socket), "echo");
                echo.setDaemon(true);
                echo.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private static void echo(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            socket.setTcpNoDelay(true);
            in.transferTo(out);
        } catch (IOException ignored) {
            // the client went away
        }
    }

    /** Ends every connection with a TCP reset, as a crashed peer would. */
    public void resetAll() throws IOException {
        for (Socket socket : open) {
            socket.setSoLinger(true, 0);
            socket.close();
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
