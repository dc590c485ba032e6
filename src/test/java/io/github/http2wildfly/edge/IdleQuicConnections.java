package io.github.http2wildfly.edge;

import io.github.http2wildfly.measure.net.Http3Client;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Many HTTP/3 connections that say nothing after their handshake, on one socket and one thread (a
 * client per connection would cost a thread each): what a server must hold without falling over, and
 * close once they have been idle for its idle timeout.
 */
public final class IdleQuicConnections implements AutoCloseable {

    private static final int HANDSHAKES_AT_ONCE = 50;
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<QuicChannel> connections = new ArrayList<>();
    private Channel socket;

    /**
     * @param clientIdle this client's own idle timeout, longer than the server's: whoever closes first is the server
     */
    public static IdleQuicConnections open(String host, int port, X509Certificate certificate, int count, Duration clientIdle)
            throws Exception {
        IdleQuicConnections idle = new IdleQuicConnections();
        try {
            idle.socket = new Bootstrap().group(idle.group).channel(NioDatagramChannel.class)
                    .handler(Http3Client.codec(host, port, certificate, clientIdle)).bind(0).sync().channel();
            // In waves: a thousand handshakes at once can overflow this one socket's receive buffer with the server's
            // answers, and a handshake whose packets are lost again and again backs off past 30 s (one did in CI)
            for (int wave = 0; wave < count; wave += HANDSHAKES_AT_ONCE) {
                List<Future<QuicChannel>> handshakes = new ArrayList<>();
                for (int i = wave; i < Math.min(count, wave + HANDSHAKES_AT_ONCE); i++) {
                    handshakes.add(QuicChannel.newBootstrap(idle.socket).handler(new Http3ClientConnectionHandler())
                            .remoteAddress(new InetSocketAddress(host, port)).connect());
                }
                for (Future<QuicChannel> handshake : handshakes) {
                    idle.connections.add(handshake.get(30, TimeUnit.SECONDS));
                }
            }
            return idle;
        } catch (Exception e) {
            idle.close();
            throw e;
        }
    }

    /** How many of them are still open. */
    public long open() {
        return connections.stream().filter(Channel::isActive).count();
    }

    @Override
    public void close() {
        connections.forEach(connection -> connection.close().awaitUninterruptibly(1, TimeUnit.SECONDS));
        if (socket != null) {
            socket.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
