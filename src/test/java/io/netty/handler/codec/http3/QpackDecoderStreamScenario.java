package io.netty.handler.codec.http3;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.quic.QuicStreamChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Netty's QPACK decoder writes on its decoder stream (RFC 9204 section 4.4), driven instruction by instruction.
 * In Netty's package because the decoder and its attributes are package-private, as Netty's own tests are; loaded by
 * the tests through {@code PatchedLibrary}, beside Netty's classes with a diff and without it.
 */
public final class QpackDecoderStreamScenario {

    private static final int TABLE_CAPACITY = 1024; // 32 entries at most (RFC 9204 section 3.2.1)

    private QpackDecoderStreamScenario() {
    }

    /**
     * Two entries inserted; a header block on stream 0 that needs the third arrives first (blocked); the third comes
     * and the block is decoded and acknowledged; then a fourth. The Section Acknowledgment raised the encoder's Known
     * Received Count to 3 (section 4.4.1), so the fourth entry's Insert Count Increment is 1 (section 4.4.3).
     *
     * @return the decoder stream's instructions in order ("increment N", "section ack S"), and the header the blocked
     *     block decoded to ("decoded name: value")
     */
    public static List<String> insertsAroundABlockedSection() throws Exception {
        return QuicStandIns.onAnEventLoop(QpackDecoderStreamScenario::insertsAroundABlockedSection);
    }

    private static List<String> insertsAroundABlockedSection(EventLoop loop) throws Exception {
        List<String> said = new ArrayList<>();
        QuicStreamChannel decoderStream = QuicStandIns.recordingStream("the decoder stream",
                QpackDecoderStreamScenario::instruction, said);
        QpackAttributes attributes = new QpackAttributes(QuicStandIns.connection(loop), false);
        attributes.decoderStream(decoderStream);
        QpackDecoder decoder = new QpackDecoder(TABLE_CAPACITY, 10);
        decoder.setDynamicTableCapacity(TABLE_CAPACITY);

        decoder.insertLiteral(decoderStream, "a", "1");
        decoder.insertLiteral(decoderStream, "b", "2");
        // Encoded Required Insert Count 3 + 1, Delta Base 0 (Base 3), Indexed Field Line of the dynamic table at
        // relative index 0: the entry inserted third (sections 4.5.1, 4.5.2).
        ByteBuf block = Unpooled.wrappedBuffer(new byte[] {4, 0, (byte) 0x80});
        Map<CharSequence, CharSequence> headers = new LinkedHashMap<>();
        Runnable decode = new Runnable() {
            @Override
            public void run() {
                try {
                    decoder.decode(attributes, 0, block, block.readableBytes(), headers::put, this);
                } catch (QpackException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        decode.run();
        if (!headers.isEmpty()) {
            throw new IllegalStateException("the block needs an entry not inserted yet, but was decoded: " + headers);
        }
        decoder.insertLiteral(decoderStream, "c", "3");
        headers.forEach((name, value) -> said.add("decoded " + name + ": " + value));
        decoder.insertLiteral(decoderStream, "d", "4");
        return said;
    }

    /** A decoder instruction with its value (RFC 9204 section 4.4). */
    private static String instruction(ByteBuf instruction) throws QpackException {
        byte first = instruction.getByte(instruction.readerIndex());
        if ((first & 0x80) != 0) {
            return "section ack " + QpackUtil.decodePrefixedInteger(instruction, 7);
        }
        if ((first & 0x40) == 0) {
            return "increment " + QpackUtil.decodePrefixedInteger(instruction, 6);
        }
        return "stream cancellation " + QpackUtil.decodePrefixedInteger(instruction, 6);
    }
}
