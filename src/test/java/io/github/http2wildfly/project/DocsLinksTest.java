package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every relative link of the README, CONTRIBUTING.md and the pages in docs/ (and the folders' READMEs) names a file that exists. */
class DocsLinksTest {

    /** A Markdown link or image: ](target) or ](target#anchor), not to another site. */
    private static final Pattern LINK = Pattern.compile("\\]\\((?!https?:|mailto:|#)([^)#\\s]+)(#[^)]*)?\\)");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("CONTRIBUTING.md")));
        for (String folder : List.of("docs", "gatling", "wildfly", "keystore", "src", ".ci", ".mvn")) {
            try (Stream<Path> files = Files.list(Path.of(folder))) {
                files.filter(file -> file.toString().endsWith(".md")).forEach(pages::add);
            }
        }
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                Path target = page.toAbsolutePath().getParent().resolve(link.group(1)).normalize();
                if (!Files.exists(target)) {
                    broken.add(page + " -> " + link.group(1));
                }
            }
        }
        assertEquals(List.of(), broken);
    }
}
