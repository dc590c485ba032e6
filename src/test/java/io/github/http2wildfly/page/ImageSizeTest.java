package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.annotation.WebServlet;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class ImageSizeTest {

    @Test
    void absentIsTheLogoAndEachSizeHasItsName() {
        assertEquals(ImageSize.LOGO, ImageSize.parse((String[]) null));
        assertEquals(ImageSize.KB20, ImageSize.parse("20k"));
        assertEquals(ImageSize.KB200, ImageSize.parse("200k"));
        assertEquals("tile-200k.png", ImageSize.KB200.relativePath());
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", " 20k", "20K", "LOGO", "KB20", "2M", "200k\n"})
    void anythingElseIsRefusedWithTheRule(String raw) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ImageSize.parse(new String[] {raw}));
        assertEquals("size must be given once, as one of logo, 20k, 200k, 2m", refused.getMessage());
    }

    /** The HTTP/3 control's 2 MB tile was served without Cache-Control: no-store (missing from the filter). */
    @ParameterizedTest
    @EnumSource(ImageSize.class)
    void everySizeIsServedAndNeverCached(ImageSize size) {
        assertTrue(List.of(LogoServlet.class.getAnnotation(WebServlet.class).urlPatterns()).contains(size.servletPath()));
        assertTrue(List.of(NoStoreFilter.class.getAnnotation(WebFilter.class).urlPatterns()).contains(size.servletPath()),
                size.servletPath() + " must pass the no-store filter");
    }

    @Test
    void twiceIsRefusedToo() {
        assertThrows(IllegalArgumentException.class, () -> ImageSize.parse("20k", "20k"));
    }

    @Test
    void theTilesAreRealPngsOfAboutTheirNamedSizeAndTheSameEveryTime() throws IOException {
        assertTile(ImageSize.KB20, 80, 19_000, 20_000);
        assertTile(ImageSize.KB200, 256, 195_000, 200_000);
        assertTile(ImageSize.MB2, 820, 2_000_000, 2_100_000);
        assertArrayEquals(ImageSize.KB20.drawTile(), ImageSize.KB20.drawTile());
    }

    private static void assertTile(ImageSize size, int side, int minBytes, int maxBytes) throws IOException {
        byte[] png = size.drawTile();
        assertTrue(png.length >= minBytes && png.length <= maxBytes, size + ": " + png.length + " bytes");
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(side, image.getWidth());
        assertEquals(side, image.getHeight());
    }
}
