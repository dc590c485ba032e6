package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.it.ItSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** What ./mvnw package made, as packaged: the WAR the build deploys, and the server with Undertow's fixes. */
class PackageIT {

    @Test
    void theWarHoldsTheApplicationAndNoneOfTheBuildsOwnTools() throws IOException {
        Path war = ItSettings.path("deployment.war");
        assertTrue(Files.isRegularFile(war), war + " is missing: ./mvnw package builds it");
        try (JarFile jar = new JarFile(war.toFile())) {
            List<String> classes = jar.stream().map(JarEntry::getName)
                    .filter(name -> name.startsWith("WEB-INF/classes/io/github/http2wildfly/")).toList();
            assertTrue(classes.contains("WEB-INF/classes/io/github/http2wildfly/door/PortInUse.class"), classes.toString());
            assertEquals(List.of(), classes.stream().filter(name -> name.contains("/http2wildfly/servers/")).toList());
        }
    }

    /** netty-bom manages Gatling's natives at runtime scope, which would put them in the WAR beside door 4's own. */
    @Test
    void theWarCarriesDoor4sNettyAndNoneOfGatlingsNatives() throws IOException {
        try (JarFile jar = new JarFile(ItSettings.path("deployment.war").toFile())) {
            List<String> libraries = jar.stream().map(JarEntry::getName).filter(name -> name.startsWith("WEB-INF/lib/netty-")).toList();
            assertTrue(libraries.stream().anyMatch(name -> name.contains("netty-codec-native-quic-") && name.contains("linux-x86_64")),
                    libraries.toString());
            assertTrue(libraries.stream().anyMatch(name -> name.contains("netty-transport-native-epoll-")), libraries.toString());
            assertEquals(List.of(), libraries.stream()
                    .filter(name -> name.contains("tcnative") || name.contains("io_uring") || name.contains("dns")).toList());
        }
    }

    /** With the diffs, the patched classes come first in Undertow's module; under -Pstock there is no patch at all. */
    @Test
    void theProvisionedServerLoadsThePatchedChannelBeforeUndertowsOwnOrNoneUnderStock() throws IOException {
        Path module = ItSettings.path("jboss.home").resolve(UndertowPatch.MODULE);
        String moduleXml = Files.readString(module.resolve("module.xml"));
        if (!ItSettings.serverCarries("http2-continuation.diff")) {
            assertFalse(moduleXml.contains(UndertowPatch.PATCH_JAR), moduleXml);
            assertFalse(Files.exists(module.resolve(UndertowPatch.PATCH_JAR)), "a patch jar in a stock server");
            return;
        }
        assertTrue(moduleXml.indexOf(UndertowPatch.PATCH_JAR) < moduleXml.indexOf("undertow-core-2"), moduleXml);
        try (JarFile patch = new JarFile(module.resolve(UndertowPatch.PATCH_JAR).toFile())) {
            assertTrue(patch.getJarEntry("io/undertow/protocols/http2/Http2Channel.class") != null, "Http2Channel in the patch");
        }
    }
}
