package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.wildfly.core.launcher.StandaloneCommandBuilder;

/**
 * How this build starts a WildFly from Java (the lab's server, the cluster's three), as wildfly:run and Arquillian
 * start theirs: the JVM options every server takes ({@code target/server.jvm}, which java reads itself), its ports
 * shifted by an offset with the Maven property that sets it (for the server agent to name), and a base directory of
 * its own. The command is the one WildFly's own launcher library builds (the wildfly-maven-plugin's).
 */
public final class ServerLaunch {

    private ServerLaunch() {
    }

    /**
     * @param home the provisioned server
     * @param jvmOptions {@code target/server.jvm}, as the build filled it in
     * @param portOffset added to every port of the server
     * @param offsetKnob the Maven property that set the offset ({@code cluster.port.offset}, …)
     * @param base the server's base directory (its configuration, deployments, data and log)
     */
    public static StandaloneCommandBuilder standalone(Path home, Path jvmOptions, int portOffset, String offsetKnob, Path base) {
        if (!Files.isRegularFile(jvmOptions)) {
            throw new BuildCheckFailure(jvmOptions + " is missing: ./mvnw package writes it");
        }
        return StandaloneCommandBuilder.of(home)
                .setJavaHome(System.getProperty("java.home"))
                .addJavaOptions("@" + jvmOptions, "-D" + ServerAgent.PORT_OFFSET + "=" + portOffset,
                        "-D" + ServerAgent.PORT_OFFSET_KNOB + "=" + offsetKnob)
                .setBaseDirectory(base);
    }

    /**
     * The same, booted from its configuration as provisioned ({@link ServerFingerprint#PRISTINE}), read-only, in a base
     * directory emptied first with the application in its deployments: what the run changes stays in that directory,
     * and a dev server's deployment never rides along (the comparison's server, the servers' benchmark's).
     */
    public static StandaloneCommandBuilder asProvisioned(Path home, Path jvmOptions, int portOffset, String offsetKnob, Path base, Path war)
            throws IOException {
        if (Files.exists(base)) {
            ServerFingerprint.delete(base);
        }
        Files.createDirectories(base.resolve("deployments"));
        Files.copy(war, base.resolve("deployments").resolve(war.getFileName()));
        return standalone(home, jvmOptions, portOffset, offsetKnob, base)
                .setConfigurationDirectory(home.resolve(ServerFingerprint.PRISTINE))
                .setServerReadOnlyConfiguration("standalone.xml");
    }

    /** Asks a server to stop (SIGTERM) and waits for it; see {@link #awaitEnd}. */
    public static void stop(String name, Process process) {
        process.destroy();
        awaitEnd(name, process);
    }

    /**
     * Waits for a server asked to stop (SIGTERM), and kills it (SIGKILL) if it has not ended within
     * {@link ServerAgent#STOP_GRACE_SECONDS} s, saying so.
     */
    public static void awaitEnd(String name, Process process) {
        try {
            if (!process.waitFor(ServerAgent.STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                System.err.println(name + " (process " + process.pid() + ") did not stop within " + ServerAgent.STOP_GRACE_SECONDS
                        + " s of SIGTERM: killed (SIGKILL)");
                process.destroyForcibly().waitFor(ServerAgent.STOP_GRACE_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
