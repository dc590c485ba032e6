package io.github.http2wildfly.servers;

import com.github.difflib.patch.PatchFailedException;
import com.github.difflib.unifieddiff.UnifiedDiff;
import com.github.difflib.unifieddiff.UnifiedDiffFile;
import com.github.difflib.unifieddiff.UnifiedDiffReader;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A library's bug fixed until the library ships the fix: each {@code *.diff} of its folder in src/patches (a
 * unified diff against the library's sources, as one would send it upstream) is applied to its sources jar and the
 * patched classes compiled against the classpath it runs with (exec:java's, which holds the library).
 * {@link UndertowPatch} puts Undertow's into the server; {@link #patchInto} (by {@link ServerBuild}) puts Netty's
 * HTTP/3 ones among the application's classes, which the WAR's class loader (and the tests') takes before the jars. The classes a run put there are listed beside them, and the next run
 * deletes them first: a diff removed takes its classes with it, without a clean. A run with nothing new to apply (the
 * same diffs, sources, classpath and release, every class in place) touches nothing, so nothing after it rebuilds.
 *
 * <p>A diff that no longer applies fails the build with one line: the library fixed or moved the code, and the diff
 * goes.
 *
 * <p>Why code of our own: no Maven plugin patches a dependency's class; the diff is applied by
 * java-diff-utils and compiled by the JDK's own compiler.
 */
public final class SourcePatch {

    private static final String FINGERPRINT = "fingerprint ";
    /** Context lines a stacked hunk may miss (GNU patch's default fuzz): those an earlier diff changed next to it. */
    private static final int STACKED_FUZZ = 2;

    private SourcePatch() {
    }

    /** Compiles the diffs of {@code diffDir}, applied to {@code sourcesJar}, for {@code release} into {@code output}. */
    static void patchInto(Path output, Path sourcesJar, Path diffDir, String release) throws IOException {
        Path written = output.resolveSibling(output.getFileName() + "-" + diffDir.getFileName() + ".patched");
        String classpath = classpath();
        String fingerprint = FINGERPRINT + ServerFingerprint.of(List.of(sourcesJar.toString(), diffDir.toString(), classpath, release));
        if (isCurrent(written, fingerprint, output)) {
            return;
        }
        removeEarlier(written, output);
        List<Path> diffs = diffs(diffDir);
        if (diffs.isEmpty()) {
            return;
        }
        Path work = Files.createTempDirectory("source-patch");
        try {
            List<Path> patched = new ArrayList<>();
            for (Path diff : diffs) {
                patched.addAll(apply(diff, sourcesJar, work.resolve("sources")));
            }
            Path classes = work.resolve("classes");
            compile(patched, classpath, release, classes);
            List<String> names = new ArrayList<>(List.of(fingerprint));
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    String name = classes.relativize(file).toString();
                    Files.createDirectories(output.resolve(name).getParent());
                    Files.copy(file, output.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    names.add(name);
                }
            }
            Files.write(written, names);
        } finally {
            ServerFingerprint.delete(work);
        }
    }

    /** Whether the last run applied the same diffs to the same sources, and its classes are all still there. */
    static boolean isCurrent(Path written, String fingerprint, Path output) throws IOException {
        if (!Files.isRegularFile(written)) {
            return false;
        }
        List<String> lines = Files.readAllLines(written);
        return !lines.isEmpty() && lines.get(0).equals(fingerprint)
                && lines.stream().skip(1).allMatch(name -> Files.isRegularFile(output.resolve(name)));
    }

    /** The classes an earlier run put among the application's: gone before this run writes its own. */
    static void removeEarlier(Path written, Path output) throws IOException {
        if (Files.isRegularFile(written)) {
            for (String name : Files.readAllLines(written)) {
                if (!name.startsWith(FINGERPRINT)) {
                    Files.deleteIfExists(output.resolve(name));
                }
            }
            Files.delete(written);
        }
    }

    static List<Path> diffs(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".diff")).sorted().toList();
        }
    }

    /**
     * Applies one diff to the sources it names; returns the patched files under {@code into}. A file an earlier diff
     * already patched there is patched further: a diff is written against the published sources, so that it also
     * applies alone (its test applies it without the others), or on top of the diffs named before it where it says so,
     * and where two touch one file, the later one's hunks are placed by their context around the earlier one's
     * (java-diff-utils' fuzzy apply; the compile and tests check it).
     */
    static List<Path> apply(Path diff, Path sourcesJar, Path into) throws IOException {
        UnifiedDiff unified;
        try (InputStream in = Files.newInputStream(diff)) {
            unified = UnifiedDiffReader.parseUnifiedDiff(in);
        }
        if (unified.getFiles().isEmpty()) {
            throw new BuildCheckFailure(diff + " holds no unified diff");
        }
        List<Path> patched = new ArrayList<>();
        try (JarFile jar = new JarFile(sourcesJar.toFile())) {
            for (UnifiedDiffFile file : unified.getFiles()) {
                String name = file.getFromFile().replaceFirst("^a/", "");
                JarEntry entry = jar.getJarEntry(name);
                if (entry == null) {
                    throw new BuildCheckFailure(diff.getFileName() + ": " + name + " is not in " + sourcesJar.getFileName());
                }
                Path target = into.resolve(name);
                boolean stacked = Files.exists(target);
                List<String> original;
                try (InputStream in = jar.getInputStream(entry)) {
                    String text = stacked ? Files.readString(target) : new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    original = Arrays.asList(text.split("\n", -1));
                }
                List<String> result;
                try {
                    result = stacked ? file.getPatch().applyFuzzy(original, STACKED_FUZZ) : file.getPatch().applyTo(original);
                } catch (PatchFailedException e) {
                    throw new BuildCheckFailure(diff.getFileName() + " no longer applies to " + name + " of "
                            + sourcesJar.getFileName() + " (" + e.getMessage() + "): renew it, or delete it if Undertow fixed the bug");
                }
                Files.createDirectories(target.getParent());
                Files.writeString(target, String.join("\n", result));
                if (!stacked) {
                    patched.add(target);
                }
            }
        }
        return patched;
    }

    /** The classpath this run was given: exec:java's class loader holds the project's, the JVM's own is Maven's. */
    static String classpath() {
        if (Thread.currentThread().getContextClassLoader() instanceof URLClassLoader loader) {
            return Stream.of(loader.getURLs()).map(url -> {
                try {
                    return Path.of(url.toURI()).toString();
                } catch (URISyntaxException e) {
                    throw new IllegalStateException(url + " on the classpath", e);
                }
            }).collect(Collectors.joining(File.pathSeparator));
        }
        return System.getProperty("java.class.path");
    }

    static void compile(List<Path> sources, String classpath, String release, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new BuildCheckFailure("Patching a library needs a JDK, not a JRE (JAVA_HOME)");
        }
        Files.createDirectories(classes);
        List<String> options = List.of("--release", release, "-nowarn", "-proc:none", "-classpath", classpath, "-d", classes.toString());
        StringWriter errors = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            if (javac.getTask(errors, files, null, options, null, files.getJavaFileObjectsFromPaths(sources)).call() != Boolean.TRUE) {
                throw new BuildCheckFailure("The patched sources do not compile: " + errors.toString().lines().findFirst().orElse(""));
            }
        }
    }
}
