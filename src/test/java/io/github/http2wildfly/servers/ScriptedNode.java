package io.github.http2wildfly.servers;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerUpgradeHandler;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.CleartextHttp2ServerUpgradeHandler;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2ServerUpgradeCodec;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.AsciiString;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend ("node") for Undertow's proxy that speaks HTTP/2 in clear text (h2c, by upgrade or prior knowledge) and
 * does on the wire what a test asks of it: a small answer, a large one sent as its client's flow control allows, an
 * answer after a while, none at all, a graceful GOAWAY with its last-stream-id. It counts what a proxy cannot fake: the
 * connections it was opened, the streams open on it now and the most at once, the RST_STREAMs it received. Built
 * on Netty's HTTP/2 codec, so that the proxy's side (Undertow) is judged by an implementation that shares no code with
 * it; loaded from the test's own class loader beside any Undertow.
 *
 * <p>Paths: {@code /small} answers 1 KB at once; {@code /slow} 1 KB after {@value #SLOW_MILLIS} ms; {@code /large} 2 MB;
 * {@code /hang} never ({@link #hangs}); a request with a body is answered as its path says once its body has ended.
 */
public final class ScriptedNode implements AutoCloseable {

    public static final int SMALL = 1024;
    public static final int LARGE = 2 * 1024 * 1024;
    /** How long a connection's graceful close waits for its streams at most. */
    private static final long CLOSE_AT_MOST_MILLIS = 20_000;
    /** How long {@code /slow} takes to answer. */
    public static final long SLOW_MILLIS = 500;
    /** The largest body of a request that asks for the upgrade to h2c (as WildFly's own h2c upgrade takes). */
    private static final int UPGRADE_BODY = 64 * 1024;
    /** How long a connection that went away still reads what its peer sent before closing. */
    private static final long LINGER_MILLIS = 2_000;

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final Channel server;
    private final int maxConcurrentStreams;
    private final Set<NodeHandler> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connectionsOpened = new AtomicInteger();
    private final AtomicInteger resetsReceived = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger mostOpenStreams = new AtomicInteger();
    private volatile int goAwayAfterStreams;
    private volatile long goAwayAfterIdleMillis;
    private volatile boolean hangs = true;
    private volatile int status = 200;
    private volatile long answerAfterMillis;
    private volatile int goAwayInErrorAfterStreams;
    /** The paths of the requests the first connection processed before its GOAWAY in error. */
    private final Set<String> processedBeforeTheError = ConcurrentHashMap.newKeySet();

    /** A node on a loopback port of its own that allows this many concurrent streams on each connection. */
    public ScriptedNode(int maxConcurrentStreams) throws InterruptedException {
        this.maxConcurrentStreams = maxConcurrentStreams;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        connectionsOpened.incrementAndGet();
                        HttpServerCodec http1 = new HttpServerCodec();
                        NodeHandler h2 = new Builder().build();
                        h2.first = connectionsOpened.get() == 1;
                        HttpServerUpgradeHandler upgrade = new HttpServerUpgradeHandler(http1, protocol ->
                                AsciiString.contentEquals(Http2CodecUtil.HTTP_UPGRADE_PROTOCOL_NAME, protocol) ? new Http2ServerUpgradeCodec(h2) : null,
                                UPGRADE_BODY); // a proxy's first request may be a POST: its body comes with the upgrade
                        channel.pipeline().addLast(new CleartextHttp2ServerUpgradeHandler(http1, upgrade, h2));
                    }
                })
                .bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Each connection goes away gracefully (GOAWAY, NO_ERROR) once it has received this many streams; 0: never. */
    public ScriptedNode goAwayAfterStreams(int streams) {
        this.goAwayAfterStreams = streams;
        return this;
    }

    /**
     * A connection idle this long goes away when the next request comes: GOAWAY with the last-stream-id before that
     * request's stream, which it ignores, then the connection closed. That is the race of a node's idle timeout
     * (WildFly's no-request-timeout) with a proxy's pooled connection, made certain. 0: never.
     */
    public ScriptedNode goAwayAfterIdle(long millis) {
        this.goAwayAfterIdleMillis = millis;
        return this;
    }

    /**
     * The first connection, once it has taken this many streams, answers the next with GOAWAY(INTERNAL_ERROR) whose
     * last-stream-id is the stream before it, and closes at once: the streams up to it were processed (and are lost,
     * unanswered), those above it never were. The node's other connections serve as usual. 0: never.
     */
    public ScriptedNode goAwayInErrorAfterStreams(int streams) {
        this.goAwayInErrorAfterStreams = streams;
        return this;
    }

    /** The paths (with their query) of the requests the first connection processed before its GOAWAY in error. */
    public Set<String> processedBeforeTheError() {
        return processedBeforeTheError;
    }

    /** Every answer (but {@code /slow}'s, which has its own delay) this long after its request. */
    public ScriptedNode answersAfter(long millis) {
        this.answerAfterMillis = millis;
        return this;
    }

    /** Every answer with this status (a node that answers 503 to everything, say); 200 by default. */
    public ScriptedNode answersWith(int status) {
        this.status = status;
        return this;
    }

    /** Whether {@code /hang} hangs here (true, the default) or is answered as {@code /small}. */
    public ScriptedNode hangs(boolean hangs) {
        this.hangs = hangs;
        return this;
    }

    public int connectionsOpened() {
        return connectionsOpened.get();
    }

    /** Streams open on the node now, over all its connections. */
    public int openStreams() {
        return connections.stream().mapToInt(handler -> handler.connection().numActiveStreams()).sum();
    }

    /** The most streams ever open at once on one connection. */
    public int mostOpenStreams() {
        return mostOpenStreams.get();
    }

    public int resetsReceived() {
        return resetsReceived.get();
    }

    public int requests() {
        return requests.get();
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class Builder extends AbstractHttp2ConnectionHandlerBuilder<NodeHandler, Builder> {

        Builder() {
            initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(maxConcurrentStreams));
            gracefulShutdownTimeoutMillis(CLOSE_AT_MOST_MILLIS);
        }

        @Override
        public NodeHandler build() {
            return super.build();
        }

        @Override
        protected NodeHandler build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            NodeHandler handler = new NodeHandler(decoder, encoder, settings);
            frameListener(handler.listener);
            return handler;
        }
    }

    private final class NodeHandler extends Http2ConnectionHandler {

        private final Listener listener = new Listener();
        private int streamsReceived;
        /** The paths of requests whose body is still coming: answered when it has ended. */
        private final Map<Integer, String> awaitingBody = new ConcurrentHashMap<>();
        private long idleSince = System.nanoTime();
        /** The last-stream-id of the GOAWAY this connection sent, or -1. */
        private int goAwayLast = -1;
        /** Whether this is the node's first connection. */
        private boolean first;

        NodeHandler(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            super(decoder, encoder, settings);
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
            super.handlerAdded(ctx);
            connections.add(this);
            ctx.channel().closeFuture().addListener(closed -> connections.remove(this));
            connection().addListener(new Http2ConnectionAdapter() {
                @Override
                public void onStreamClosed(Http2Stream stream) {
                    if (connection().numActiveStreams() == 0) {
                        idleSince = System.nanoTime();
                    }
                    closeIfGoneAway(ctx);
                }
            });
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof HttpServerUpgradeHandler.UpgradeEvent upgrade) {
                // the upgrade's request is stream 1, whole (its body aggregated), answered over HTTP/2
                request(ctx, 1, upgrade.upgradeRequest().uri(), true);
            }
            super.userEventTriggered(ctx, event);
        }

        private void request(ChannelHandlerContext ctx, int streamId, String path, boolean ended) {
            if (goAwayLast >= 0 && streamId > goAwayLast) {
                return; // above the GOAWAY's last-stream-id: never processed (RFC 9113 section 6.8)
            }
            requests.incrementAndGet();
            streamsReceived++;
            if (first && goAwayInErrorAfterStreams > 0) {
                processedBeforeTheError.add(path);
            }
            mostOpenStreams.accumulateAndGet(connection().numActiveStreams(), Math::max);
            if (!ended) {
                awaitingBody.put(streamId, path); // answered when its body has ended
                return;
            }
            answer(ctx, streamId, path);
        }

        private void answer(ChannelHandlerContext ctx, int streamId, String path) {
            String route = path.replaceFirst("\\?.*", "");
            if (route.endsWith("/hang") && hangs) {
                return;
            } else if (route.endsWith("/slow")) {
                ctx.executor().schedule(() -> send(ctx, streamId, SMALL), SLOW_MILLIS, TimeUnit.MILLISECONDS);
            } else if (answerAfterMillis > 0) {
                int bytes = route.endsWith("/large") ? LARGE : SMALL;
                ctx.executor().schedule(() -> send(ctx, streamId, bytes), answerAfterMillis, TimeUnit.MILLISECONDS);
            } else if (route.endsWith("/large")) {
                send(ctx, streamId, LARGE);
            } else {
                send(ctx, streamId, SMALL);
            }
            goAwayIfDue(ctx);
        }

        private void send(ChannelHandlerContext ctx, int streamId, int bytes) {
            if (!ctx.executor().inEventLoop()) {
                ctx.executor().execute(() -> send(ctx, streamId, bytes));
                return;
            }
            if (connection().stream(streamId) == null) {
                return; // reset by the proxy meanwhile
            }
            Http2Headers headers = new DefaultHttp2Headers().status(String.valueOf(status)).setInt("content-length", bytes);
            encoder().writeHeaders(ctx, streamId, headers, 0, false, ctx.newPromise());
            encoder().writeData(ctx, streamId, Unpooled.wrappedBuffer(new byte[bytes]), 0, true, ctx.newPromise());
            flush(ctx); // this handler's flush, which writes what flow control queued (ctx.flush() would pass it by)
        }

        private void goAwayIfDue(ChannelHandlerContext ctx) {
            if (goAwayLast < 0 && goAwayAfterStreams > 0 && streamsReceived >= goAwayAfterStreams) {
                goAway(ctx, connection().remote().lastStreamCreated());
            }
        }

        /**
         * GOAWAY (NO_ERROR) with this last-stream-id, written by hand: Netty's own graceful close makes a DATA frame of
         * a stream above it a connection error, where RFC 9113 section 6.8 lets the receiver of such frames ignore them.
         */
        private void goAway(ChannelHandlerContext ctx, int last) {
            goAwayLast = last;
            frameWriter().writeGoAway(ctx, last, Http2Error.NO_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
            ctx.flush();
            closeIfGoneAway(ctx);
        }

        /** After its GOAWAY, the connection closes once every stream up to its last-stream-id has been answered. */
        private void closeIfGoneAway(ChannelHandlerContext ctx) {
            if (goAwayLast < 0 || !ctx.channel().isActive() || ((SocketChannel) ctx.channel()).isOutputShutdown()) {
                return;
            }
            int last = goAwayLast;
            boolean open;
            try {
                open = connection().forEachActiveStream(stream -> stream.id() > last) != null;
            } catch (Http2Exception e) {
                throw new IllegalStateException(e);
            }
            if (!open) {
                // written whole first, then a lingering close (as nginx's): output shut, the peer's last frames still
                // read, so that they do not turn the close into a reset; closed past this handler's own close, which
                // would wait for the ignored streams too
                ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(written -> {
                    ((SocketChannel) ctx.channel()).shutdownOutput();
                    ctx.executor().schedule(() -> ctx.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
                });
            }
        }

        private final class Listener extends Http2FrameAdapter {

            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean endStream) {
                if (first && goAwayLast < 0 && goAwayInErrorAfterStreams > 0 && streamsReceived >= goAwayInErrorAfterStreams) {
                    // a node that fails: GOAWAY with an error, the streams up to the last processed and lost, then closed
                    goAwayLast = streamId - 2;
                    frameWriter().writeGoAway(ctx, goAwayLast, Http2Error.INTERNAL_ERROR.code(), Unpooled.EMPTY_BUFFER, ctx.newPromise());
                    ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(written -> ctx.close());
                    return;
                }
                if (goAwayLast < 0 && goAwayAfterIdleMillis > 0 && streamsReceived > 0 && connection().numActiveStreams() == 1
                        && System.nanoTime() - idleSince >= TimeUnit.MILLISECONDS.toNanos(goAwayAfterIdleMillis)) {
                    // the request crossed the node's GOAWAY: never processed, as RFC 9113 section 6.8 lets the client know
                    goAway(ctx, streamId - 2);
                    return;
                }
                request(ctx, streamId, headers.path().toString(), endStream);
            }

            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                    short weight, boolean exclusive, int padding, boolean endStream) {
                onHeadersRead(ctx, streamId, headers, padding, endStream);
            }

            @Override
            public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
                String path = endOfStream ? awaitingBody.remove(streamId) : null;
                if (path != null) {
                    answer(ctx, streamId, path);
                }
                return data.readableBytes() + padding;
            }

            @Override
            public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
                resetsReceived.incrementAndGet();
            }
        }
    }
}
