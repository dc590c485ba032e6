package io.github.http2wildfly.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2FrameWriter;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2FrameTypes;
import io.netty.handler.codec.http2.Http2Flags;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One HTTP/2 connection over TLS whose frames the test chooses, as an attacker sends them (a real client
 * refuses to). Netty's codec writes and reads the frames; this class only moves their bytes over a socket
 * and records what the server answered: its SETTINGS, GOAWAY and RST_STREAM codes.
 */
final class RawHttp2 implements AutoCloseable {

    private static final String CLOSED_BY_THE_SERVER = "closed by the server";

    private final Socket socket;
    private final OutputStream out;
    private final String authority;
    private final EmbeddedChannel writing = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    private final ChannelHandlerContext writeContext = writing.pipeline().firstContext();
    private final DefaultHttp2FrameWriter writer = new DefaultHttp2FrameWriter();
    /** One HPACK context for the header blocks this class splits into CONTINUATION frames itself. */
    private final DefaultHttp2HeadersEncoder blockEncoder = new DefaultHttp2HeadersEncoder();
    private final Thread reader;
    /** Counted down once the server's SETTINGS were read and our ACK sent. */
    private final CountDownLatch settingsExchanged = new CountDownLatch(1);
    private final AtomicLong continuations = new AtomicLong();
    private final CountDownLatch closed = new CountDownLatch(1);
    /** Counted down by the server's GOAWAY or its close, whichever comes first. */
    private final CountDownLatch goingAway = new CountDownLatch(1);
    private final Map<Integer, Long> resets = new ConcurrentHashMap<>();
    private final AtomicLong goAwayError = new AtomicLong(-1);
    /** Each stream's :status, once the server's HEADERS for it came. */
    private final Map<Integer, CompletableFuture<String>> statuses = new ConcurrentHashMap<>();
    private final AtomicLong bytesSent = new AtomicLong();
    private volatile long maxConcurrentStreams = Long.MAX_VALUE;
    private volatile String end = "open";
    private volatile boolean closing;

