package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerAgentUndertowTest {

    @TempDir
    Path home;

    @Test
    void theServerSaysWhetherItsUndertowCarriesTheDiffsOrIsStock() throws IOException {
        Path module = Files.createDirectories(home.resolve(UndertowPatch.MODULE));
        assertEquals("h2demo: Undertow stock, without this project's diffs", ServerAgent.undertow(home));
        Files.createFile(module.resolve(UndertowPatch.PATCH_JAR));
        assertEquals("h2demo: Undertow with this project's diffs (src/patches/undertow-core)", ServerAgent.undertow(home));
    }
}
