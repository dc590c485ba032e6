package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The reports are templates drawn from data (report/ of gatling/resources and src/measure/resources): neither the
 * comparison's Java nor the measuring code's (the check's report) writes markup.
 */
class ReportSourcesTest {

    private static final Pattern MARKUP = Pattern.compile("<(/?)(html|body|head|table|tr|td|th|svg|polyline|circle|rect|line|text|"
            + "p|h[1-6]|ul|li|a|div|span|strong|em|script|style)[\\s>/]");

    @Test
    void noJavaSourceOfAReportBuildsHtmlOrSvg() throws IOException {
        try (Stream<Path> sources = Stream.of("gatling/java", "src/measure/java").flatMap(ReportSourcesTest::walk)) {
            List<String> markup = sources.filter(file -> file.toString().endsWith(".java")).flatMap(file -> lines(file).stream()
                    .filter(line -> MARKUP.matcher(line).find() && !line.strip().startsWith("*"))
                    .map(line -> file + ": " + line.strip())).toList();
            assertEquals(List.of(), markup);
        }
    }

    private static Stream<Path> walk(String root) {
        try {
            return Files.walk(Path.of(root));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
