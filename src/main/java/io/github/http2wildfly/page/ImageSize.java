package io.github.http2wildfly.page;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * What each image of the wall weighs: the {@code size} query parameter. The logo is the WAR's own
 * 670-byte PNG; the larger ones are tiles the application draws when it starts, stored uncompressed in
 * the PNG so that their size is what it says on every machine, large enough for flow-control windows
 * and bandwidth to show.
 */
public enum ImageSize {

    LOGO("logo", LogoServlet.LOGO_PATH, 0),
    /** 80 × 80 pixels: 19.4 KB. */
    KB20("20k", LogoServlet.TILE_20K_PATH, 80),
    /** 256 × 256 pixels: 197 KB. */
    KB200("200k", LogoServlet.TILE_200K_PATH, 256),
    /** 820 × 820 pixels: 2.0 MB, one transfer long enough for congestion control to show (the HTTP/3 control). */
    MB2("2m", LogoServlet.TILE_2M_PATH, 820);

    /** The message of every rejected size: one line, no echo of the input. */
    public static final String RULE = "size must be given once, as one of "
            + Arrays.stream(values()).map(ImageSize::parameter).collect(Collectors.joining(", "));

    private final String parameter;
    private final String servletPath;
    private final int side;

    ImageSize(String parameter, String servletPath, int side) {
        this.parameter = parameter;
        this.servletPath = servletPath;
        this.side = side;
    }

    /** The query parameter's value. */
    public String parameter() {
        return parameter;
    }

    /** Where the application serves it, under the context root. */
    public String servletPath() {
        return servletPath;
    }

    /** The same, relative to the wall's page (which adds a unique query to every one). */
    public String relativePath() {
        return servletPath.substring(1);
    }

    /**
     * @param values the query parameter's values, {@code null} when absent (the logo)
     * @throws IllegalArgumentException with {@link #RULE} unless absent or one of the sizes
     */
    public static ImageSize parse(String... values) {
        if (values == null) {
            return LOGO;
        }
        if (values.length == 1) {
            for (ImageSize size : values()) {
                if (size.parameter.equals(values[0])) {
                    return size;
                }
            }
        }
        throw new IllegalArgumentException(RULE);
    }

    /** A tile of this size: a colour gradient, RGB, unfiltered rows, deflate "stored" blocks (no compression). */
    public byte[] drawTile() {
        if (side == 0) {
            throw new IllegalStateException("the logo is not drawn: it is the WAR's " + servletPath);
        }
        byte[] rows = new byte[side * (1 + 3 * side)];
        int at = 0;
        for (int y = 0; y < side; y++) {
            rows[at++] = 0; // filter: none
            for (int x = 0; x < side; x++) {
                rows[at++] = (byte) (40 + 180 * x / side);
                rows[at++] = (byte) (90 + 120 * y / side);
                rows[at++] = (byte) 200;
            }
        }
        ByteArrayOutputStream idat = new ByteArrayOutputStream();
        try (DeflaterOutputStream zlib = new DeflaterOutputStream(idat, new Deflater(Deflater.NO_COMPRESSION))) {
            zlib.write(rows);
        } catch (IOException inMemory) {
            throw new IllegalStateException(inMemory);
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        chunk(png, "IHDR", ByteBuffer.allocate(13).putInt(side).putInt(side).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        chunk(png, "IDAT", idat.toByteArray());
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(name);
        png.writeBytes(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
