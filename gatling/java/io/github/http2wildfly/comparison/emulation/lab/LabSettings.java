package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.comparison.emulation.ServerProcess;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What the lab needs besides the comparison's grid: the server the build provisioned, read from the same settings
 * file (gatling/comparison.properties), and a base directory of its own beside the comparison's output.
 */
public record LabSettings(ServerProcess.Installation installation, Path baseDir) {

    /** The settings, or null when the run is not the lab's (comparison.lab is not true). */
    public static LabSettings load(Path file) {
        Properties given = ComparisonSettings.read(file);
        if (!Boolean.parseBoolean(given.getProperty("comparison.lab", "false").strip())) {
            return null;
        }
        return new LabSettings(ServerProcess.Installation.from(given),
                Path.of(given.getProperty("comparison.dir", "target/comparison").strip()).resolveSibling("lab-server"));
    }
}
