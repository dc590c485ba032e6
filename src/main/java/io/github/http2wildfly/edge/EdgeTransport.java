package io.github.http2wildfly.edge;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.quic.EpollQuicUtils;
import io.netty.handler.codec.quic.SegmentedDatagramPacketAllocator;

/**
 * The edge's sockets. On Java's NIO, QUIC costs the edge a system call per packet each way; Netty's epoll
 * transport reads many datagrams in one call (recvmmsg) and sends a connection's packets of one size in one
 * (GSO): a quarter of the system calls for 20 KB answers (docs/http3.md). NIO where epoll's native library
 * does not load (macOS, Windows).
 */
enum EdgeTransport {
    EPOLL, NIO;

    /** Packets sent in one system call at most (GSO): a 20 KB answer is 14. */
    static final int SEGMENTS = 16;
    /** Datagrams read in one system call at most (recvmmsg), each in a slot this large. */
    static final int DATAGRAMS_PER_READ = 16;
    static final int DATAGRAM_SLOT_BYTES = 2048;

    static EdgeTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    IoHandlerFactory ioHandler() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    Class<? extends SocketChannel> socketChannel() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** A bootstrap for a UDP socket of this transport, reading many datagrams at once where it can. */
    Bootstrap datagramBootstrap() {
        Bootstrap bootstrap = new Bootstrap().channel(datagramChannel());
        if (this == EPOLL) {
            bootstrap.option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, DATAGRAM_SLOT_BYTES)
                    .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(DATAGRAM_SLOT_BYTES * DATAGRAMS_PER_READ));
        }
        return bootstrap;
    }

    private Class<? extends DatagramChannel> datagramChannel() {
        return this == EPOLL ? EpollDatagramChannel.class : NioDatagramChannel.class;
    }

    /** How QUIC hands over several packets at once: GSO on epoll where the kernel has it, one by one otherwise. */
    SegmentedDatagramPacketAllocator segments() {
        return this == EPOLL ? EpollQuicUtils.newSegmentedAllocator(SEGMENTS) : SegmentedDatagramPacketAllocator.NONE;
    }
}
