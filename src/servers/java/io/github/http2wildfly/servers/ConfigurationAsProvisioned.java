package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * Gives the dev server ({@code wildfly:run}, {@code wildfly:dev}) the configuration as provisioned at each start, run
 * by {@link ServerAgent} before WildFly reads it. WildFly writes what a run deploys into its configuration, so the next
 * boot would deploy the last run's WAR before the plugin replaces it: a second deployment before the first page. The
 * servers the build starts for itself boot read-only from that configuration instead ({@code
 * --read-only-server-config}), which {@code wildfly:dev} cannot take (it names the configuration itself). What makes
 * the server is the CLI scripts of wildfly/; what a run changes lasts for that run.
 */
final class ConfigurationAsProvisioned {

    /** The system property naming the configuration as provisioned (the pom sets it for the dev server). */
    static final String PROPERTY = "h2demo.configuration.as.provisioned";
    private static final String CONFIGURATION = "standalone.xml";

    private ConfigurationAsProvisioned() {
    }

    /** Puts the provisioned standalone.xml back in the server's configuration directory where they differ. */
    static void restore(Path provisioned, Path configurationDir) throws IOException {
        Path original = provisioned.resolve(CONFIGURATION);
        Path current = configurationDir.resolve(CONFIGURATION);
        if (!Files.isRegularFile(original)) {
            throw new BuildCheckFailure(original + " is missing: ./mvnw package records it");
        }
        if (!Files.isRegularFile(current) || !Arrays.equals(Files.readAllBytes(original), Files.readAllBytes(current))) {
            Files.copy(original, current, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The configuration directory WildFly will read, from the properties its launcher gave the JVM. */
    static Path configurationDir() {
        String configured = System.getProperty("jboss.server.config.dir");
        if (configured != null) {
            return Path.of(configured);
        }
        String base = System.getProperty("jboss.server.base.dir");
        return (base != null ? Path.of(base) : Path.of(System.getProperty("jboss.home.dir", "."), "standalone"))
                .resolve("configuration");
    }
}
