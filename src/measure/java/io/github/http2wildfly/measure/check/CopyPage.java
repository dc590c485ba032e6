package io.github.http2wildfly.measure.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines a WildFly user copies, docs/your-wildfly.md's {@code ```cli} blocks (HTTP/2 and TLS, then the limits against
 * clients that hold what others need): the check quotes the one that fixes a finding, YourWildFlyIT applies them all
 * to a stock server. The page is their one place.
 */
public final class CopyPage {

    public static final Path PAGE = Path.of("docs/your-wildfly.md");
    private static final Pattern BLOCK = Pattern.compile("```cli\\n(.*?)```", Pattern.DOTALL);

    private CopyPage() {
    }

    /** Every block's lines, in the page's order, as a user copies them. */
    public static List<String> lines() {
        try {
            List<String> lines = new ArrayList<>();
            for (Matcher block = BLOCK.matcher(Files.readString(PAGE)); block.find(); ) {
                block.group(1).lines().filter(line -> !line.isBlank()).forEach(lines::add);
            }
            if (lines.isEmpty()) {
                throw new IllegalStateException(PAGE + " has no ```cli block");
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(PAGE + " cannot be read (the check runs from the project's folder)", e);
        }
    }

    /** The page's first line that contains {@code words}, quoted as the fix: "docs/your-wildfly.md: /subsystem=…". */
    static String fix(String words) {
        return lines().stream().filter(line -> line.contains(words)).findFirst()
                .map(line -> PAGE + ": `" + line + "`")
                .orElseThrow(() -> new IllegalStateException(PAGE + "'s block has no line with " + words));
    }
}
