package io.github.http2wildfly.edge;

import io.github.http2wildfly.latency.CongestionControl;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http3.DefaultHttp3SettingsFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ErrorCode;
import io.netty.handler.codec.http3.Http3FrameToHttpObjectCodec;
import io.netty.handler.codec.http3.Http3ServerConnectionHandler;
import io.netty.handler.codec.http3.Http3SettingsFrame;
import io.netty.handler.codec.quic.DefaultQuicStreamFrame;
import io.netty.handler.codec.quic.FlushStrategy;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicChannelOption;
import io.netty.handler.codec.quic.QuicConnectionStats;
import io.netty.handler.codec.quic.QuicCongestionControlAlgorithm;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Door 4: HTTP/3 over QUIC in front of the application, as deployments put an edge (nginx, Caddy, a
 * CDN) in front of an origin that has no HTTP/3 (Undertow has none). Each request stream is
 * forwarded over HTTP/1.1 to the origin ({@link OriginClient}) and its answer sent back as it came,
 * so the page, the images and every bad-input answer are the origin's own.
 *
 * <p>Netty's QUIC (quiche and BoringSSL in a native library, from Maven Central for Linux, macOS and
 * Windows) because it is maintained, runs inside a WAR, and is the QUIC stack of the JVM's HTTP
 * servers; Jetty 12.1's is marked experimental.
 */
public final class Http3Edge implements Closeable {

    /** A QUIC connection without packets this long is closed (both sides learn it at the handshake). */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
    /**
     * The largest header section taken: a long URL or big headers up to this reach the origin, which
     * answers 414 and 431 as over HTTP/1.1 (above it the stream is reset). HTTP/2 cannot follow: Undertow
     * ends the connection above 20,000 bytes (docs/hardening.md).
     */
    static final long MAX_FIELD_SECTION_BYTES = 128 << 10;
    /** A request body beyond this gets 413 (the application takes small forms only). */
    static final int MAX_REQUEST_BYTES = 1 << 20;
    /** A 1,500-byte Ethernet frame's UDP payload, as TCP's 1,460-byte segment fills the same frame. */
    static final int PACKET_BYTES = 1472;
    /**
     * Requests whose header section may refer to a QPACK table entry still on its way (they wait for it). Allowed:
     * with none, Chromium never referred to its table at all (457 to 464 bytes per request against 212 with 100, the
     * 500 logos; docs/http3.md), and ngtcp2's client lost requests with the table on either way.
     */
    static final long QPACK_BLOCKED_STREAMS = 100;
    /** Per connection, what the client may send before the server reads it; per stream a quarter. */
    private static final long CONNECTION_WINDOW = 16L << 20;
    /** The codec's name in each socket's pipeline. */
    private static final String QUIC = "quic";

    private final EventLoopGroup group;
    private final EdgeTransport transport;
    private final OriginClient origin;
    private final List<Channel> sockets = new ArrayList<>();
    private final QuicSslContext tls;
    private final int maxStreams;
    private final long qpackTableBytes;
    private final AtomicReference<EdgeTraffic> traffic = new AtomicReference<>(EdgeTraffic.NONE);
    private volatile CongestionControl congestionControl;
    private int port;

    private Http3Edge(EventLoopGroup group, EdgeTransport transport, OriginClient origin, QuicSslContext tls, int maxStreams, long qpackTableBytes,
            CongestionControl congestionControl, int port) {
        this.group = group;
        this.transport = transport;
        this.origin = origin;
        this.tls = tls;
        this.maxStreams = maxStreams;
        this.qpackTableBytes = qpackTableBytes;
        this.congestionControl = congestionControl;
        this.port = port;
    }

