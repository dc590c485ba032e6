package io.github.http2wildfly.edge;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelHealthChecker;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;

/**
 * The edge's side of the origin: HTTP/1.1 over kept-alive connections to the application's plain
 * door, at most {@value #MAX_CONNECTIONS} (an edge keeps a small pool; 500 images need no 500
 * connections on loopback). Netty's own pool, so no second HTTP stack in the WAR.
 */
final class OriginClient {

    static final int MAX_CONNECTIONS = 32;
    /** The largest image the application serves is a few MB; a larger answer is an error (502). */
    private static final int MAX_RESPONSE_BYTES = 64 << 20;
    private static final int MAX_WAITING_REQUESTS = 10_000;
    private static final AttributeKey<Consumer<FullHttpResponse>> ANSWER = AttributeKey.valueOf("h3-edge-answer");
    /** Hop-by-hop: they describe the connection to the origin, not the answer (RFC 9110, 7.6.1). */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
            HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE, HttpHeaderNames.PROXY_CONNECTION, HttpHeaderNames.TE);

    private final InetSocketAddress address;
    private final FixedChannelPool pool;

    OriginClient(EventLoopGroup group, InetSocketAddress address) {
        this.address = address;
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class).remoteAddress(address);
        this.pool = new FixedChannelPool(bootstrap, new AbstractChannelPoolHandler() {
            @Override
            public void channelCreated(Channel channel) {
                channel.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(MAX_RESPONSE_BYTES), new Answer());
            }
        }, ChannelHealthChecker.ACTIVE, FixedChannelPool.AcquireTimeoutAction.FAIL, 30_000, MAX_CONNECTIONS,
                MAX_WAITING_REQUESTS);
    }

    /** Sends the request (released here) and hands its answer, or a 502 that says why, to {@code answer}. */
    void send(FullHttpRequest request, Consumer<FullHttpResponse> answer) {
        request.headers().names().removeIf(name -> name.startsWith("x-http3-"));
        HOP_BY_HOP.forEach(request.headers()::remove);
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
        request.headers().add(HttpHeaderNames.VIA, "3 h3-edge");
        pool.acquire().addListener(acquired -> {
            if (!acquired.isSuccess()) {
                request.release();
                answer.accept(badGateway("the origin at " + address + " could not be reached: " + acquired.cause().getMessage()));
                return;
            }
            Channel channel = (Channel) acquired.getNow();
            channel.attr(ANSWER).set(response -> {
                pool.release(channel);
                answer.accept(response);
            });
            channel.writeAndFlush(request).addListener(written -> {
                if (!written.isSuccess()) {
                    channel.close();
                }
            });
        });
    }

    /** Stops taking requests and closes every pooled connection. */
    void close() {
        pool.close();
    }

    static FullHttpResponse badGateway(String reason) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.BAD_GATEWAY,
                Unpooled.copiedBuffer(reason + "\n", StandardCharsets.UTF_8));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        HttpUtil.setContentLength(response, response.content().readableBytes());
        return response;
    }

    @Override
    public String toString() {
        return address.getHostString() + ":" + address.getPort() + " (HTTP/1.1)";
    }

    /** The origin's answer on a pooled connection, to whoever asked; a connection lost mid-request answers 502. */
    private static final class Answer extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
            Consumer<FullHttpResponse> answer = ctx.channel().attr(ANSWER).getAndSet(null);
            if (answer == null) {
                return; // nobody asked: the origin must not answer unasked
            }
            HOP_BY_HOP.forEach(response.headers()::remove);
            answer.accept(response.retain());
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            Consumer<FullHttpResponse> answer = ctx.channel().attr(ANSWER).getAndSet(null);
            if (answer != null) {
                answer.accept(badGateway("the origin closed the connection before it answered"));
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
