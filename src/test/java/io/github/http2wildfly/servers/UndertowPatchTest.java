package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UndertowPatchTest {

    private static final Path DIFFS = Path.of("src/patches/undertow-core");
    /** Undertow's module descriptor once the patch is its first resource root. */
    private static final String PATCHED_MODULE = """
            <module name="io.undertow.core" xmlns="urn:jboss:module:1.9">
                <resources>
                    <resource-root path="undertow-core-patch.jar"/>
                    <resource-root path="undertow-core-2.3.23.Final.jar"/>
                </resources>
            </module>
            """;

    @TempDir
    Path dir;

    @Test
    void everyDiffAppliesToTheSourcesOfTheServersUndertow() throws IOException {
        List<Path> diffs = SourcePatch.diffs(DIFFS);
        assertFalse(diffs.isEmpty(), "src/patches/undertow-core has no diff");
        for (Path diff : diffs) {
            Map<Path, String> before = sources();
            SourcePatch.apply(diff, sourcesJar(), dir); // a diff after another on the same file is placed around it
            assertNotEquals(before, sources(), diff + " patched nothing");
        }
        String channel = Files.readString(dir.resolve("io/undertow/protocols/http2/Http2Channel.java"));
        assertTrue(channel.contains("if (frameParser != null && frameParser.getContinuationParser() != null) {"), "the fix is in");
    }

    /** The patched sources so far, each file's text by its path. */
    private Map<Path, String> sources() throws IOException {
        Map<Path, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                sources.put(file, Files.readString(file));
            }
        }
        return sources;
    }

    @Test
    void twoDiffsThatTouchOneFileBothLandWhicheverIsWrittenAgainstThePublishedSources() throws IOException {
        List<Path> proxyDiffs = List.of(DIFFS.resolve("proxy-multiplexes-http2.diff"), DIFFS.resolve("proxy-retries-when-a-node-dies.diff"));
        List<Path> compiled = new java.util.ArrayList<>();
        for (Path diff : proxyDiffs) {
            compiled.addAll(SourcePatch.apply(diff, sourcesJar(), dir));
        }
        assertEquals(compiled.stream().distinct().count(), compiled.size(), "each file compiled once: " + compiled);
        String handler = Files.readString(dir.resolve("io/undertow/server/handlers/proxy/ProxyHandler.java"));
        assertTrue(handler.contains("clientExchange.getRequestChannel(), clientExchange.getResponseChannel()"), "the first diff's hunk");
        assertTrue(handler.contains("new BufferedResponse(exchange, connection, result, (int) length, proxyClientHandler,"),
                "the second diff's hunk");
        String pool = Files.readString(dir.resolve("io/undertow/server/handlers/proxy/ProxyConnectionPool.java"));
        assertTrue(pool.contains("sharedConnections") && pool.contains("uri.getPath(), new Runnable()"), "both diffs' pool");
    }

    @Test
    void aDiffThatNoLongerAppliesFailsTheBuildWithOneLine() throws IOException {
        Path stale = dir.resolve("stale.diff");
        Files.writeString(stale, Files.readString(DIFFS.resolve("http2-continuation.diff"))
                .replace(" it should be consumed cos spec", " a line Undertow does not have"));
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class, () -> SourcePatch.apply(stale, sourcesJar(), dir));
        assertTrue(failure.getMessage().contains("stale.diff no longer applies to io/undertow/protocols/http2/Http2Channel.java"),
                failure.getMessage());
    }

    @Test
    void aServerWithAnotherUndertowIsRefusedWithWhatToDo() throws IOException {
        Path module = Files.createDirectories(dir.resolve("module"));
        Files.createFile(module.resolve("undertow-core-2.4.4.Final.jar"));
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class,
                () -> UndertowPatch.checkVersion(module, dir.resolve("undertow-core-2.3.23.Final-sources.jar")));
        assertEquals("The server runs Undertow 2.4.4.Final, the patches in src/patches/undertow-core are for 2.3.23.Final: set"
                + " version.undertow to 2.4.4.Final and check that each patch still applies, or delete the ones that version"
                + " fixes", failure.getMessage());
    }

    @Test
    void thePatchIsTheModulesFirstResourceRootOnce() throws IOException {
        Path moduleXml = dir.resolve("module.xml");
        Files.writeString(moduleXml, """
                <module name="io.undertow.core" xmlns="urn:jboss:module:1.9">
                    <resources>
                        <resource-root path="undertow-core-2.3.23.Final.jar"/>
                    </resources>
                </module>
                """);
        UndertowPatch.prependResourceRoot(moduleXml);
        UndertowPatch.prependResourceRoot(moduleXml);
        assertEquals(PATCHED_MODULE, Files.readString(moduleXml));
    }

    @Test
    void theStockCopyOfAPatchedServerCarriesNoDiffAndLeavesTheServerPatched() throws IOException {
        Path server = dir.resolve("server");
        Path module = Files.createDirectories(server.resolve(UndertowPatch.MODULE));
        Files.writeString(module.resolve("module.xml"), PATCHED_MODULE);
        Files.writeString(module.resolve(UndertowPatch.PATCH_JAR), "the patched classes");
        Files.writeString(module.resolve("undertow-core-2.3.23.Final.jar"), "Undertow's own");
        Path stock = UndertowPatch.stock(server, dir.resolve("stock"));
        assertTrue(UndertowPatch.patched(server));
        assertFalse(UndertowPatch.patched(stock));
        assertFalse(Files.readString(stock.resolve(UndertowPatch.MODULE).resolve("module.xml")).contains(UndertowPatch.PATCH_JAR));
        assertTrue(Files.exists(stock.resolve(UndertowPatch.MODULE).resolve("undertow-core-2.3.23.Final.jar")));
    }

    @Test
    void aModuleThePatchUsesIsAmongTheModulesDependenciesOnce() throws IOException {
        Path moduleXml = dir.resolve("module.xml");
        Files.writeString(moduleXml, """
                <module name="io.undertow.core" xmlns="urn:jboss:module:1.9">
                    <dependencies>
                        <module name="java.naming"/>
                    </dependencies>
                </module>
                """);
        UndertowPatch.addDependency(moduleXml, "java.management");
        UndertowPatch.addDependency(moduleXml, "java.management");
        assertEquals("""
                <module name="io.undertow.core" xmlns="urn:jboss:module:1.9">
                    <dependencies>
                        <module name="java.management"/>
                        <module name="java.naming"/>
                    </dependencies>
                </module>
                """, Files.readString(moduleXml));
    }

    /** The sources the build copied (process-resources, before the unit tests). */
    private static Path sourcesJar() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            return files.filter(f -> f.getFileName().toString().matches("undertow-core-.*-sources\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no Undertow sources in target/: run the build up to package"));
        }
    }
}
