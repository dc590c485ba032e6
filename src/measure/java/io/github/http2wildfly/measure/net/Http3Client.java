package io.github.http2wildfly.measure.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.handler.codec.http3.DefaultHttp3HeadersFrame;
import io.netty.handler.codec.http3.Http3;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3DataFrame;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.handler.codec.http3.Http3HeadersFrame;
import io.netty.handler.codec.http3.Http3RequestStreamInboundHandler;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicSslContext;
import io.netty.handler.codec.quic.QuicSslContextBuilder;
import io.netty.handler.codec.quic.QuicStreamChannel;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;

/**
 * Netty's own HTTP/3 client, for tests: one QUIC connection, requests as streams on it. It shares no
 * code with the edge's server side but the library, and trusts only the certificate it is given.
 */
public final class Http3Client implements AutoCloseable {

    /** An answer: the status, the headers as they came (lower-case names), the body. */
    public record Response(int status, Http3Headers headers, byte[] body) {
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            CharSequence value = headers.get(name);
            return value == null ? null : value.toString();
        }
    }

    private final EventLoopGroup group;
    private final Channel socket;
    private final QuicChannel connection;
    private final String authority;

    private Http3Client(EventLoopGroup group, Channel socket, QuicChannel connection, String authority) {
        this.group = group;
        this.socket = socket;
        this.connection = connection;
        this.authority = authority;
    }

    /** Connects to {@code host:port}, trusting {@code certificate} alone. */
    public static Http3Client connect(String host, int port, X509Certificate certificate) throws Exception {
        return connect(host, port, QuicSslContextBuilder.forClient().trustManager(certificate));
    }

    /** Connects to {@code host:port}, trusting what {@code trust} trusts (the JDK's authorities, say). */
    public static Http3Client connect(String host, int port, TrustManager trust) throws Exception {
        return connect(host, port, QuicSslContextBuilder.forClient().trustManager(trust));
    }

    private static Http3Client connect(String host, int port, QuicSslContextBuilder trusting) throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel socket = new Bootstrap().group(group).channel(NioDatagramChannel.class)
                    .handler(codec(host, port, trusting, Duration.ofSeconds(30))).bind(0).sync().channel();
            QuicChannel connection = QuicChannel.newBootstrap(socket).handler(new Http3ClientConnectionHandler())
                    .remoteAddress(new InetSocketAddress(host, port)).connect().get(10, TimeUnit.SECONDS);
            return new Http3Client(group, socket, connection, host + ":" + port);
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** QUIC towards {@code host:port} for HTTP/3, trusting {@code certificate} alone, idle at most {@code idle}. */
    public static ChannelHandler codec(String host, int port, X509Certificate certificate, Duration idle) throws SSLException {
        return codec(host, port, QuicSslContextBuilder.forClient().trustManager(certificate), idle);
    }

    private static ChannelHandler codec(String host, int port, QuicSslContextBuilder trusting, Duration idle) throws SSLException {
        QuicSslContext tls = trusting
                .applicationProtocols(Http3.supportedApplicationProtocols()).build();
        return Http3.newQuicClientCodecBuilder()
                // The server's name in the engine: SNI, and the host the certificate must name.
                .sslEngineProvider(quic -> tls.newEngine(quic.alloc(), host, port))
                .maxIdleTimeout(idle.toMillis(), TimeUnit.MILLISECONDS)
                .initialMaxData(64L << 20).initialMaxStreamDataBidirectionalLocal(8L << 20).build();
    }

    public Response get(String path) throws Exception {
        return send("GET", path, Map.of()).get(30, TimeUnit.SECONDS);
    }

    /** One request without a body; the answer completes when the server ends the stream. */
    public CompletableFuture<Response> send(String method, String path, Map<String, String> headers) {
        return send(method, path, headers, received -> { }, true);
    }

    /**
     * As {@link #send(String, String, Map)}, telling {@code received} the body's bytes so far as they come; with
     * {@code read} false the stream is not read at all (a client that stalls: its window fills, and the server's
     * side of the stream with it).
     */
    public CompletableFuture<Response> send(String method, String path, Map<String, String> headers, LongConsumer received,
            boolean read) {
        CompletableFuture<Response> answer = new CompletableFuture<>();
        Http3.newRequestStream(connection, new Http3RequestStreamInboundHandler() {
            private Http3Headers head;
            private final ByteArrayOutputStream body = new ByteArrayOutputStream();

            @Override
            protected void channelRead(ChannelHandlerContext ctx, Http3HeadersFrame frame) {
                if (head == null) {
                    head = frame.headers();
                }
                ReferenceCountUtil.release(frame);
            }

            @Override
            protected void channelRead(ChannelHandlerContext ctx, Http3DataFrame frame) {
                body.writeBytes(ByteBufUtil.getBytes(frame.content()));
                ReferenceCountUtil.release(frame);
                received.accept(body.size());
            }

            @Override
            protected void channelInputClosed(ChannelHandlerContext ctx) {
                if (head == null) {
                    answer.completeExceptionally(new IllegalStateException("the stream ended without an answer"));
                } else {
                    answer.complete(new Response(Integer.parseInt(head.status().toString()), head, body.toByteArray()));
                }
                ctx.close();
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                answer.completeExceptionally(new IllegalStateException("the stream closed without an answer"));
            }
        }).addListener(opened -> {
            if (!opened.isSuccess()) {
                answer.completeExceptionally(opened.cause());
                return;
            }
            QuicStreamChannel stream = (QuicStreamChannel) opened.getNow();
            stream.config().setAutoRead(read);
            DefaultHttp3HeadersFrame frame = new DefaultHttp3HeadersFrame();
            frame.headers().method(method).path(path).authority(authority).scheme("https");
            headers.forEach(frame.headers()::add);
            stream.writeAndFlush(frame).addListener(QuicStreamChannel.SHUTDOWN_OUTPUT);
        });
        return answer;
    }

    /** Whether the server has closed this connection (for example after its idle timeout). */
    public boolean isClosed() {
        return !connection.isActive();
    }

    @Override
    public void close() {
        connection.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        socket.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