    /**
     * Listens on {@code port} of every address given (a browser may try ::1 or 127.0.0.1 for
     * localhost), forwarding to the origin. Port 0: the port the first address got, on every address.
     *
     * @param maxStreams concurrent requests per connection, as HTTP/2's SETTINGS_MAX_CONCURRENT_STREAMS
     * @param qpackTableBytes the QPACK dynamic table a client may fill with the request headers it repeats, as HPACK's
     *        over HTTP/2 (0: none, every request's headers come in full)
     * @param congestionControl how QUIC answers loss: quiche's algorithm of the same name
     * @throws BindException when the port is taken on one of the addresses (nothing stays open)
     */
    public static Http3Edge open(List<InetAddress> addresses, int port, TlsIdentity identity,
            InetSocketAddress originAddress, int maxStreams, long qpackTableBytes, CongestionControl congestionControl)
            throws IOException {
        EdgeTransport transport = EdgeTransport.best();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("h3-edge", true),
                transport.ioHandler());
        Http3Edge edge = null;
        try {
            QuicSslContext tls = QuicSslContextBuilder.forServer(identity.key(), null, identity.chain())
                    .applicationProtocols(Http3.supportedApplicationProtocols()).build();
            edge = new Http3Edge(group, transport, new OriginClient(group, transport.socketChannel(), originAddress), tls,
                    maxStreams, qpackTableBytes, congestionControl, port);
            for (InetAddress address : addresses) {
                // One codec per socket: a codec holds its socket's connections.
                ChannelHandler codec = edge.quicCodec(congestionControl);
                Channel socket = transport.datagramBootstrap().group(group)
                        .handler(new ChannelInitializer<Channel>() {
                            @Override
                            protected void initChannel(Channel channel) {
                                channel.pipeline().addLast(QUIC, codec);
                            }
                        })
                        .bind(new InetSocketAddress(address, edge.port)).sync().channel();
                edge.sockets.add(socket);
                edge.port = ((InetSocketAddress) socket.localAddress()).getPort();
            }
            return edge;
        } catch (Exception e) {
            if (edge != null) {
                edge.close();
            } else {
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            }
            if (e instanceof IOException io) {
                throw io;
            }
            throw new IOException("HTTP/3 door on port " + port + " could not open: " + e.getMessage(), e);
        }
    }

    /**
     * From now on, new connections answer loss with {@code algorithm}: each socket gets a new codec, which
     * closes the connections of the old one (quiche sets the algorithm per codec, not per connection).
     */
    public void congestionControl(CongestionControl algorithm) {
        if (algorithm == congestionControl) {
            return;
        }
        congestionControl = algorithm;
        for (Channel socket : sockets) {
            ChannelHandler codec = quicCodec(algorithm);
            socket.eventLoop().submit(() -> socket.pipeline().replace(QUIC, QUIC, codec)).syncUninterruptibly();
        }
    }

    public CongestionControl congestionControl() {
        return congestionControl;
    }

    /** quiche's algorithm of the same name (in Netty 4.2.18's quiche, BBR is BBRv2: docs/http3.md). */
    static QuicCongestionControlAlgorithm quicheAlgorithm(CongestionControl algorithm) {
        return switch (algorithm) {
            case RENO -> QuicCongestionControlAlgorithm.RENO;
            case CUBIC -> QuicCongestionControlAlgorithm.CUBIC;
            case BBR -> QuicCongestionControlAlgorithm.BBR;
        };
    }

    private ChannelHandler quicCodec(CongestionControl algorithm) {
        Http3SettingsFrame settings = new DefaultHttp3SettingsFrame();
        settings.put(Http3SettingsFrame.HTTP3_SETTINGS_MAX_FIELD_SECTION_SIZE, MAX_FIELD_SECTION_BYTES);
        // Netty's decoder needs the fix the build carries for this (src/patches/netty-codec-http3, docs/http3.md)
        settings.put(Http3SettingsFrame.HTTP3_SETTINGS_QPACK_MAX_TABLE_CAPACITY, qpackTableBytes);
        settings.put(Http3SettingsFrame.HTTP3_SETTINGS_QPACK_BLOCKED_STREAMS, QPACK_BLOCKED_STREAMS);
        return Http3.newQuicServerCodecBuilder()
                .sslContext(tls)
                .maxIdleTimeout(IDLE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(CONNECTION_WINDOW)
                .initialMaxStreamDataBidirectionalRemote(CONNECTION_WINDOW / 4)
                .initialMaxStreamDataBidirectionalLocal(CONNECTION_WINDOW / 4)
                .initialMaxStreamDataUnidirectional(CONNECTION_WINDOW / 4)
                .initialMaxStreamsBidirectional(maxStreams)
                .initialMaxStreamsUnidirectional(16)
                // Loss must cost QUIC what it costs the TCP it is compared with: the same algorithm as the slow
                // doors' model and the lab's kernel. quiche's CUBIC differs from Linux's: it undoes a reduction
                // when an episode lost fewer than a fifth of the window, so under random loss it hardly ever
                // reduces (on one 2 MB image at 1 % it was 2.5 times as fast as TCP: docs/http3.md).
                // HyStart stays on, as in Linux: behind the slow twin's fixed delays it should not fire
                // (the RTT does not rise), and on loopback without it slow start overran the client's
                // socket until a stream stalled (Http3DoorIT, one run in three).
                .congestionControlAlgorithm(quicheAlgorithm(algorithm))
                .initialCongestionWindowPackets(10)
                .maxSendUdpPayloadSize(PACKET_BYTES)
                .maxRecvUdpPayloadSize(EdgeTransport.DATAGRAM_SLOT_BYTES) // what one read takes whole, as clients learn
                .option(QuicChannelOption.SEGMENTED_DATAGRAM_PACKET_ALLOCATOR, transport.segments())
                .hystart(true)
                // A client that moves to a new port on a lossy path (Chromium does) would arrive at the
                // slow twin's proxy as a new peer and start a new window: the TCP doors cannot do that.
                .activeMigration(false)
                // Answers come from the origin, outside the socket's read loop: send them at once, not at the next read.
                .flushStrategy(FlushStrategy.afterNumPackets(1))
                // No token handler, so no Retry round trip: a first visit pays what it pays over TCP + TLS 1.3.
                .handler(new ChannelInitializer<QuicChannel>() {
                    @Override
                    protected void initChannel(QuicChannel connection) {
                        // QPACK's dynamic table on (false) where the settings offer one: Netty then opens the streams
                        // that keep the two tables in step, and encodes the answers with the client's table too.
                        connection.pipeline().addLast(new Http3ServerConnectionHandler(requestStream(), null, null,
                                settings, qpackTableBytes == 0));
                        connection.closeFuture().addListener(closed -> connection.collectStats().addListener(stats -> {
                            if (stats.isSuccess()) {
                                traffic.accumulateAndGet(EdgeTraffic.of((QuicConnectionStats) stats.getNow()), EdgeTraffic::plus);
                            }
                        }));
                    }
                }).build();
    }

    private ChannelInitializer<QuicStreamChannel> requestStream() {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(QuicStreamChannel stream) {
                stream.pipeline().addLast(new Http3FrameToHttpObjectCodec(true),
                        new HttpObjectAggregator(MAX_REQUEST_BYTES), new Forward());
            }
        };
    }

    /**
     * One request stream: its request to the origin, the origin's answer back as it comes: the head through the
     * codec, then each part of the body as a DATA frame, the last of which carries the stream's FIN. Not the codec's
     * way (the body, then the FIN alone once the body is written): quiche can drop a FIN sent alone when the bytes
     * before it are acknowledged before it leaves (cloudflare/quiche#2525), and under loss, with the congestion
     * window full, a client then waits for the end of a response it already has, measured at one image in a few
     * hundred at 5 %. While the stream cannot take more (its client reads slowly), the origin is not read.
     */
    private final class Forward extends SimpleChannelInboundHandler<FullHttpRequest> implements OriginClient.Answer {
        private ChannelHandlerContext ctx;
        private OriginClient.Exchange exchange;
        private String altSvc;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            this.ctx = ctx;
            altSvc = altSvc(request.headers().get(HttpHeaderNames.HOST));
            exchange = origin.send(request.retain(), this);
        }

        @Override
        public void head(HttpResponse head) {
            if (altSvc != null) {
                head.headers().set(HttpHeaderNames.ALT_SVC, altSvc);
            }
            ctx.write(new DefaultHttpResponse(head.protocolVersion(), head.status(), head.headers()));
        }

        @Override
        public void body(ByteBuf part, boolean last) {
            if (!ctx.channel().isActive()) {
                part.release();
                return;
            }
            // From the first handler: past the HTTP/3 codecs, straight to the stream.
            DefaultQuicStreamFrame frame = new DefaultQuicStreamFrame(dataFrame(ctx.alloc(), part), last);
            if (last) {
                ctx.pipeline().firstContext().writeAndFlush(frame).addListener(ChannelFutureListener.CLOSE);
                return;
            }
            ctx.pipeline().firstContext().write(frame); // sent with what else this read of the origin brought
            if (!ctx.channel().isWritable()) {
                exchange.pause(); // until channelWritabilityChanged
            }
        }

        @Override
        public void flush() {
            ctx.flush();
        }

        @Override
        public void broken(String reason) {
            // The head has gone out: the client learns from the reset that the answer is cut short.
            if (ctx.channel().isActive()) {
                ((QuicStreamChannel) ctx.channel()).shutdownOutput(Http3ErrorCode.H3_INTERNAL_ERROR.code());
                ctx.close();
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (exchange != null && ctx.channel().isWritable()) {
                exchange.resume();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (exchange != null) {
                exchange.cancel(); // a no-op once the answer has ended
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** An HTTP/3 DATA frame (type 0, then the length, RFC 9114 7.2.1) around {@code body}, which it takes over. */
    static ByteBuf dataFrame(ByteBufAllocator alloc, ByteBuf body) {
        ByteBuf head = alloc.buffer(9).writeByte(0);
        long length = body.readableBytes();
        // A QUIC variable-length integer (RFC 9000 16): the two top bits say its size.
        if (length < 1 << 6) {
            head.writeByte((int) length);
        } else if (length < 1 << 14) {
            head.writeShort((int) length | 0x4000);
        } else if (length < 1 << 30) {
            head.writeInt((int) length | 0x8000_0000);
        } else {
            head.writeLong(length | 0xC000_0000_0000_0000L);
        }
        return Unpooled.wrappedBuffer(head, body);
    }

    /**
     * Alt-Svc naming HTTP/3 on the port the client reached (a slow twin's, through its proxy): without
     * it, Chromium forced to QUIC does not record that the origin multiplexes, and in a frame it asks for
     * images a few at a time, as over HTTP/1.1. Null when the authority names no port.
     */
    static String altSvc(String authority) {
        if (authority == null) {
            return null;
        }
        int colon = authority.lastIndexOf(':');
        if (colon < 0 || authority.endsWith("]")) {
            return null;
        }
        String port = authority.substring(colon + 1);
        return port.chars().allMatch(Character::isDigit) && !port.isEmpty() && port.length() <= 5
                ? "h3=\":" + port + "\"; ma=86400" : null;
    }

    public int port() {
        return port;
    }

    /** What the connections closed so far carried (an open connection counts once it closes). */
    public EdgeTraffic traffic() {
        return traffic.get();
    }

    /** Whether the edge's event loop thread has ended (after close). */
    public boolean isTerminated() {
        return group.isTerminated();
    }

    /** Closes every socket and connection, and ends the event loop's thread before it returns. */
    @Override
    public void close() {
        for (Channel socket : sockets) {
            socket.close().awaitUninterruptibly();
        }
        origin.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Override
    public String toString() {
        return "HTTP/3 on " + port + " (UDP, " + transport.name().toLowerCase(java.util.Locale.ROOT) + "), "
                + congestionControl.label() + ", forwarding to " + origin;
    }
}
