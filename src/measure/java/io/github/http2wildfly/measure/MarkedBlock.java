package io.github.http2wildfly.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The lines of a page between two marker comments, which a run writes again from the records, so that no one pastes them. */
public record MarkedBlock(String begin, String end) {

    /** The text between the markers, or empty where the page has none. */
    public Optional<String> on(String page) {
        int from = page.indexOf(begin);
        int to = page.indexOf(end);
        return from >= 0 && to > from ? Optional.of(page.substring(from + begin.length(), to).strip()) : Optional.empty();
    }

    /** {@code text} between the page's markers; a page without them is left alone. */
    public void write(Path page, String text) throws IOException {
        String was = Files.readString(page);
        int from = was.indexOf(begin);
        int to = was.indexOf(end);
        if (from >= 0 && to > from) {
            Files.writeString(page, was.substring(0, from + begin.length()) + "\n" + text + "\n" + was.substring(to));
        }
    }
}
