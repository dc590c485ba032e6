package io.github.http2wildfly.measure.attack;

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
 * One HTTP/2 connection over TLS whose frames the caller chooses, as an attacker sends them (a real client
 * refuses to). Netty's codec writes and reads the frames; this class only moves their bytes over a socket
 * and records what the server answered: its SETTINGS, answers, GOAWAY and RST_STREAM codes. It gives the server no
 * flow-control credit unless asked to, and its reading can be paused (a client that stops reading).
 */
public final class RawHttp2 implements AutoCloseable {

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
    private final AtomicLong dataReceived = new AtomicLong();
    private final Object pause = new Object();
    private boolean paused;
    private volatile boolean creditingTheConnection;
    /** The last stream a GOAWAY said the server processes. */
    private volatile int lastStreamId = Integer.MAX_VALUE;

    private RawHttp2(Socket socket, String authority, Http2Settings ours) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.authority = authority;
        this.reader = new Thread(this::readFrames, "raw-http2-reader");
        reader.setDaemon(true);
        // The client's preface first: the reader acknowledges the server's SETTINGS as soon as they come.
        send(Http2CodecUtil.connectionPrefaceBuf());
        writer.writeSettings(writeContext, ours, writeContext.newPromise());
        flush();
        reader.start();
    }

    /** A TLS connection to the door that negotiated h2 by ALPN, its preface and SETTINGS sent. */
    public static RawHttp2 open(SSLContext tls, URI door) throws IOException {
        return open(tls, door, new Http2Settings());
    }

    /** The same with these SETTINGS of ours (a window of 0, say). */
    public static RawHttp2 open(SSLContext tls, URI door, Http2Settings ours) throws IOException {
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
        return new RawHttp2(socket, door.getHost() + ":" + door.getPort(), ours);
    }

    public Http2Headers get(String path) {
        return new DefaultHttp2Headers().method("GET").scheme("https").authority(authority).path(path);
    }

    /** A request's headers as an attacker writes them: Netty checks none of the names and values added to them. */
    public Http2Headers unchecked(String method, String path) {
        return new DefaultHttp2Headers(false).method(method).scheme("https").authority(authority).path(path);
    }

    public Http2Headers post(String path) {
        return new DefaultHttp2Headers().method("POST").scheme("https").authority(authority).path(path);
    }

    public synchronized void headers(int streamId, Http2Headers headers, boolean endStream) throws IOException {
        writer.writeHeaders(writeContext, streamId, headers, 0, endStream, writeContext.newPromise());
    }

    public synchronized void reset(int streamId) {
        writer.writeRstStream(writeContext, streamId, Http2Error.CANCEL.code(), writeContext.newPromise());
    }

    /** Any frame, as given: no check of ours stands in the way (a WINDOW_UPDATE of 0, a PRIORITY on itself). */
    public synchronized void frame(int type, int flags, int streamId, byte[] payload) {
        writer.writeFrame(writeContext, (byte) type, streamId, new Http2Flags((short) flags), Unpooled.wrappedBuffer(payload),
                writeContext.newPromise());
    }

    public synchronized void data(int streamId, byte[] bytes, boolean endStream) {
        writer.writeData(writeContext, streamId, Unpooled.wrappedBuffer(bytes), 0, endStream, writeContext.newPromise());
    }

    public synchronized void ping(long payload) {
        writer.writePing(writeContext, false, payload, writeContext.newPromise());
    }

    public synchronized void settings(Http2Settings settings) {
        writer.writeSettings(writeContext, settings, writeContext.newPromise());
    }

    public synchronized void windowUpdate(int streamId, int increment) {
        frame(Http2FrameTypes.WINDOW_UPDATE, 0, streamId, new byte[] {(byte) (increment >>> 24), (byte) (increment >>> 16),
                (byte) (increment >>> 8), (byte) increment});
    }

    public synchronized void priority(int streamId, int dependency, short weight) {
        writer.writePriority(writeContext, streamId, dependency, weight, false, writeContext.newPromise());
    }

    /**
     * From now on gives the connection's window back as DATA comes, as a browser that reads what it receives does (each
     * stream keeps the window it began with): a stream's answer no longer holds back the others'.
     */
    public void creditTheConnection() {
        creditingTheConnection = true;
    }

    /** Stops reading what the server sends, once the chunk being read is read: its frames pile up at the server. */
    public void pauseReading() {
        synchronized (pause) {
            paused = true;
        }
    }

    public void resumeReading() {
        synchronized (pause) {
            paused = false;
            pause.notifyAll();
        }
    }

    /** HEADERS without END_HEADERS: the header block goes on in CONTINUATION frames. */
    public synchronized void headersToBeContinued(int streamId, Http2Headers headers) throws Http2Exception {
        ByteBuf block = Unpooled.buffer();
        blockEncoder.encodeHeaders(streamId, headers, block);
        writer.writeFrame(writeContext, Http2FrameTypes.HEADERS, streamId, new Http2Flags().endOfStream(true), block,
                writeContext.newPromise());
    }

    /**
     * A CONTINUATION frame of the stream's header block: one more header field, {@code bytes} long, a new
     * name each time (so HPACK cannot shrink it to an index: the block grows by what the frame carries).
     */
    public synchronized void continuation(int streamId, int bytes, boolean last) throws Http2Exception {
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
    public synchronized boolean headerBlockCutAt(int streamId, Http2Headers headers, double... cuts) throws Http2Exception {
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
    public synchronized boolean flush() {
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

    public long awaitMaxConcurrentStreams() throws InterruptedException {
        awaitSettingsExchanged();
        return maxConcurrentStreams;
    }

    /**
     * Whether the server's SETTINGS came and our ACK went out: after it, nothing of ours but what the
     * test writes (a header block's CONTINUATION frames, for one, must have no frame between them).
     */
    public boolean awaitSettingsExchanged() throws InterruptedException {
        return settingsExchanged.await(30, TimeUnit.SECONDS);
    }

    /** Whether the server closed the connection within the time (a guard against a hang, not a measurement). */
    public boolean awaitClosed(Duration within) throws InterruptedException {
        return closed.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the server sent GOAWAY or closed the connection within the time (a guard, not a measurement). */
    public boolean awaitGoAwayOrClose(Duration within) throws InterruptedException {
        return goingAway.await(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** How the connection ended, for the tests' messages. */
    public String end() {
        return end;
    }

    /** Whether the server closed the connection (rather than a read timing out). */
    public boolean closedByTheServer() {
        return end.equals(CLOSED_BY_THE_SERVER);
    }

    /** The GOAWAY's error code, or -1 when none came. */
    public long goAwayError() {
        return goAwayError.get();
    }

    /**
     * The :status the server answered on the stream, if it did within the time (a guard, not a measurement); none at
     * once for a stream it will not answer (above its GOAWAY's last stream, or the connection closed).
     */
    public Optional<String> awaitStatus(int streamId, Duration within) throws InterruptedException {
        try {
            return Optional.of(status(streamId).get(within.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException none) {
            return Optional.empty();
        }
    }

    private CompletableFuture<String> status(int streamId) {
        CompletableFuture<String> status = statuses.computeIfAbsent(streamId, stream -> new CompletableFuture<>());
        if (streamId > lastStreamId || closed.getCount() == 0) {
            status.completeExceptionally(new IOException("stream " + streamId + " will not be answered: " + end
                    + (goAwayError.get() >= 0 ? ", GOAWAY " + Outcome.errorName(goAwayError.get()) : "")));
        }
        return status;
    }

    /** Fails every awaited status the server will no longer send: those above a GOAWAY's last stream, or all once closed. */
    private void failUnanswerable() {
        statuses.keySet().forEach(this::status);
    }

    public Map<Integer, Long> resets() {
        return resets;
    }

    /** The streams the server began an answer on (its HEADERS came). */
    public long answered() {
        return statuses.values().stream().filter(status -> status.isDone() && !status.isCompletedExceptionally()).count();
    }

    /** How many streams the server answered with each :status. */
    public Map<String, Long> statuses() {
        return statuses.values().stream().filter(status -> status.isDone() && !status.isCompletedExceptionally()).collect(java.util.stream.Collectors.groupingBy(
                CompletableFuture::join, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
    }

    /** The bytes of DATA the server sent. */
    public long dataReceived() {
        return dataReceived.get();
    }

    public long bytesSent() {
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
                synchronized (pause) {
                    while (paused && !closing) {
                        pause.wait(100);
                    }
                }
            }
            end = CLOSED_BY_THE_SERVER;
        } catch (SocketTimeoutException silence) {
            end = "silent until the read timed out";
        } catch (SocketException reset) {
            // a close with our frames still unread arrives as a reset
            end = closing ? "closed by the test" : CLOSED_BY_THE_SERVER;
        } catch (IOException | Http2Exception e) {
            end = "ended: " + e;
        } catch (InterruptedException e) {
            end = "interrupted";
        } finally {
            received.release();
            closed.countDown();
            failUnanswerable();
            goingAway.countDown();
        }
    }

    @Override
    public void close() throws IOException {
        closing = true;
        resumeReading();
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
            dataReceived.addAndGet(data.readableBytes());
            if (creditingTheConnection && data.readableBytes() + padding > 0) {
                synchronized (RawHttp2.this) {
                    windowUpdate(0, data.readableBytes() + padding);
                    flush();
                }
            }
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
            RawHttp2.this.lastStreamId = lastStreamId;
            goingAway.countDown();
            failUnanswerable();
        }
    }
}
