package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The jdk8 profile's one entry point, in this order: the alpn-boot this JDK 8 needs ({@link AlpnBoot}); the page's WAR
 * for WildFly 10 (the JSP of src/legacy/webapp, javax.servlet, and the logo, nothing else); then the server: WildFly 10
 * unpacked from its distribution (Galleon cannot provision it; fetched into Maven's local repository where missing,
 * {@link CentralJar}), patched with the legacy CLI scripts by its own jboss-cli.sh on the JDK 8 (its CLI cannot run on
 * a newer JDK), then recorded (ServerFingerprint, over the distribution and the scripts): only once the patch
 * succeeded, so an interrupted unpack or patch is done again by the next build.
 *
 * <p>Arguments: {@code jdk8-home boot-jar local-repository distribution server-dir filtered-cli-dir war-file project-dir}
 * ({@code distribution}: {@code groupId:artifactId:version} of the zip).
 */
public final class LegacyServer {

    /** Applied in this order, inside one embedded server. */
    static final List<String> SCRIPTS = List.of("sockets.cli", "legacy/ssl-context.cli", "legacy/https-listeners.cli");

    private LegacyServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            throw new BuildCheckFailure("LegacyServer: expected the settings file (target/legacy.properties), not "
                    + String.join(" ", args));
        }
        Path file = Path.of(args[0]);
        Properties settings = FilledInSettings.read(file, "./mvnw -Pjdk8 process-resources");
        Function<String, String> setting = name -> Optional.ofNullable(settings.getProperty(name)).filter(value -> !value.contains("@"))
                .orElseThrow(() -> new BuildCheckFailure("LegacyServer: " + file + " has no " + name));
        String coordinates = setting.apply("distribution");
        String[] distribution = coordinates.split(":");
        if (distribution.length != 3) {
            throw new BuildCheckFailure("LegacyServer: expected the distribution as groupId:artifactId:version, not " + coordinates);
        }
        Path jdk8 = Path.of(setting.apply("jdk8.home"));
        CentralJar central = CentralJar.fromEnvironment(Path.of(setting.apply("repository")));
        AlpnBoot.prepare(jdk8, Path.of(setting.apply("alpn.boot.jar")), central);
        Path project = Path.of(setting.apply("project"));
        writeWar(project.resolve("src/legacy/webapp"), project.resolve("src/main/webapp/WEB-INF/logo.png"), Path.of(setting.apply("war")));
        Path server = Path.of(setting.apply("server"));
        ServerFingerprint.check(server, List.of(coordinates, setting.apply("cli.dir")));
        if (ServerFingerprint.isRecorded(server)) {
            System.out.println("The legacy server in " + server + " is patched and up to date");
            return;
        }
        if (!Files.isExecutable(jdk8.resolve("bin/java"))) {
            throw new BuildCheckFailure("jdk8.home=" + jdk8 + " has no bin/java: a real JDK 8 is needed from here on"
                    + " (patching and running the legacy WildFly)");
        }
        unpack(central.resolve(distribution[0], distribution[1], distribution[2], "zip"), server);
        Path scripts = Path.of(setting.apply("cli.dir"));
        // In the server, not among the scripts: the scripts' folder is what every server's fingerprint reads.
        Path patch = Files.writeString(server.resolve("legacy-patch.cli"), patch(scripts));
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

    /**
     * A fresh copy of the distribution, whose one top-level directory is the server's (a leftover of an
     * interrupted build is replaced); the scripts in bin/ made executable, as zip entries carry no modes.
     */
    static void unpack(Path distribution, Path server) throws IOException {
        if (Files.exists(server)) {
            ServerFingerprint.delete(server);
        }
        Path parent = server.toAbsolutePath().getParent();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(distribution))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path target = parent.resolve(entry.getName()).normalize();
                if (!target.startsWith(server.toAbsolutePath())) {
                    throw new BuildCheckFailure(distribution + ": " + entry.getName() + " is outside " + server.getFileName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                    if (target.toString().endsWith(".sh")) {
                        target.toFile().setExecutable(true);
                    }
                }
            }
        }
    }

    /** The legacy page's WAR: every file of the webapp directory and the logo in WEB-INF. */
    static void writeWar(Path webapp, Path logo, Path war) throws IOException {
        Files.createDirectories(war.getParent());
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(war)); Stream<Path> files = Files.walk(webapp)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                add(out, webapp.relativize(file).toString().replace('\\', '/'), file);
            }
            add(out, "WEB-INF/logo.png", logo);
        }
    }

    private static void add(ZipOutputStream out, String name, Path file) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        Files.copy(file, out);
        out.closeEntry();
    }
}
