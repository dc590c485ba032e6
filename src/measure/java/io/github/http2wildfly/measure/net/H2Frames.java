package io.github.http2wildfly.measure.net;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/2 frames written byte by byte, for clients that must send what no client library lets a test send (a header
 * block cut where it likes, a reader that withholds its credit): RFC 9113 section 4.1's frame, and HPACK literally.
 */
public final class H2Frames {

    public static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private H2Frames() {
    }

    /** A frame: its 9-byte header (length, type, flags, stream) and its payload. */
    public static byte[] frame(int type, int flags, int stream, byte[] payload) {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(payload.length >>> 16);
        frame.write(payload.length >>> 8);
        frame.write(payload.length);
        frame.write(type);
        frame.write(flags);
        frame.write(stream >>> 24);
        frame.write(stream >>> 16);
        frame.write(stream >>> 8);
        frame.write(stream);
        frame.writeBytes(payload);
        return frame.toByteArray();
    }

    /** HPACK, literally: bytes as given, strings with their length (short, no Huffman). */
    public static byte[] block(Object... parts) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        for (Object part : parts) {
            if (part instanceof Byte b) {
                block.write(b);
            } else {
                byte[] text = ((String) part).getBytes(StandardCharsets.US_ASCII);
                block.write(text.length);
                block.writeBytes(text);
            }
        }
        return block.toByteArray();
    }
}
