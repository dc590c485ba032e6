package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.number;
import static io.github.http2wildfly.servers.FilledInSettings.required;

import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.page.LogoCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * The page every cell loads: a wall of images, of the cell's size.
 *
 * @param imageCount how many images the wall has (comparison.count)
 * @param imageBytes what one image of each size weighs
 */
public record Page(int imageCount, Map<ImageSize, Long> imageBytes) {

    static Page from(Properties given) {
        return new Page(number(given, "comparison.count", LogoCount.MIN, LogoCount.MAX), imageBytes(Path.of(required(given, "comparison.logo"))));
    }

    /** The wall of this run's count with the condition's images. */
    public String path(Condition condition) {
        ImageSize size = condition.size();
        return ComparisonSettings.CONTEXT_PATH + "/logos?count=" + imageCount + (size == ImageSize.LOGO ? "" : "&size=" + size.parameter());
    }

    /** The logo as the WAR ships it, the tiles as the application draws them. */
    private static Map<ImageSize, Long> imageBytes(Path logo) {
        Map<ImageSize, Long> bytes = new EnumMap<>(ImageSize.class);
        try {
            bytes.put(ImageSize.LOGO, Files.size(logo));
        } catch (IOException e) {
            throw new IllegalArgumentException("comparison.logo=" + logo + ": not a readable file");
        }
        for (ImageSize size : ImageSize.values()) {
            if (size != ImageSize.LOGO) {
                bytes.put(size, (long) size.drawTile().length);
            }
        }
        return Map.copyOf(bytes);
    }
}
