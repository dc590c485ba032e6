package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The pom is written for people: its formatter (sortpom, checked in validate) puts one element a line; this keeps
 * every line readable without scrolling, which the formatter does not check.
 */
class PomLayoutTest {

    private static final int WIDEST = 120;

    @Test
    void noLineOfThePomIsWiderThan120Characters() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("pom.xml"));
        List<String> wide = IntStream.range(0, lines.size()).filter(i -> lines.get(i).length() > WIDEST)
                .mapToObj(i -> "pom.xml:" + (i + 1) + " (" + lines.get(i).length() + " characters)").toList();
        assertEquals(List.of(), wide);
    }
}
