package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.protocols.http2.AbstractHttp2StreamSourceChannel;
import io.undertow.protocols.http2.Http2Channel;
import io.undertow.protocols.http2.Http2GoAwayStreamSourceChannel;
import io.undertow.protocols.http2.Http2HeadersStreamSinkChannel;
import io.undertow.protocols.http2.Http2StreamSourceChannel;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.util.HeaderMap;
import io.undertow.util.Methods;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.StreamConnection;
import org.xnio.Xnio;
import org.xnio.XnioWorker;
import org.xnio.channels.Channels;

/**
 * Undertow's own HTTP/2 client channel (as its proxy uses it) to an Undertow server, with Undertow's public API only,
 * as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched
 * ones. A client sends its streams' HEADERS in the order of their ids: what becomes of the streams after one that
 * never sends its own.
 */
public final class StreamsGoneBeforeTheirTurn {

    private StreamsGoneBeforeTheirTurn() {
    }

    /**
     * On one connection: a stream opened whose request is never sent, then {@code held} GETs whose HEADERS wait for its
     * turn, all given up while they wait (reset, as Undertow's proxy gives up a try: RST_STREAM CANCEL), then the first
     * stream closed, then one more GET. Returns what came of that GET within {@code waitMillis} and whether the server went away, for example
     * "204, no GOAWAY" when it was answered on the same connection.
     */
    public static String lastGetAfterStreamsGoneUnsent(int held, long waitMillis) throws Exception {
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .setServerOption(UndertowOptions.HTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, 10 * held)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(exchange -> {
                    exchange.setStatusCode(204);
                    exchange.endExchange();
                })
                .build();
        server.start();
        XnioWorker worker = Xnio.getInstance(Undertow.class.getClassLoader()).createWorker(OptionMap.create(Options.WORKER_IO_THREADS, 1));
        StreamConnection connection = null;
        try {
            int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
            connection = worker.openStreamConnection(new InetSocketAddress("127.0.0.1", port), null, OptionMap.EMPTY).get();
            // prior knowledge: a client's channel sends the connection preface itself
            Http2Channel channel = new Http2Channel(connection, null, new DefaultByteBufferPool(false, 16 * 1024), null, true, false, OptionMap.EMPTY);
            Map<Integer, String> statuses = new ConcurrentHashMap<>();
            CompletableFuture<Integer> goAway = new CompletableFuture<>();
            channel.getReceiveSetter().set(receiving -> readFrames(receiving, statuses, goAway));
            channel.resumeReceives();

            CompletableFuture<Integer> last = new CompletableFuture<>();
            channel.getIoThread().execute(() -> {
                try {
                    Http2HeadersStreamSinkChannel first = channel.createStream(get(port));
                    List<Http2HeadersStreamSinkChannel> waiting = new ArrayList<>();
                    for (int i = 0; i < held; i++) {
                        Http2HeadersStreamSinkChannel stream = channel.createStream(get(port));
                        send(stream); // held: the first stream has not sent its HEADERS
                        waiting.add(stream);
                    }
                    for (Http2HeadersStreamSinkChannel stream : waiting) {
                        channel.sendRstStream(stream.getStreamId(), Http2Channel.ERROR_CANCEL); // given up, as a proxy gives up a try
                    }
                    IoUtils.safeClose(first); // given up before its request was sent
                    Http2HeadersStreamSinkChannel lastGet = channel.createStream(get(port));
                    send(lastGet);
                    last.complete(lastGet.getStreamId());
                } catch (IOException | RuntimeException e) {
                    last.completeExceptionally(e);
                }
            });
            int lastStream;
            try {
                lastStream = last.get(waitMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                return "the connection closed before the last GET: " + e.getCause() + ", " + goAwaySays(goAway);
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            while (!statuses.containsKey(lastStream) && !goAway.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            return statuses.getOrDefault(lastStream, "no answer in " + waitMillis + " ms") + ", " + goAwaySays(goAway);
        } catch (TimeoutException e) {
            return "the streams could not be opened in time";
        } finally {
            IoUtils.safeClose(connection);
            worker.shutdownNow();
            server.stop();
        }
    }

    /** "no GOAWAY", "GOAWAY 1" (its error code), or how the connection was lost. */
    private static String goAwaySays(CompletableFuture<Integer> goAway) {
        if (!goAway.isDone()) {
            return "no GOAWAY";
        }
        return goAway.handle((code, lost) -> lost == null ? "GOAWAY " + code : "connection lost: " + lost).join();
    }

    private static HeaderMap get(int port) {
        HeaderMap headers = new HeaderMap();
        headers.put(Http2Channel.METHOD, Methods.GET_STRING);
        headers.put(Http2Channel.PATH, "/");
        headers.put(Http2Channel.SCHEME, "http");
        headers.put(Http2Channel.AUTHORITY, "127.0.0.1:" + port);
        return headers;
    }

    /** A request without a body: its HEADERS end the stream. */
    private static void send(Http2HeadersStreamSinkChannel stream) throws IOException {
        stream.shutdownWrites();
        stream.flush();
    }

    private static void readFrames(Http2Channel channel, Map<Integer, String> statuses, CompletableFuture<Integer> goAway) {
        try {
            AbstractHttp2StreamSourceChannel frame;
            while ((frame = channel.receive()) != null) {
                if (frame instanceof Http2StreamSourceChannel) {
                    Http2StreamSourceChannel answer = (Http2StreamSourceChannel) frame;
                    statuses.put(answer.getStreamId(), answer.getHeaders().getFirst(Http2Channel.STATUS));
                } else if (frame instanceof Http2GoAwayStreamSourceChannel) {
                    goAway.complete(((Http2GoAwayStreamSourceChannel) frame).getStatus());
                }
                Channels.drain(frame, Long.MAX_VALUE);
            }
        } catch (IOException e) {
            goAway.completeExceptionally(e);
            IoUtils.safeClose(channel);
        }
    }
}
