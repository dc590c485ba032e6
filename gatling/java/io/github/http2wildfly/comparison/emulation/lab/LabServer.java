package io.github.http2wildfly.comparison.emulation.lab;

import io.github.http2wildfly.comparison.emulation.ServerProcess;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.door.Door;
import java.net.URI;
import java.nio.file.Path;

/**
 * The comparison's server again, inside the lab's server namespace, on {@link Lab#SERVER}: the same provisioned
 * WildFly, configuration (read-only), ports and application as the model's server, with its own base directory
 * ({@link ServerProcess}). Only a process started from inside the namespace lives in it.
 */
public final class LabServer {

    private LabServer() {
    }

    /** Boots the server in the lab and waits until the application answers on door 1. */
    public static ServerProcess start(Lab lab, LabSettings settings, ComparisonSettings comparison) {
        Path base = settings.baseDir();
        Path log = base.resolve("console.log");
        ProcessBuilder command = new ProcessBuilder(settings.installation().command(base)
                .addJavaOption("-Djboss.bind.address=" + Lab.SERVER.getHostAddress()).build())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        return ServerProcess.awaitBoot("the lab's server", lab.server().start(command), log, () -> answers(lab, comparison));
    }

    /** The application's landing page, asked from inside the server's namespace. */
    private static boolean answers(Lab lab, ComparisonSettings comparison) {
        URI page = URI.create("http://" + Lab.SERVER.getHostAddress() + ":" + comparison.server().ports().get(Door.HTTP_1_1)
                + ComparisonSettings.CONTEXT_PATH + "/");
        return lab.server().call(() -> ServerProcess.answers(page));
    }
}
