package io.netty.handler.codec.http3;

import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.ChannelInputShutdownReadComplete;
import io.netty.channel.socket.DuplexChannelConfig;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A request stream's HEADERS that refer to a QPACK entry not inserted yet, followed at once by the stream's end (a
 * GET's HEADERS and FIN come together): what Netty's frame codec passes on once the entry comes (RFC 9204 section
 * 2.1.2, blocked streams). In Netty's package because the codec and the decoder are package-private, as Netty's own
 * tests are; loaded by the tests through {@code PatchedLibrary}, beside Netty's classes with a diff and without.
 */
public final class QpackBlockedRequestScenario {

    private static final int TABLE_CAPACITY = 1024;
    private static final int MAX_HEADER_LIST_SIZE = 8192;

    /**
     * HEADERS (type 1, 9 bytes): Encoded Required Insert Count 2 + 1, Delta Base 0 (Base 2); the static table's
     * :method GET (17), :scheme https (23), :path / (1); :authority (0) with the literal "x"; then the dynamic table's
     * entry at relative index 0, the second inserted (RFC 9204 sections 4.5.1 to 4.5.4; RFC 9114 section 7.2.2).
     */
    private static final byte[] HEADERS_NEEDING_THE_SECOND_ENTRY = {
        1, 9, 3, 0, (byte) 0xD1, (byte) 0xD7, (byte) 0xC1, 0x50, 1, 'x', (byte) 0x80};

    private QpackBlockedRequestScenario() {
    }

    /**
     * @return what the codec passed on, in order: "headers b: 2" for the request, "end of input" and "end of input
     *     read" for the stream's end, "error: ..." for an exception
     */
    public static List<String> headersAndEndBeforeTheEntryTheyNeed() throws Exception {
        return QuicStandIns.onAnEventLoop(QpackBlockedRequestScenario::headersAndEndBeforeTheEntryTheyNeed);
    }

    private static List<String> headersAndEndBeforeTheEntryTheyNeed(EventLoop loop) throws Exception {
        QuicChannel connection = QuicStandIns.connection(loop);
        QpackAttributes attributes = new QpackAttributes(connection, false);
        QuicStreamChannel decoderStream = QuicStandIns.recordingStream("the decoder stream", instruction -> "",
                new ArrayList<>());
        attributes.decoderStream(decoderStream);
        Http3.setQpackAttributes(connection, attributes);
        QpackDecoder decoder = new QpackDecoder(TABLE_CAPACITY, 10);
        decoder.setDynamicTableCapacity(TABLE_CAPACITY);
        decoder.insertLiteral(decoderStream, "a", "1");

        List<String> passedOn = new ArrayList<>();
        ChannelHandlerContext context = requestStreamContext(loop, connection, passedOn);
        Http3FrameCodec codec = new Http3FrameCodec(Http3RequestStreamFrameTypeValidator.INSTANCE, decoder,
                MAX_HEADER_LIST_SIZE, MAX_HEADER_LIST_SIZE, new QpackEncoder(null),
                Http3RequestStreamCodecState.NO_STATE, Http3RequestStreamCodecState.NO_STATE, null);
        codec.handlerAdded(context);
        codec.channelRead(context, Unpooled.wrappedBuffer(HEADERS_NEEDING_THE_SECOND_ENTRY));
        codec.channelReadComplete(context);
        codec.userEventTriggered(context, ChannelInputShutdownEvent.INSTANCE);
        codec.userEventTriggered(context, ChannelInputShutdownReadComplete.INSTANCE);
        decoder.insertLiteral(decoderStream, "b", "2"); // the entry: the blocked HEADERS resume
        return passedOn;
    }

    /** Stream 0's context as the codec uses it, writing down what the codec passes on to the next handler. */
    private static ChannelHandlerContext requestStreamContext(EventLoop loop, QuicChannel connection,
            List<String> passedOn) {
        DuplexChannelConfig config = QuicStandIns.proxy(DuplexChannelConfig.class, "the stream's config",
                (method, arguments) -> method.getName().equals("isAutoRead") ? true : QuicStandIns.unsupported(method));
        QuicStreamChannel stream = QuicStandIns.proxy(QuicStreamChannel.class, "stream 0",
                (method, arguments) -> switch (method.getName()) {
                    case "streamId" -> 0L;
                    case "parent" -> connection;
                    case "eventLoop" -> loop;
                    case "config" -> config;
                    default -> QuicStandIns.unsupported(method);
                });
        ChannelHandlerContext[] context = new ChannelHandlerContext[1];
        context[0] = QuicStandIns.proxy(ChannelHandlerContext.class, "stream 0's context",
                (method, arguments) -> switch (method.getName()) {
                    case "channel" -> stream;
                    case "executor" -> loop;
                    case "alloc" -> UnpooledByteBufAllocator.DEFAULT;
                    case "isRemoved" -> false;
                    case "fireChannelRead" -> {
                        passedOn.add(arguments[0] instanceof Http3HeadersFrame headers
                                ? "headers b: " + headers.headers().get("b") : "frame " + arguments[0]);
                        yield context[0];
                    }
                    case "fireUserEventTriggered" -> {
                        passedOn.add(arguments[0] instanceof ChannelInputShutdownEvent ? "end of input"
                                : arguments[0] == ChannelInputShutdownReadComplete.INSTANCE ? "end of input read"
                                : "event " + arguments[0]);
                        yield context[0];
                    }
                    case "fireExceptionCaught" -> {
                        passedOn.add("error: " + arguments[0]);
                        yield context[0];
                    }
                    case "fireChannelReadComplete", "read" -> context[0];
                    default -> QuicStandIns.unsupported(method);
                });
        return context[0];
    }
}
