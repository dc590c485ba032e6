package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** src/patches: every diff in its table, each written against the version the build applies it to. */
class PatchesTest {

    private static final Path PATCHES = Path.of("src/patches");
    /** Each library's folder, the name its diffs start with, and the pom property of its version. */
    private static final Map<String, List<String>> LIBRARIES = Map.of(
            "netty-codec-http3", List.of("Netty", "version.netty"), "undertow-core", List.of("Undertow", "version.undertow"));

    @TempDir
    Path dir;

    @Test
    void everyDiffIsInTheTableAndNamesTheVersionThePomAppliesItTo() throws IOException {
        String table = Files.readString(PATCHES.resolve("README.md"));
        String pom = Files.readString(Path.of("pom.xml"));
        List<Path> diffs;
        try (Stream<Path> files = Files.walk(PATCHES)) {
            diffs = files.filter(file -> file.toString().endsWith(".diff")).sorted().toList();
        }
        assertFalse(diffs.isEmpty());
        for (Path diff : diffs) {
            String library = diff.getParent().getFileName().toString();
            assertTrue(LIBRARIES.containsKey(library), diff + ": a folder the build applies nothing from");
            String name = library + "/" + diff.getFileName();
            assertTrue(table.contains("[`" + name + "`](" + name + ")"), name + " is not in src/patches/README.md's table");
            Matcher version = Pattern.compile("<" + Pattern.quote(LIBRARIES.get(library).get(1)) + ">([^<]+)<").matcher(pom);
            assertTrue(version.find());
            String firstLine = Files.readAllLines(diff).get(0);
            assertTrue(firstLine.startsWith(LIBRARIES.get(library).get(0) + " " + version.group(1)),
                    name + " says it was written against " + firstLine + ", the build applies it to " + version.group(1));
        }
    }

    /**
     * Each diff has its test here, which runs one scenario on the library with the diff and without it (PatchedLibrary)
     * and expects it red without: a diff nothing proves is a diff nobody can tell is still needed.
     */
    /** The front page says how many fixes the server carries, and of which kind: as many as src/patches holds. */
    @Test
    void theFrontPageCountsTheDiffsThereAre() throws IOException {
        List<String> diffs;
        try (Stream<Path> files = Files.walk(PATCHES)) {
            diffs = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".diff")).toList();
        }
        Matcher said = Pattern.compile("compiles (\\d+) fixes of its own .*?: (\\d+) for one server's HTTP/2 and TLS, (\\d+) for"
                + " WildFly's load balancer, (\\d+) for door 4's QPACK", Pattern.DOTALL).matcher(Files.readString(Path.of("README.md")));
        assertTrue(said.find(), "README.md no longer counts the fixes the way this test reads");
        assertEquals(List.of(diffs.size(), count(diffs, "http2-", "tls-"), count(diffs, "proxy-"), count(diffs, "qpack-")),
                List.of(Integer.parseInt(said.group(1)), Integer.parseInt(said.group(2)), Integer.parseInt(said.group(3)),
                        Integer.parseInt(said.group(4))), "README.md's count of the diffs: all, the server's, the balancer's, QPACK's");
    }

    private static int count(List<String> diffs, String... prefixes) {
        return (int) diffs.stream().filter(name -> Stream.of(prefixes).anyMatch(name::startsWith)).count();
    }

    @Test
    void everyDiffIsProvenByATestThatRunsItsScenarioWithAndWithoutIt() throws IOException {
        List<String> patchTests;
        try (Stream<Path> files = Files.list(Path.of("src/test/java/io/github/http2wildfly/servers"))) {
            patchTests = files.filter(file -> file.getFileName().toString().endsWith("PatchIT.java")).map(file -> {
                try {
                    return Files.readString(file);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).filter(test -> test.contains(".with(") && (test.contains(".without(") || test.contains("void withoutIt"))).toList();
        }
        try (Stream<Path> files = Files.walk(PATCHES)) {
            files.filter(file -> file.toString().endsWith(".diff")).map(Path::toString).sorted().forEach(diff ->
                    assertTrue(patchTests.stream().anyMatch(test -> test.contains("\"" + diff + "\"")),
                            diff + ": no *PatchIT runs a scenario with it and without it"));
        }
    }

    /** A diff removed takes its classes with it: the next run deletes what the last one wrote, without a clean. */
    @Test
    void theClassesOfAnEarlierRunAreDeletedBeforeTheNextOneWrites() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path written = dir.resolve("classes-netty-codec-http3.patched");
        Path stale = classes.resolve("io/netty/handler/codec/http3/QpackDecoder.class");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "from a diff since removed");
        Path own = Files.writeString(classes.resolve("Application.class"), "the application's");
        Files.write(written, List.of("io/netty/handler/codec/http3/QpackDecoder.class"));
        SourcePatch.removeEarlier(written, classes);
        assertFalse(Files.exists(stale) || Files.exists(written));
        assertEquals("the application's", Files.readString(own));
    }

    /** Nothing new to apply, every class in place: the run touches nothing, so the tests' compile and the WAR need not run again. */
    @Test
    void aRunWithTheSameDiffsAndSourcesAndItsClassesInPlaceIsCurrent() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path written = dir.resolve("classes-netty-codec-http3.patched");
        Files.writeString(Files.createDirectories(classes.resolve("io")).resolve("A.class"), "patched");
        Files.write(written, List.of("fingerprint 1", "io/A.class"));
        assertTrue(SourcePatch.isCurrent(written, "fingerprint 1", classes));
        assertFalse(SourcePatch.isCurrent(written, "fingerprint 2", classes), "another diff, source or classpath");
        Files.delete(classes.resolve("io/A.class"));
        assertFalse(SourcePatch.isCurrent(written, "fingerprint 1", classes), "a class gone (a compile that cleaned)");
        SourcePatch.removeEarlier(written, classes);
        assertFalse(Files.exists(written));
    }
}
