package io.github.http2wildfly.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A library's classes with one carried diff applied, or without it, in a class loader of their own, so that a test
 * runs the same scenario on both in one JVM: red without the diff, green with it, every build.
 *
 * <p>The diff is applied by the build's own {@link SourcePatch} to the sources jar the build copied into
 * {@code target/}, and compiled against the test's classpath. The loader takes the library's package, the
 * scenario's class and the proxy the hop's scenarios share ({@link UndertowProxies}) from its own URLs first (child
 * first), everything else (XNIO, JBoss Logging, Netty's {@link ScriptedNode}) from the test's.
 *
 * <p>So a scenario's outcome crosses to the test as a JDK type or as a public record of its own file (for example
 * {@link GoAwayAnswers}): that class comes from the test's loader on both sides, and the test casts to it. A record
 * nested in the scenario would be loaded again, child first, and be another class to the test; a package-private one
 * is out of the scenario's reach, the two loaders making two runtime packages of the one package name.
 */
final class PatchedLibrary {

    private final Path libraryJar;
    private final Path sourcesJar;
    private final String libraryPackage;

    /**
     * @param anyClass a class of the library, to find its jar on the test's classpath
     * @param libraryPackage the package prefix the loader takes child first (for example {@code io.undertow.})
     */
    PatchedLibrary(Class<?> anyClass, String libraryPackage) {
        this.libraryJar = location(anyClass);
        String jar = libraryJar.getFileName().toString();
        this.sourcesJar = Path.of("target", jar.replaceFirst("\\.jar$", "-sources.jar"));
        this.libraryPackage = libraryPackage;
        if (!Files.isRegularFile(sourcesJar)) {
            throw new IllegalStateException(sourcesJar + " is missing: the build copies it in process-resources");
        }
    }

    /** The library as published, and the scenario, in a loader of their own. */
    ClassLoader without(Class<?> scenario) {
        return loader(scenario, List.of(libraryJar));
    }

    /** The library with the diff applied (and no other), and the scenario, in a loader of their own. */
    ClassLoader with(Path diff, Class<?> scenario, Path work) throws IOException {
        return with(List.of(diff), scenario, work);
    }

    /** The library with these diffs applied in this order, as the build applies them, and the scenario. */
    ClassLoader with(List<Path> diffs, Class<?> scenario, Path work) throws IOException {
        Path sources = work.resolve("sources");
        Path classes = work.resolve("classes");
        List<Path> patched = new ArrayList<>();
        for (Path diff : diffs) {
            patched.addAll(SourcePatch.apply(diff, sourcesJar, sources));
        }
        SourcePatch.compile(patched, libraryJar + java.io.File.pathSeparator + SourcePatch.classpath(), "11", classes);
        return loader(scenario, List.of(classes, libraryJar));
    }

    private ClassLoader loader(Class<?> scenario, List<Path> libraryRoots) {
        List<URL> urls = new ArrayList<>();
        for (Path root : libraryRoots) {
            urls.add(url(root));
        }
        urls.add(url(location(scenario)));
        String scenarioName = scenario.getName();
        return new URLClassLoader(urls.toArray(URL[]::new), PatchedLibrary.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (!name.startsWith(libraryPackage) && !name.equals(scenarioName) && !name.startsWith(scenarioName + "$")
                        && !name.equals(UndertowProxies.class.getName())) {
                    return super.loadClass(name, resolve);
                }
                synchronized (getClassLoadingLock(name)) {
                    Class<?> loaded = findLoadedClass(name);
                    if (loaded == null) {
                        loaded = findClass(name);
                    }
                    if (resolve) {
                        resolveClass(loaded);
                    }
                    return loaded;
                }
            }
        };
    }

    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(type + "'s location", e);
        }
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
