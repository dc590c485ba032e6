package io.github.http2wildfly.comparison.measurement;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A JVM of its own for a part of the run (the lab, Gatling): this JVM's java with this code's class path. */
final class ChildJvm {

    private ChildJvm() {
    }

    /** The java and class path options that start {@code main} as this code runs, before its own options. */
    static List<String> command(List<String> jvmOptions, String mainClass) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath(), mainClass));
        return command;
    }

    /** This code's class path: the class loader's (Maven's exec:java), or the JVM's own. */
    private static String classpath() {
        if (ChildJvm.class.getClassLoader() instanceof URLClassLoader loader && loader.getURLs().length > 0) {
            List<String> entries = new ArrayList<>();
            for (URL url : loader.getURLs()) {
                try {
                    entries.add(Path.of(url.toURI()).toString());
                } catch (URISyntaxException e) {
                    throw new IllegalStateException("A class path entry that is not a file: " + url, e);
                }
            }
            return String.join(File.pathSeparator, entries);
        }
        return System.getProperty("java.class.path");
    }
}
