package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.build.BuildCheckFailure;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What the lab needs besides the comparison's grid: the server the build provisioned, and the JVM options every
 * server of the build takes (target/server.jvm), read from the same settings file (gatling/comparison.properties).
 *
 * @param serverDir the provisioned server (target/server), booted from its configuration as provisioned
 * @param war the application as the comparison's server deploys it
 * @param serverJvm the JVM options every server of the build takes (ServerLaunch)
 */
public record LabSettings(Path serverDir, Path war, Path serverJvm, Path baseDir) {

    /** The settings, or null when the run is not the lab's (comparison.lab is not true). */
    public static LabSettings load(Path file) {
        Properties given = ComparisonSettings.read(file);
        if (!Boolean.parseBoolean(given.getProperty("comparison.lab", "false").strip())) {
            return null;
        }
        LabSettings settings = new LabSettings(Path.of(required(given, "comparison.server.dir")),
                Path.of(required(given, "comparison.war")), Path.of(required(given, "comparison.server.jvm")),
                Path.of(required(given, "comparison.dir")).resolveSibling("lab-server"));
        if (!Files.isRegularFile(settings.war())) {
            throw new BuildCheckFailure("The lab needs the application at " + settings.war() + ": run it with ./mvnw verify -Pgatling");
        }
        return settings;
    }

    private static String required(Properties given, String name) {
        String value = given.getProperty(name, "").strip();
        if (value.isEmpty()) {
            throw new BuildCheckFailure(name + " is not set (the build fills it in: target/comparison.properties)");
        }
        return value;
    }
}