    private RawHttp2(Socket socket, String authority) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.authority = authority;
        this.reader = new Thread(this::readFrames, "raw-http2-reader");
        reader.setDaemon(true);
        // The client's preface first: the reader acknowledges the server's SETTINGS as soon as they come.
        send(Http2CodecUtil.connectionPrefaceBuf());
        writer.writeSettings(writeContext, new Http2Settings(), writeContext.newPromise());
        flush();
        reader.start();
    }

    /** A TLS connection to the door that negotiated h2 by ALPN, its preface and SETTINGS sent. */
    static RawHttp2 open(SSLContext tls, URI door) throws IOException {
        SSLSocket socket = (SSLSocket) tls.getSocketFactory().createSocket(door.getHost(), door.getPort());
        socket.setSoTimeout((int) Duration.ofSeconds(60).toMillis());
        SSLParameters parameters = socket.getSSLParameters();
        parameters.setApplicationProtocols(new String[] {"h2"});
        socket.setSSLParameters(parameters);
        socket.startHandshake();
        if (!"h2".equals(socket.getApplicationProtocol())) {
            socket.close();
            throw new IOException("the door negotiated " + socket.getApplicationProtocol() + ", not h2");
        }
        return new RawHttp2(socket, door.getHost() + ":" + door.getPort());
    }

    Http2Headers get(String path) {
        return new DefaultHttp2Headers().method("GET").scheme("https").authority(authority).path(path);
    }

    Http2Headers post(String path) {
        return new DefaultHttp2Headers().method("POST").scheme("https").authority(authority).path(path);
    }

    synchronized void headers(int streamId, Http2Headers headers, boolean endStream) throws IOException {
        writer.writeHeaders(writeContext, streamId, headers, 0, endStream, writeContext.newPromise());
    }

    synchronized void reset(int streamId) {
        writer.writeRstStream(writeContext, streamId, Http2Error.CANCEL.code(), writeContext.newPromise());
    }

    /** HEADERS without END_HEADERS: the header block goes on in CONTINUATION frames. */
    synchronized void headersToBeContinued(int streamId, Http2Headers headers) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        blockEncoder.encodeHeaders(streamId, headers, block);
        writer.writeFrame(writeContext, Http2FrameTypes.HEADERS, streamId, new Http2Flags().endOfStream(true), block,
                writeContext.newPromise());
    }

    /**
     * A CONTINUATION frame of the stream's header block: one more header field, {@code bytes} long, a new
     * name each time (so HPACK cannot shrink it to an index: the block grows by what the frame carries).
     */
    synchronized void continuation(int streamId, int bytes, boolean last) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        blockEncoder.encodeHeaders(streamId, new DefaultHttp2Headers().add(
                "x-flood-" + streamId + "-" + continuations.incrementAndGet(), "c".repeat(bytes)), block);
        writer.writeFrame(writeContext, Http2FrameTypes.CONTINUATION, streamId, new Http2Flags().endOfHeaders(last), block,
                writeContext.newPromise());
    }

    /**
     * A request's whole header block cut at the given fractions of its length, wherever they fall (inside a name or a
     * literal too), and further where a piece would pass 16,384 bytes (the frame size every server accepts): a HEADERS
     * frame with the first piece, a CONTINUATION frame with each next one, each sent on its own (so that each is read
     * alone when the server reads as fast as they come). False once the server has closed the connection.
     */
    synchronized boolean headerBlockCutAt(int streamId, Http2Headers headers, double... cuts) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        try {
            blockEncoder.encodeHeaders(streamId, headers, block);
            List<Integer> ends = new ArrayList<>();
            for (double cut : cuts) {
                ends.add((int) (cut * block.writerIndex()));
            }
            ends.add(block.writerIndex());
            int from = 0;
            boolean first = true;
            for (int end : ends.stream().sorted().toList()) {
                for (int to = Math.min(end, from + Http2CodecUtil.DEFAULT_MAX_FRAME_SIZE); from < end || first;
                        to = Math.min(end, from + Http2CodecUtil.DEFAULT_MAX_FRAME_SIZE)) {
                    boolean last = to == block.writerIndex();
                    ByteBuf piece = block.retainedSlice(from, to - from);
                    if (first) {
                        writer.writeFrame(writeContext, Http2FrameTypes.HEADERS, streamId,
                                new Http2Flags().endOfStream(true).endOfHeaders(last), piece, writeContext.newPromise());
                    } else {
                        writer.writeFrame(writeContext, Http2FrameTypes.CONTINUATION, streamId, new Http2Flags().endOfHeaders(last),
                                piece, writeContext.newPromise());
                    }
                    if (!flush()) {
                        return false;
                    }
                    first = false;
                    from = to;
                }
            }
            return true;
        } finally {
            block.release();
        }
    }

    /** Sends what was written; false once the server has closed the connection. */
    synchronized boolean flush() {
        writeContext.flush();
        try {
            for (Object frame = writing.readOutbound(); frame != null; frame = writing.readOutbound()) {
                send((ByteBuf) frame);
            }
            out.flush();
            return true;
        } catch (IOException closedByTheServer) {
            writing.releaseOutbound();
            return false;
        }
    }

    private void send(ByteBuf bytes) throws IOException {
        try {
            int length = bytes.readableBytes();
            bytes.readBytes(out, length);
            bytesSent.addAndGet(length);
        } finally {
            bytes.release();
        }
    }

    long awaitMaxConcurrentStreams() throws InterruptedException {
        awaitSettingsExchanged();
        return maxConcurrentStreams;
    }

    /**
     * Whether the server's SETTINGS came and our ACK went out: after it, nothing of ours but what the
     * test writes (a header block's CONTINUATION frames, for one, must have no frame between them).
     */
    boolean awaitSettingsExchanged() throws InterruptedException {
        return settingsExchanged.await(30, TimeUnit.SECONDS);
    }

    /** Whether the server closed the connection within the time (a guard against a hang, not a measurement). */
    boolean awaitClosed(Duration within) throws InterruptedException {
        return closed.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the server sent GOAWAY or closed the connection within the time (a guard, not a measurement). */
    boolean awaitGoAwayOrClose(Duration within) throws InterruptedException {
        return goingAway.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** How the connection ended, for the tests' messages. */
    String end() {
        return end;
    }

    /** Whether the server closed the connection (rather than a read timing out). */
    boolean closedByTheServer() {
        return end.equals(CLOSED_BY_THE_SERVER);
    }

    /** The GOAWAY's error code, or -1 when none came. */
    long goAwayError() {
        return goAwayError.get();
    }

    /** The :status the server answered on the stream, if it did within the time (a guard, not a measurement). */
    Optional<String> awaitStatus(int streamId, Duration within) throws InterruptedException, ExecutionException {
        try {
            return Optional.of(status(streamId).get(within.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException none) {
            return Optional.empty();
        }
    }

    private CompletableFuture<String> status(int streamId) {
        return statuses.computeIfAbsent(streamId, stream -> new CompletableFuture<>());
    }

    Map<Integer, Long> resets() {
        return resets;
    }

    long bytesSent() {
        return bytesSent.get();
    }

    private void readFrames() {
        EmbeddedChannel reading = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
        ChannelHandlerContext context = reading.pipeline().firstContext();
        ByteBuf received = Unpooled.buffer();
        byte[] chunk = new byte[16_384];
        try (DefaultHttp2FrameReader frames = new DefaultHttp2FrameReader()) {
            InputStream in = socket.getInputStream();
            for (int read = in.read(chunk); read >= 0; read = in.read(chunk)) {
                received.writeBytes(chunk, 0, read);
                frames.readFrame(context, received, new Listener());
                received.discardSomeReadBytes();
            }
            end = CLOSED_BY_THE_SERVER;
        } catch (SocketTimeoutException silence) {
            end = "silent until the read timed out";
        } catch (SocketException reset) {
            // a close with our frames still unread arrives as a reset
            end = closing ? "closed by the test" : CLOSED_BY_THE_SERVER;
        } catch (IOException | Http2Exception e) {
            end = "ended: " + e;
        } finally {
            received.release();
            closed.countDown();
            goingAway.countDown();
        }
    }

    @Override
    public void close() throws IOException {
        closing = true;
        socket.close();
        try {
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        writing.finishAndReleaseAll();
    }

    private final class Listener extends Http2FrameAdapter {

        @Override
        public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
            if (settings.maxConcurrentStreams() != null) {
                maxConcurrentStreams = settings.maxConcurrentStreams();
            }
            synchronized (RawHttp2.this) {
                writer.writeSettingsAck(writeContext, writeContext.newPromise());
                flush();
            }
            settingsExchanged.countDown();
        }

        @Override
        public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
            return data.readableBytes() + padding;
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding, boolean endOfStream) {
            status(streamId).complete(String.valueOf(headers.status()));
        }

        @Override
        public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                short weight, boolean exclusive, int padding, boolean endOfStream) {
            onHeadersRead(ctx, streamId, headers, padding, endOfStream);
        }

        @Override
        public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
            resets.put(streamId, errorCode);
        }

        @Override
        public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
            goAwayError.set(errorCode);
            goingAway.countDown();
        }
    }
}
