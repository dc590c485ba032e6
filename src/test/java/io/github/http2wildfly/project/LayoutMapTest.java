package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/how-it-works.md's layout is the tree as it is: every path of its table exists, every folder a row names (a
 * token in backticks ending in a slash) is a folder below that row's path, and the pom's row names the pom's profiles,
 * no more and no fewer. The map drifted before (a package named that had gone, three profiles missing).
 */
class LayoutMapTest {

    private static final Path PAGE = Path.of("docs/how-it-works.md");
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| (.*) \\|$", Pattern.MULTILINE);
    private static final Pattern FOLDER = Pattern.compile("`([^`\\s]+)/`");
    /** A profile's id: the first id after its opening tag (comments may come before it). */
    private static final Pattern PROFILE = Pattern.compile("<profile>.*?<id>([^<]+)</id>", Pattern.DOTALL);

    private static List<String[]> rows() throws IOException {
        String page = Files.readString(PAGE);
        int start = page.indexOf("\n## Layout\n");
        String layout = page.substring(start, page.indexOf("\n## ", start + 1) < 0 ? page.length() : page.indexOf("\n## ", start + 1));
        List<String[]> rows = new ArrayList<>();
        Matcher row = ROW.matcher(layout);
        while (row.find()) {
            rows.add(new String[] {row.group(1), row.group(2)});
        }
        return rows;
    }

    @Test
    void everyPathAndEveryFolderTheLayoutNamesExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (String[] row : rows()) {
            Path path = Path.of(row[0]);
            if (!Files.exists(path)) {
                missing.add(row[0]);
                continue;
            }
            Matcher folder = FOLDER.matcher(row[1]);
            while (folder.find()) {
                if (!folder.group(1).startsWith("target/") && !hasFolder(path, folder.group(1))) {
                    missing.add(row[0] + ": " + folder.group(1) + "/");
                }
            }
        }
        assertEquals(List.of(), missing, "named in " + PAGE + "'s layout, not in the tree");
    }

    @Test
    void thePomsRowNamesEveryProfileOfThePom() throws IOException {
        String pomRow = rows().stream().filter(row -> row[0].equals("pom.xml")).findFirst().orElseThrow()[1];
        int profiles = pomRow.indexOf("the profiles");
        assertTrue(profiles >= 0 && pomRow.indexOf(';', profiles) > 0, PAGE + "'s row for pom.xml names no profiles (\"the profiles `a`, `b`;\")");
        String named = pomRow.substring(profiles, pomRow.indexOf(';', profiles));
        Set<String> inTheRow = Pattern.compile("`([a-z0-9-]+)`").matcher(named).results().map(match -> match.group(1))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> inThePom = PROFILE.matcher(Files.readString(Path.of("pom.xml"))).results().map(match -> match.group(1))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(inThePom, inTheRow, "the profiles " + PAGE + " names for pom.xml");
    }

    /** Whether {@code name} (one folder, or a path of folders) is a folder somewhere below {@code root}. */
    private static boolean hasFolder(Path root, String name) {
        try (Stream<Path> tree = Files.walk(root)) {
            return tree.anyMatch(folder -> Files.isDirectory(folder) && folder.endsWith(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
