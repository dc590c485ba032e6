package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.ComparisonFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts the lab ({@link LabRun}) in a JVM of its own, the first process of a new PID namespace
 * ({@code unshare --pid --fork --kill-child}, util-linux): when that JVM ends, however it ends, the kernel ends
 * every process it started (the lab's server, the browser and its driver), and with the last of them the
 * lab's network namespaces and devices go. The JVM ends when this one does: its standard input is a pipe from
 * here.
 */
public final class LabLauncher {

    private LabLauncher() {
    }

    /** Runs the lab to its end, its output in this one's; a failure is one line pointing at it. */
    public static void run(Path settingsFile) throws IOException {
        List<String> command = new ArrayList<>(List.of("unshare", "--pid", "--fork", "--kill-child", "--mount-proc"));
        command.addAll(ChildJvm.command(List.of("-Xmx1g", "-XX:+UseSerialGC"), LabRun.class.getName()));
        command.add(settingsFile.toString());
        Process lab = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            int exit = lab.waitFor();
            if (exit != 0) {
                throw new ComparisonFailure("The lab failed (exit " + exit + "): see its lines above");
            }
        } catch (InterruptedException e) {
            lab.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ComparisonFailure("The lab was interrupted");
        } finally {
            lab.getOutputStream().close();
        }
    }
}
