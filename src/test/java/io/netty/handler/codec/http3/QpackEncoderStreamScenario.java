package io.netty.handler.codec.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * How a server's QPACK encoder writes its answers' headers once the client's SETTINGS offered a dynamic table (RFC
 * 9204 sections 3.2.3, 4.3, 4.5.1): what it says on its encoder stream, and whether each header block refers to the
 * dynamic table. In Netty's package because the encoder and its stream's initializer are package-private, as Netty's
 * own tests are; loaded by the tests through {@code PatchedLibrary}, beside Netty's classes with a diff and without.
 */
public final class QpackEncoderStreamScenario {

    /** nghttp3's table, as ngtcp2's client and door 4 offer it. */
    private static final long CLIENT_TABLE_CAPACITY = 4096;
    private static final long CLIENT_BLOCKED_STREAMS = 100;

    private QpackEncoderStreamScenario() {
    }

    /**
     * The encoder stream opened as Netty opens it for a client's SETTINGS, then three answers with a header the static
     * table has no entry for.
     *
     * @return the encoder stream's instructions in order ("capacity N", "insert with name reference", "insert with
     *     literal name", "duplicate"), and for each answer "answer: dynamic table" or "answer: static table and
     *     literals" (its Encoded Required Insert Count, section 4.5.1.1)
     */
    public static List<String> threeAnswersAfterTheClientsSettings() throws Exception {
        return QuicStandIns.onAnEventLoop(QpackEncoderStreamScenario::threeAnswersAfterTheClientsSettings);
    }

    private static List<String> threeAnswersAfterTheClientsSettings(EventLoop loop) throws Exception {
        List<String> said = new ArrayList<>();
        QuicStreamChannel encoderStream = QuicStandIns.recordingStream("the encoder stream",
                QpackEncoderStreamScenario::instruction, said);
        QpackAttributes attributes = new QpackAttributes(QuicStandIns.connection(loop), false);
        QpackEncoder encoder = new QpackEncoder(null);
        openEncoderStream(encoder, attributes, encoderStream);
        for (long stream = 0; stream < 12; stream += 4) {
            Http3Headers headers = new DefaultHttp3Headers();
            headers.status("200").add("x-served-by", "door4").add("content-length", "1234");
            ByteBuf block = Unpooled.buffer();
            encoder.encodeHeaders(attributes, block, UnpooledByteBufAllocator.DEFAULT, stream, headers);
            long encodedRequiredInsertCount = QpackUtil.decodePrefixedInteger(block, 8);
            said.add(encodedRequiredInsertCount == 0 ? "answer: static table and literals" : "answer: dynamic table");
            block.release();
        }
        return said;
    }

    /** What Http3ControlStreamInboundHandler does with the client's SETTINGS, once the encoder stream is open. */
    private static void openEncoderStream(QpackEncoder encoder, QpackAttributes attributes,
            QuicStreamChannel encoderStream) throws ReflectiveOperationException {
        Class<?> initializer = Class.forName(Http3ControlStreamInboundHandler.class.getName()
                + "$QPackEncoderStreamInitializer");
        Constructor<?> constructor = initializer.getDeclaredConstructor(QpackEncoder.class, QpackAttributes.class,
                long.class, long.class);
        constructor.setAccessible(true);
        Object opened = constructor.newInstance(encoder, attributes, CLIENT_TABLE_CAPACITY, CLIENT_BLOCKED_STREAMS);
        Method streamAvailable = initializer.getDeclaredMethod("streamAvailable", ChannelHandlerContext.class);
        streamAvailable.setAccessible(true);
        ChannelHandlerContext context = QuicStandIns.proxy(ChannelHandlerContext.class, "its context",
                (method, arguments) -> method.getName().equals("channel")
                        ? encoderStream : QuicStandIns.unsupported(method));
        streamAvailable.invoke(opened, context);
    }

    /** An encoder instruction by its kind (RFC 9204 section 4.3). */
    private static String instruction(ByteBuf instruction) throws QpackException {
        byte first = instruction.getByte(instruction.readerIndex());
        if ((first & 0x80) != 0) {
            return "insert with name reference";
        }
        if ((first & 0x40) != 0) {
            return "insert with literal name";
        }
        if ((first & 0x20) != 0) {
            return "capacity " + QpackUtil.decodePrefixedInteger(instruction, 5);
        }
        return "duplicate";
    }
}
