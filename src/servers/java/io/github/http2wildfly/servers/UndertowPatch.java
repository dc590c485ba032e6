package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Carries fixes for Undertow bugs that no configuration reaches into the provisioned server: each
 * {@code src/patches/undertow-core/*.diff} is applied to the sources jar of the server's own Undertow version and
 * compiled against the server's modules ({@link SourcePatch}), and the classes go into {@value #PATCH_JAR},
 * the first resource root of the
 * {@code io.undertow.core} module, so that JBoss Modules loads them before Undertow's own.
 *
 * <p>Run by {@link ServerBuild} on each server just provisioned (the cluster's too). Nothing is done without a server (your page's
 * comparison provisions none) or when the server already carries the jar (a current server is left alone;
 * ServerFingerprint provisions it again when a diff changes, as the diffs are among what it compares).
 * A diff that no longer applies, or a server whose Undertow is not the sources' version, fails the build with
 * one line: when WildFly moves to an Undertow that fixes the bug, the diff is deleted.
 *
 * <p>Why code of our own: no Maven plugin patches a class inside a provisioned server's module.
 */
public final class UndertowPatch {

    static final String PATCH_JAR = "undertow-core-patch.jar";
    static final String MODULE = "modules/system/layers/base/io/undertow/core/main";

    private UndertowPatch() {
    }

    static void patch(Path server, Path sourcesJar, Path diffDir) throws IOException {
        Path module = server.resolve(MODULE);
        if (!Files.isDirectory(module) || Files.exists(module.resolve(PATCH_JAR))) {
            return;
        }
        List<Path> diffs = SourcePatch.diffs(diffDir);
        if (diffs.isEmpty()) {
            return;
        }
        Path work = Files.createTempDirectory("undertow-patch");
        try {
            Path sources = work.resolve("sources");
            Path classes = work.resolve("classes");
            checkVersion(module, sourcesJar);
            List<Path> patched = new ArrayList<>();
            for (Path diff : diffs) {
                patched.addAll(SourcePatch.apply(diff, sourcesJar, sources));
            }
            SourcePatch.compile(patched, classpath(server, module), "11", classes); // Undertow 2.3 runs on Java 11
            prependResourceRoot(module.resolve("module.xml"));
            addDependency(module.resolve("module.xml"), "java.management"); // the heap guard reads the heap's pools
            writeJar(classes, module.resolve(PATCH_JAR)); // last: its presence means the server is patched
            System.out.println("Undertow in " + server + " patched: "
                    + diffs.stream().map(d -> d.getFileName().toString()).collect(Collectors.joining(", ")));
        } finally {
            ServerFingerprint.delete(work);
        }
    }

    /** Whether a provisioned server's Undertow carries the diffs (a build under -Pstock, or with no diff, has none). */
    public static boolean patched(Path server) {
        return Files.exists(server.resolve(MODULE).resolve(PATCH_JAR));
    }

    /**
     * The same server without the diffs: a copy of it (hard links, but for the module's descriptor) whose
     * {@code io.undertow.core} module leaves the patch's jar out, for a benchmark that sets stock Undertow beside the
     * patched one (the attack suite). The copy is made again each time.
     */
    public static Path stock(Path server, Path copy) throws IOException {
        if (Files.exists(copy)) {
            ServerFingerprint.delete(copy);
        }
        try (Stream<Path> files = Files.walk(server)) {
            for (Path file : files.toList()) {
                Path target = copy.resolve(server.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else if (!file.getFileName().toString().equals(PATCH_JAR) && !file.equals(server.resolve(MODULE).resolve("module.xml"))) {
                    Files.createLink(target, file);
                }
            }
        }
        String root = "<resource-root path=\"" + PATCH_JAR + "\"/>";
        String xml = Files.readString(server.resolve(MODULE).resolve("module.xml"));
        Files.writeString(copy.resolve(MODULE).resolve("module.xml"), xml.replaceAll("\\s*" + java.util.regex.Pattern.quote(root), ""));
        return copy;
    }

    /** The sources must be those of the Undertow the server runs: the diffs were written against them. */
    static void checkVersion(Path module, Path sourcesJar) throws IOException {
        String sourcesVersion = version(sourcesJar.getFileName().toString(), "-sources.jar");
        try (Stream<Path> jars = Files.list(module)) {
            String serverVersion = jars.map(j -> j.getFileName().toString())
                    .filter(n -> n.startsWith("undertow-core-") && n.endsWith(".jar"))
                    .map(n -> version(n, ".jar")).findFirst().orElse("none");
            if (!serverVersion.equals(sourcesVersion)) {
                throw new BuildCheckFailure("The server runs Undertow " + serverVersion + ", the patches in src/patches/undertow-core are"
                        + " for " + sourcesVersion + ": set version.undertow to " + serverVersion
                        + " and check that each patch still applies, or delete the ones that version fixes");
            }
        }
    }

    private static String version(String jarName, String suffix) {
        return jarName.substring("undertow-core-".length(), jarName.length() - suffix.length());
    }

    /** Undertow's module first, then every other module's jars: javac takes what the sources refer to. */
    static String classpath(Path server, Path module) throws IOException {
        try (Stream<Path> own = Files.list(module); Stream<Path> all = Files.walk(server.resolve("modules"))) {
            return Stream.concat(own, all)
                    .filter(p -> p.toString().endsWith(".jar") && !p.getFileName().toString().equals(PATCH_JAR))
                    .map(Path::toString).distinct().collect(Collectors.joining(java.io.File.pathSeparator));
        }
    }

    static void writeJar(Path classes, Path jar) throws IOException {
        Path partial = jar.resolveSibling(jar.getFileName() + ".partial");
        try (OutputStream out = Files.newOutputStream(partial); JarOutputStream zip = new JarOutputStream(out);
             Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(file));
                zip.closeEntry();
            }
        }
        Files.move(partial, jar); // whole or not at all
    }

    /** A module the patched classes use that Undertow's own do not, among the module's dependencies. */
    static void addDependency(Path moduleXml, String name) throws IOException {
        String xml = Files.readString(moduleXml);
        String dependency = "<module name=\"" + name + "\"/>";
        if (xml.contains(dependency)) {
            return;
        }
        int first = xml.indexOf("<dependencies>");
        if (first < 0) {
            throw new BuildCheckFailure(moduleXml + " has no dependencies to add " + name + " to");
        }
        int at = first + "<dependencies>".length();
        Files.writeString(moduleXml, xml.substring(0, at) + "\n        " + dependency + xml.substring(at));
    }

    /** JBoss Modules looks a class up in the resource roots in their order: the patch's comes first. */
    static void prependResourceRoot(Path moduleXml) throws IOException {
        String xml = Files.readString(moduleXml);
        String root = "<resource-root path=\"" + PATCH_JAR + "\"/>";
        if (xml.contains(root)) {
            return;
        }
        int first = xml.indexOf("<resource-root ");
        if (first < 0) {
            throw new BuildCheckFailure(moduleXml + " has no resource root to put the patch before");
        }
        int indent = first - xml.lastIndexOf('\n', first) - 1;
        Files.writeString(moduleXml, xml.substring(0, first) + root + "\n" + " ".repeat(indent) + xml.substring(first));
    }
}
