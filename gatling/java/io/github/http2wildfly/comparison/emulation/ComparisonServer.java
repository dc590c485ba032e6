package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.door.Door;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * The comparison's server on loopback, at comparison.port.offset, for the length of a run: the doors every tool loads
 * the page from, through the model's delay proxies. Booted by the run that needs it, in its own base directory,
 * and stopped by it (and with Maven, by the server agent, if Maven is killed).
 */
public final class ComparisonServer {

    private ComparisonServer() {
    }

    /** Boots it and waits until the application answers on door 1; its console goes where the report reads it. */
    public static ServerProcess start(ServerProcess.Installation installation, ComparisonSettings settings, Path base) throws IOException {
        ProcessBuilder command = new ProcessBuilder(installation.command(base).build()).redirectErrorStream(true)
                .redirectOutput(settings.server().log().toFile());
        System.out.println("The comparison's server: booting in " + base + " (its console: " + settings.server().log() + ")");
        URI page = URI.create("http://localhost:" + settings.server().ports().get(Door.HTTP_1_1) + ComparisonSettings.CONTEXT_PATH + "/");
        return ServerProcess.awaitBoot("the comparison's server", command.start(), settings.server().log(), () -> ServerProcess.answers(page));
    }
}
