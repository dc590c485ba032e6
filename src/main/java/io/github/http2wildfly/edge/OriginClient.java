package io.github.http2wildfly.edge;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelHealthChecker;
import io.netty.channel.pool.FixedChannelPool;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * The edge's side of the origin: HTTP/1.1 over kept-alive connections to the application's plain
 * door, at most {@value #MAX_CONNECTIONS} (an edge keeps a small pool; 500 images need no 500
 * connections on loopback). Netty's own pool, so no second HTTP stack in the WAR. Answers pass through
 * as they come, part by part: the first bytes of a large image leave the edge before its last arrive, and
 * an {@link Exchange} paused by its client stops reading from the origin, so that an answer costs the edge
 * no more than its socket buffers and the client's stream buffer, whatever its size.
 */
final class OriginClient {

    static final int MAX_CONNECTIONS = 32;
    private static final int MAX_WAITING_REQUESTS = 10_000;
    private static final AttributeKey<Exchange> EXCHANGE = AttributeKey.valueOf("h3-edge-exchange");
    /** Hop-by-hop: they describe the connection to the origin, not the answer (RFC 9110, 7.6.1). */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
            HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE, HttpHeaderNames.PROXY_CONNECTION, HttpHeaderNames.TE);

    /** Receives one answer as it comes, on the edge's event loop: its head, then its body in parts. */
    interface Answer {
        void head(HttpResponse head);

        /** A part of the body, which the receiver releases; the last one ends the answer. */
        void body(ByteBuf part, boolean last);

        /** What the origin sent in one read has been passed on: time to send it (the last part is sent at once). */
        void flush();

        /** The origin broke off after the head: the answer cannot be completed. */
        void broken(String reason);
    }

    private final InetSocketAddress address;
    private final FixedChannelPool pool;

    OriginClient(EventLoopGroup group, Class<? extends SocketChannel> channel, InetSocketAddress address) {
        this(group, channel, address, MAX_CONNECTIONS, MAX_WAITING_REQUESTS);
    }

    /** With other limits than the edge's: for the tests that fill them. */
    OriginClient(EventLoopGroup group, Class<? extends SocketChannel> channel, InetSocketAddress address, int maxConnections,
            int maxWaitingRequests) {
        this.address = address;
        Bootstrap bootstrap = new Bootstrap().group(group).channel(channel).remoteAddress(address);
        this.pool = new FixedChannelPool(bootstrap, new AbstractChannelPoolHandler() {
            @Override
            public void channelCreated(Channel channel) {
                channel.pipeline().addLast(new HttpClientCodec(), new Relay());
            }
        }, ChannelHealthChecker.ACTIVE, FixedChannelPool.AcquireTimeoutAction.FAIL, 30_000, maxConnections,
                maxWaitingRequests);
    }

    /**
     * Sends the request (released here); its answer goes to {@code answer}, or one that says why there is none: 503
     * when the edge has too many requests waiting for a connection (try again), 502 when the origin failed.
     * The same event loop as the edge's must call this and the exchange's methods.
     */
    Exchange send(FullHttpRequest request, Answer answer) {
        request.headers().names().removeIf(name -> name.startsWith("x-http3-"));
        HOP_BY_HOP.forEach(request.headers()::remove);
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
        request.headers().add(HttpHeaderNames.VIA, "3 h3-edge");
        Exchange exchange = new Exchange(answer);
        pool.acquire().addListener(acquired -> {
            if (!acquired.isSuccess()) {
                request.release();
                // Netty's pool fails an acquire with IllegalStateException when its queue is full (or it is closed),
                // with a TimeoutException when no connection came free in time: the edge is busy, the origin not broken
                if (acquired.cause() instanceof IllegalStateException || acquired.cause() instanceof TimeoutException) {
                    exchange.refuse(HttpResponseStatus.SERVICE_UNAVAILABLE, "the edge is too busy to pass the request on ("
                            + acquired.cause().getMessage() + "): try again");
                } else {
                    exchange.refuse(HttpResponseStatus.BAD_GATEWAY, "the origin at " + address + " could not be reached: "
                            + acquired.cause().getMessage());
                }
                return;
            }
            Channel channel = (Channel) acquired.getNow();
            if (exchange.cancelled) {
                request.release();
                pool.release(channel);
                return;
            }
            exchange.channel = channel;
            channel.attr(EXCHANGE).set(exchange);
            channel.config().setAutoRead(!exchange.paused);
            channel.writeAndFlush(request).addListener(written -> {
                if (!written.isSuccess()) {
                    channel.close();
                }
            });
        });
        return exchange;
    }

    /** Stops taking requests and closes every pooled connection. */
    void close() {
        pool.close();
    }

    /** One request and its answer on a pooled connection, which goes back to the pool when the answer has ended. */
    final class Exchange {
        private final Answer answer;
        private Channel channel;
        private boolean paused;
        private boolean cancelled;
        private boolean answered;

        private Exchange(Answer answer) {
            this.answer = answer;
        }

        /** Stops reading the answer from the origin (the client's side is full). */
        void pause() {
            paused = true;
            if (channel != null) {
                channel.config().setAutoRead(false);
            }
        }

        /** Reads on. */
        void resume() {
            paused = false;
            if (channel != null) {
                channel.config().setAutoRead(true);
            }
        }

        /** The client is gone: the rest of the answer is not wanted, and the connection, mid-answer, is closed. */
        void cancel() {
            cancelled = true;
            if (channel != null && channel.attr(EXCHANGE).get() == this) {
                channel.close(); // the Relay's channelInactive gives it back to the pool
            }
        }

        private void head(HttpResponse head) {
            answered = true;
            HOP_BY_HOP.forEach(head.headers()::remove);
            answer.head(head);
        }

        private void body(ByteBuf part, boolean last) {
            if (last) {
                end();
            }
            answer.body(part, last);
        }

        private void broken(String reason) {
            end();
            if (answered) {
                answer.broken(reason);
            } else {
                refuse(HttpResponseStatus.BAD_GATEWAY, reason);
            }
        }

        /** The edge's own answer, one line saying why; a 503 says when to try again. */
        private void refuse(HttpResponseStatus status, String reason) {
            ByteBuf body = Unpooled.copiedBuffer(reason + "\n", StandardCharsets.UTF_8);
            HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
                    .set(HttpHeaderNames.CACHE_CONTROL, "no-store");
            if (status.equals(HttpResponseStatus.SERVICE_UNAVAILABLE)) {
                response.headers().set(HttpHeaderNames.RETRY_AFTER, 1);
            }
            HttpUtil.setContentLength(response, body.readableBytes());
            answer.head(response);
            answer.body(body, true);
        }

        /** The connection back to the pool, reading again for the next exchange. */
        private void end() {
            if (channel != null && channel.attr(EXCHANGE).compareAndSet(this, null)) {
                channel.config().setAutoRead(true);
                pool.release(channel);
            }
        }
    }

    @Override
    public String toString() {
        return address.getHostString() + ":" + address.getPort() + " (HTTP/1.1)";
    }

    /** The origin's answer, part by part, to whoever asked; a connection lost mid-answer breaks it. */
    private static final class Relay extends SimpleChannelInboundHandler<HttpObject> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject message) {
            Exchange exchange = ctx.channel().attr(EXCHANGE).get();
            if (exchange == null) {
                return; // nobody asked: the origin must not answer unasked
            }
            if (message.decoderResult().isFailure()) {
                ctx.close(); // not HTTP/1.1: channelInactive breaks the exchange off
                return;
            }
            if (message instanceof HttpResponse head) {
                exchange.head(head);
            }
            if (message instanceof HttpContent part) {
                exchange.body(part.content().retain(), part instanceof LastHttpContent);
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            Exchange exchange = ctx.channel().attr(EXCHANGE).get();
            if (exchange != null) {
                exchange.answer.flush();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            Exchange exchange = ctx.channel().attr(EXCHANGE).get();
            if (exchange != null) {
                exchange.broken("the origin closed the connection before it answered");
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
