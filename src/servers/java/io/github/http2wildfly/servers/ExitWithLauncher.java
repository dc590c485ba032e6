package io.github.http2wildfly.servers;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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

    /**
     * Exits as WildFly does on SIGTERM (its shutdown hooks); a server too wedged to finish them (a full heap, a hung
     * hook) is halted after the grace its launcher gives a server (ServerLaunch's), so that no launcher's end leaves
     * a server behind.
     */
    private static void stop(String why) {
        System.err.println(why);
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(ServerAgent.STOP_GRACE_SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(1);
        }, "exit-with-launcher-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(0);
    }
}
