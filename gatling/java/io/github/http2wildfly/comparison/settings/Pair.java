package io.github.http2wildfly.comparison.settings;

import io.github.http2wildfly.door.Door;
import java.util.List;

/**
 * One protocol's median as a share of another's under the same condition: below 1, {@code of} is faster.
 * The comparison's pairs: HTTP/2 against HTTP/1.1 over TLS (the article's), and HTTP/3 against both.
 */
public record Pair(Door of, Door against) {

    public static final List<Pair> ALL = List.of(new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS),
            new Pair(Door.HTTP_3, Door.HTTP_2_TLS), new Pair(Door.HTTP_3, Door.HTTP_1_1_TLS));

    /** "h3 / h2". */
    public String label() {
        return shortName(of) + " / " + shortName(against);
    }

    /** h1, h1-TLS, h2, h3: the names of the report's ratios. */
    public static String shortName(Door door) {
        return switch (door) {
            case HTTP_1_1 -> "h1";
            case HTTP_1_1_TLS -> "h1-TLS";
            case HTTP_2_TLS -> "h2";
            case HTTP_3 -> "h3";
        };
    }
}
