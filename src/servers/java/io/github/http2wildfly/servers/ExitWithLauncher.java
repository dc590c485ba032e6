package io.github.http2wildfly.servers;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Stops a server when the process that launched it (Maven's {@code wildfly:run}, {@code wildfly:start},
 * the ITs' JVM) is gone. Ctrl-C in a terminal reaches both, but an IDE's stop button or a {@code kill} of
 * Maven reaches only Maven, and the forked server would keep the ports. Run by {@link ServerAgent} from the
 * server JVM's first moment: a Maven killed while the server boots leaves no server either, which a
 * listener in the WAR, deployed after the boot, could not promise.
 */
public final class ExitWithLauncher {

    private ExitWithLauncher() {
    }

    /**
     * Every launcher of this build is a JVM; a parent that is none (init, a subreaper) means the launcher
     * ended before this JVM got here.
     */
    static void watch() {
        Optional<ProcessHandle> launcher = ProcessHandle.current().parent().filter(ExitWithLauncher::isJava);
        if (launcher.isEmpty()) {
            stop("The server's launcher ended before the server started: stopping");
        }
        launcher.get().onExit().thenRun(() -> stop("The server's launcher, process " + launcher.get().pid()
                + ", has ended: stopping"));
    }

    static boolean isJava(ProcessHandle process) {
        return process.info().command().map(command -> Path.of(command).getFileName().toString())
                .filter(name -> name.equals("java") || name.equals("java.exe")).isPresent();
    }

    private static void stop(String why) {
        System.err.println(why);
        System.exit(0);
    }
}
