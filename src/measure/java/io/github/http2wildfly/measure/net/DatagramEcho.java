package io.github.http2wildfly.measure.net;

import java.io.Closeable;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;

/**
 * Sends every datagram back to where it came from: the far end for a UDP round trip
 * ({@link RoundTripProbe#datagrams}), as {@link EchoServer} is for TCP. The socket is given, so that it may be made
 * where it must listen (the lab's server namespace).
 */
public final class DatagramEcho implements Closeable {

    private final DatagramSocket socket;

    public DatagramEcho(DatagramSocket socket) {
        this.socket = socket;
        Thread echo = new Thread(this::echo, "datagram-echo-" + socket.getLocalPort());
        echo.setDaemon(true);
        echo.start();
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    private void echo() {
        byte[] buffer = new byte[2048];
        while (!socket.isClosed()) {
            try {
                DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                socket.receive(packet);
                socket.send(new DatagramPacket(packet.getData(), packet.getLength(), packet.getSocketAddress()));
            } catch (IOException closed) {
                return;
            }
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
