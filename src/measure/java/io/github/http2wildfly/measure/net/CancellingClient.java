package io.github.http2wildfly.measure.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A client that cancels each answer as it begins, as a browser does when its user leaves a page of large images: an
 * HTTP/2 stream (h2c, prior knowledge) asks for a path and is reset (RST_STREAM CANCEL) at its HEADERS, one after
 * another. Netty's HTTP/2 codec with its default windows: 65,535 bytes a stream, as nghttp2's clients have (Node.js,
 * h2load), so a server's answer fills the stream's window before the reset reaches it. A connection the server closes
 * (its rapid-reset defence answers GOAWAY ENHANCE_YOUR_CALM) is opened again, as a careless client does.
 */
public final class CancellingClient implements AutoCloseable {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final String host;
    private final int port;
    private Channel connection;
    private int connections;

    public CancellingClient(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /**
     * {@code count} requests for {@code path}, each reset at its HEADERS; each waits at most {@code patience} for them.
     *
     * @return how many were answered (HEADERS received, then reset)
     * @throws TimeoutException if one got no answer in time: the server stopped answering
     */
    public int cancelAtHeaders(String path, int count, Duration patience) throws InterruptedException, TimeoutException {
        int answered = 0;
        for (int i = 0; i < count; i++) {
            try {
                answered += cancelOne(path + (path.contains("?") ? "&" : "?") + "cancel=" + i, patience) ? 1 : 0;
            } catch (ExecutionException refused) {
                // the stream or its connection refused (the server's defence): the next request opens another
            }
        }
        return answered;
    }

    /** The connections this client opened. */
    public int connections() {
        return connections;
    }

    private boolean cancelOne(String path, Duration patience) throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        Http2StreamChannel stream = new Http2StreamChannelBootstrap(connection()).handler(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext context, Object frame) {
                if (frame instanceof Http2HeadersFrame && answer.complete(true)) {
                    context.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL));
                } else if (frame instanceof Http2ResetFrame) {
                    answer.complete(false);
                }
                ReferenceCountUtil.release(frame);
            }

            @Override
            public void channelInactive(ChannelHandlerContext context) {
                answer.complete(false);
            }
        }).open().get(patience.toMillis(), TimeUnit.MILLISECONDS);
        stream.writeAndFlush(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().method("GET").scheme("http")
                .authority(host + ":" + port).path(path), true));
        try {
            return answer.get(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutException("no answer to " + path + " in " + patience.toMillis() + " ms");
        }
    }

    private Channel connection() throws InterruptedException {
        if (connection == null || !connection.isActive()) {
            connection = new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel channel) {
                    channel.pipeline().addLast(Http2FrameCodecBuilder.forClient().build(),
                            new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                }
            }).connect(host, port).sync().channel();
            connections++;
        }
        return connection;
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
