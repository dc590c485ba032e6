package io.github.http2wildfly.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Patches the unpacked WildFly 10 of the jdk8 profile with the legacy CLI scripts, by its own
 * jboss-cli.sh on the JDK 8 (Galleon cannot provision WildFly 10, and its CLI cannot run on a newer
 * JDK), then records it (ServerFingerprint) — only once the patch succeeded, so an interrupted
 * patch is done again by the next build.
 *
 * <p>Arguments: {@code jdk8-home server-dir filtered-cli-dir}
 */
public final class LegacyServer {

    /** Applied in this order, inside one embedded server. */
    static final List<String> SCRIPTS = List.of("sockets.cli", "legacy/ssl-context.cli", "legacy/https-listeners.cli");

    private LegacyServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 3) {
            throw new BuildCheckFailure("LegacyServer: expected jdk8-home, server-dir and the filtered CLI scripts' dir");
        }
        Path jdk8 = Path.of(args[0]);
        Path server = Path.of(args[1]);
        Path scripts = Path.of(args[2]);
        if (ServerFingerprint.isRecorded(server)) {
            System.out.println("The legacy server in " + server + " is patched and up to date");
            return;
        }
        if (!Files.isExecutable(jdk8.resolve("bin/java"))) {
            throw new BuildCheckFailure("jdk8.home=" + jdk8 + " has no bin/java: a real JDK 8 is needed from here on"
                    + " (patching and running the legacy WildFly)");
        }
        Path patch = Files.writeString(scripts.resolve("legacy-patch.cli"), patch(scripts));
        ProcessBuilder cli = new ProcessBuilder(server.resolve("bin/jboss-cli.sh").toString(), "--file=" + patch).inheritIO();
        cli.environment().put("JAVA_HOME", jdk8.toString());
        int exit = cli.start().waitFor();
        if (exit != 0) {
            throw new BuildCheckFailure("The legacy server's jboss-cli.sh failed (exit " + exit + ") on " + patch);
        }
        ServerFingerprint.record(server);
    }

    /** The scripts in one embedded-server session, as the legacy CLI has no packaging scripts. */
    static String patch(Path scripts) throws IOException {
        StringBuilder patch = new StringBuilder("embed-server --server-config=standalone.xml\n");
        for (String script : SCRIPTS) {
            patch.append(Files.readString(scripts.resolve(script))).append('\n');
        }
        return patch.append("stop-embedded-server\n").toString();
    }
}
