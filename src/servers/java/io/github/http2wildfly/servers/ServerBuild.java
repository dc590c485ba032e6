package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * What the build does to make its servers, step by step; the wildfly-maven-plugin provisions them between the two
 * steps, which the pom calls once each:
 * <ol>
 * <li>{@code before} (process-classes): the keystore, generated when missing and checked ({@link ServerKeystore});
 * Netty's HTTP/3 fixes compiled among the application's classes ({@link SourcePatch}); each server's fingerprint
 * ({@link ServerFingerprint}), which deletes a server whose make-up changed so that the plugin provisions it again.</li>
 * <li>{@code after} (package): into each server the plugin provisioned, Undertow's fixes ({@link UndertowPatch}), then
 * its record (the marker that it is whole, the configuration as provisioned that the other servers boot from); one
 * step, so that no server is recorded unpatched. A server not provisioned by this build (the cluster's without
 * {@code -Pcluster}) is left alone.</li>
 * </ol>
 *
 * <p>Arguments: the step, then the settings file the build filled in ({@code target/build.properties}, from
 * {@code src/servers/build.properties}): the pom's properties, and {@code server.NAME=dir=layers} once per server. A
 * missing or unknown one fails the build with one line.
 */
public final class ServerBuild {

    /** Every setting the file may hold besides the servers; a key that is neither is a typo, named. */
    static final Set<String> NAMES = Set.of("keystore", "keystore.password", "keystore.alias", "keystore.certificate",
            "keystore.generate", "classes", "release", "netty.sources", "netty.patches", "undertow.sources", "undertow.patches",
            "feature.pack", "plugin", "cli.dir");
    private static final String SERVER = "server.";

    private final Properties settings;
    private final Path file;

    private ServerBuild(Properties settings, Path file) {
        this.settings = settings;
        this.file = file;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2 || !List.of("before", "after").contains(args[0])) {
            throw new BuildCheckFailure("ServerBuild: expected the step, before or after, and the settings file, not "
                    + String.join(" ", args));
        }
        Path file = Path.of(args[1]);
        ServerBuild build = new ServerBuild(FilledInSettings.read(file, "./mvnw process-resources"), file);
        build.checkEveryNameKnown();
        if (args[0].equals("before")) {
            build.before();
        } else {
            build.after();
        }
    }

    private void checkEveryNameKnown() {
        List<String> unknown = settings.stringPropertyNames().stream().filter(name -> !NAMES.contains(name) && !name.startsWith(SERVER))
                .sorted().toList();
        if (!unknown.isEmpty()) {
            throw new BuildCheckFailure("ServerBuild: " + file + " has unknown settings " + unknown);
        }
    }

    private void before() throws IOException, InterruptedException {
        ServerKeystore.prepare(path("keystore"), one("keystore.password").toCharArray(), one("keystore.alias"),
                path("keystore.certificate"), Boolean.parseBoolean(one("keystore.generate")));
        SourcePatch.patchInto(path("classes"), path("netty.sources"), path("netty.patches"), one("release"));
        for (Server server : servers()) {
            ServerFingerprint.check(server.dir(), List.of(one("feature.pack"), server.layers(), one("plugin"), one("cli.dir"),
                    one("undertow.patches")));
        }
    }

    private void after() throws IOException {
        for (Server server : servers()) {
            UndertowPatch.patch(server.dir(), path("undertow.sources"), path("undertow.patches"));
            ServerFingerprint.record(server.dir());
        }
    }

    /** A server the build provisions: where, and from which Galleon layers. */
    record Server(Path dir, String layers) {
    }

    /** The servers the file names ({@code server.NAME=dir=layers}), in the order of their names. */
    List<Server> servers() {
        return settings.stringPropertyNames().stream().filter(name -> name.startsWith(SERVER)).sorted().map(name -> {
            String value = settings.getProperty(name);
            int layers = value.lastIndexOf('=');
            if (layers < 1) {
                throw new BuildCheckFailure("ServerBuild: expected " + name + "=dir=layers in " + file + ", not " + value);
            }
            return new Server(Path.of(value.substring(0, layers)), value.substring(layers + 1));
        }).toList();
    }

    private String one(String name) {
        String value = settings.getProperty(name);
        if (value == null) {
            throw new BuildCheckFailure("ServerBuild: " + file + " has no " + name);
        }
        return value;
    }

    private Path path(String name) {
        return Path.of(one(name));
    }
}
