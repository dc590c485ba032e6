package io.github.http2wildfly.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.measure.net.RefusedPort;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The edge's answers when it cannot pass a request on: busy (503, try again) is not broken (502). */
class OriginClientTest {

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<Socket> held = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
        for (Socket socket : held) {
            socket.close();
        }
    }

    @Test
    void aRequestBeyondTheWaitingLimitIsAnswered503WithRetryAfterAndTheWaitingOnesStayUnanswered() throws Exception {
        try (ServerSocket silentOrigin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> acceptAndHold(silentOrigin), "silent-origin");
            acceptor.setDaemon(true);
            acceptor.start();
            OriginClient client = new OriginClient(group, NioSocketChannel.class,
                    (InetSocketAddress) silentOrigin.getLocalSocketAddress(), 1, 1);
            Reply onTheConnection = send(client);
            Reply waiting = send(client);
            Reply beyond = send(client);

            HttpResponse refused = beyond.head.get(30, TimeUnit.SECONDS);
            assertEquals(503, refused.status().code());
            assertEquals("1", refused.headers().get(HttpHeaderNames.RETRY_AFTER));
            assertTrue(beyond.body.get(30, TimeUnit.SECONDS).startsWith("the edge is too busy to pass the request on"),
                    beyond.body.getNow(""));
            assertFalse(onTheConnection.head.isDone() || waiting.head.isDone());
        }
    }

    @Test
    void anOriginThatCannotBeReachedIsAnswered502SayingSo() throws Exception {
        try (RefusedPort refused = new RefusedPort()) {
            InetSocketAddress closed = refused.address();
            Reply reply = send(new OriginClient(group, NioSocketChannel.class, closed, 1, 1));

            assertEquals(502, reply.head.get(30, TimeUnit.SECONDS).status().code());
            assertTrue(reply.body.get(30, TimeUnit.SECONDS).startsWith("the origin at " + closed + " could not be reached"),
                    reply.body.getNow(""));
        }
    }

    private void acceptAndHold(ServerSocket origin) {
        try {
            while (true) {
                Socket accepted = origin.accept();
                synchronized (held) {
                    held.add(accepted);
                }
            }
        } catch (IOException closed) {
            // the test is over
        }
    }

    /** A GET sent on the edge's event loop, as the edge sends them. */
    private Reply send(OriginClient client) throws Exception {
        Reply reply = new Reply();
        group.next().submit(() -> client.send(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/x"), reply))
                .get(30, TimeUnit.SECONDS);
        return reply;
    }

    /** What the edge would pass to its client. */
    private static final class Reply implements OriginClient.Answer {
        final CompletableFuture<HttpResponse> head = new CompletableFuture<>();
        final CompletableFuture<String> body = new CompletableFuture<>();
        private final StringBuilder text = new StringBuilder();

        @Override
        public void head(HttpResponse response) {
            head.complete(response);
        }

        @Override
        public void body(ByteBuf part, boolean last) {
            text.append(part.toString(StandardCharsets.UTF_8));
            part.release();
            if (last) {
                body.complete(text.toString());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void broken(String reason) {
            body.completeExceptionally(new IOException(reason));
        }
    }
}
