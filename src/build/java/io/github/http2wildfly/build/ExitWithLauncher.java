package io.github.http2wildfly.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Stops a server when the process that launched it (Maven's {@code wildfly:run}, {@code wildfly:start},
 * the ITs' JVM) is gone. Ctrl-C in a terminal reaches both, but an IDE's stop button or a {@code kill} of
 * Maven reaches only Maven, and the forked server would keep the ports.
 *
 * <p>A Java agent ({@code -javaagent}, which the pom gives every server this build starts), so it watches
 * from the server JVM's first moment: a Maven killed while the server boots leaves no server either, which a
 * listener in the WAR, deployed after the boot, could not promise. {@link #main} writes the agent's jar.
 *
 * <p>Arguments: {@code agent-jar}
 */
public final class ExitWithLauncher {

    private ExitWithLauncher() {
    }

    /**
     * In the server's JVM, before WildFly starts. Every launcher of this build is a JVM; a parent that is
     * none (init, a subreaper) means the launcher ended before this JVM got here.
     */
    public static void premain(String arguments) {
        Optional<ProcessHandle> launcher = ProcessHandle.current().parent().filter(ExitWithLauncher::isJava);
        if (launcher.isEmpty()) {
            stop("The server's launcher ended before the server started: stopping");
        }
        launcher.get().onExit().thenRun(() -> stop("The server's launcher, process " + launcher.get().pid()
                + ", has ended: stopping"));
    }

    static boolean isJava(ProcessHandle process) {
        return process.info().command().map(command -> Path.of(command).getFileName().toString())
                .filter(name -> name.equals("java") || name.equals("java.exe")).isPresent();
    }

    private static void stop(String why) {
        System.err.println(why);
        System.exit(0);
    }

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), ExitWithLauncher.class.getName());
        String entry = ExitWithLauncher.class.getName().replace('.', '/') + ".class";
        Files.createDirectories(jar.toAbsolutePath().getParent());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream classFile = ExitWithLauncher.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            classFile.transferTo(out);
            out.closeEntry();
        }
    }
}
