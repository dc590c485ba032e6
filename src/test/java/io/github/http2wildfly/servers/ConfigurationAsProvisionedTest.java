package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dev server's configuration is the provisioned one again at each start; the rest of the directory stays. */
class ConfigurationAsProvisionedTest {

    @TempDir
    Path dir;

    @Test
    void aConfigurationALastRunDeployedIntoIsTheProvisionedOneAgain() throws IOException {
        Path provisioned = Files.createDirectories(dir.resolve("configuration-pristine"));
        Path configuration = Files.createDirectories(dir.resolve("configuration"));
        Files.writeString(provisioned.resolve("standalone.xml"), "<server/>");
        Files.writeString(configuration.resolve("standalone.xml"), "<server><deployments><deployment name=\"http2.war\"/></deployments></server>");
        Files.writeString(configuration.resolve("mgmt-users.properties"), "a user added by hand");
        ConfigurationAsProvisioned.restore(provisioned, configuration);
        assertEquals("<server/>", Files.readString(configuration.resolve("standalone.xml")));
        assertEquals("a user added by hand", Files.readString(configuration.resolve("mgmt-users.properties")));
    }

    @Test
    void noProvisionedConfigurationIsSaidInOneLine() throws IOException {
        Path configuration = Files.createDirectories(dir.resolve("configuration"));
        BuildCheckFailure failure = assertThrows(BuildCheckFailure.class,
                () -> ConfigurationAsProvisioned.restore(dir.resolve("nowhere"), configuration));
        assertEquals(dir.resolve("nowhere/standalone.xml") + " is missing: ./mvnw package records it", failure.getMessage());
    }
}
