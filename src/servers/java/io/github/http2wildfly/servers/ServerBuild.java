package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Arguments: the step, then {@code name=value} settings (the pom's properties; {@code server} once per server,
 * {@code dir=layers} before, {@code dir} after). A missing or unknown one fails the build with one line.
 */
public final class ServerBuild {

    private final Map<String, List<String>> settings;
    private final Set<String> read = new HashSet<>();

    private ServerBuild(Map<String, List<String>> settings) {
        this.settings = settings;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        String step = args.length == 0 ? "" : args[0];
        ServerBuild build = new ServerBuild(settings(List.of(args).subList(Math.min(1, args.length), args.length)));
        switch (step) {
            case "before" -> build.before();
            case "after" -> build.after();
            default -> throw new BuildCheckFailure("ServerBuild: expected the step, before or after, then name=value"
                    + " settings, not " + String.join(" ", args));
        }
        build.checkEveryoneRead(step);
    }

    /** A setting the step did not read is a typo in the pom, or one given to the wrong step. */
    private void checkEveryoneRead(String step) {
        List<String> unread = settings.keySet().stream().filter(name -> !read.contains(name)).toList();
        if (!unread.isEmpty()) {
            throw new BuildCheckFailure("ServerBuild " + step + ": unknown settings " + unread);
        }
    }

    static Map<String, List<String>> settings(List<String> arguments) {
        Map<String, List<String>> settings = new LinkedHashMap<>();
        for (String argument : arguments) {
            int equals = argument.indexOf('=');
            if (equals < 1) {
                throw new BuildCheckFailure("ServerBuild: expected name=value, not " + argument);
            }
            settings.computeIfAbsent(argument.substring(0, equals), name -> new ArrayList<>()).add(argument.substring(equals + 1));
        }
        return settings;
    }

    private void before() throws IOException, InterruptedException {
        ServerKeystore.prepare(path("keystore"), one("keystore.password").toCharArray(), one("keystore.alias"),
                path("keystore.certificate"), Boolean.parseBoolean(one("keystore.generate")));
        SourcePatch.patchInto(path("classes"), path("netty.sources"), path("netty.patches"), one("release"));
        for (String server : all("server")) {
            int layers = server.lastIndexOf('=');
            if (layers < 1) {
                throw new BuildCheckFailure("ServerBuild: expected server=dir=layers, not server=" + server);
            }
            ServerFingerprint.check(Path.of(server.substring(0, layers)), List.of(one("feature.pack"),
                    server.substring(layers + 1), one("plugin"), one("cli.dir"), one("undertow.patches")));
        }
    }

    private void after() throws IOException {
        for (String server : all("server")) {
            UndertowPatch.patch(Path.of(server), path("undertow.sources"), path("undertow.patches"));
            ServerFingerprint.record(Path.of(server));
        }
    }

    private List<String> all(String name) {
        read.add(name);
        List<String> values = settings.get(name);
        if (values == null) {
            throw new BuildCheckFailure("ServerBuild: no " + name + "=… among its settings");
        }
        return values;
    }

    private String one(String name) {
        List<String> values = all(name);
        if (values.size() != 1) {
            throw new BuildCheckFailure("ServerBuild: " + name + " given " + values.size() + " times");
        }
        return values.get(0);
    }

    private Path path(String name) {
        return Path.of(one(name));
    }
}
