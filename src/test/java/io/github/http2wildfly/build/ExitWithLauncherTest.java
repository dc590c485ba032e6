package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExitWithLauncherTest {

    @TempDir
    Path dir;

    @Test
    void theJarIsAnAgentOfThisClassAlone() throws IOException {
        Path jar = dir.resolve("exit-with-launcher.jar");
        ExitWithLauncher.main(new String[] {jar.toString()});
        try (JarFile agent = new JarFile(jar.toFile())) {
            assertEquals(ExitWithLauncher.class.getName(), agent.getManifest().getMainAttributes().getValue("Premain-Class"));
            assertEquals(2, agent.stream().count(), "the manifest and the class");
        }
    }

    /** A JVM started with the agent by this test's JVM keeps running while it runs (its launcher is a JVM). */
    @Test
    void aServerLaunchedByAJvmWatchesIt() throws Exception {
        Path jar = dir.resolve("exit-with-launcher.jar");
        ExitWithLauncher.main(new String[] {jar.toString()});
        assertTrue(ExitWithLauncher.isJava(ProcessHandle.current()));
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + jar, "-cp", System.getProperty("java.class.path"), Sleeper.class.getName()).start();
        try {
            assertFalse(server.waitFor(2, TimeUnit.SECONDS), "it stopped although its launcher runs");
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    /** Its parent is a shell, not a JVM: as when the launcher ended before the agent ran, and init adopted it. */
    @Test
    void aServerWhoseLauncherIsGoneStopsAtOnce() throws Exception {
        Path jar = dir.resolve("exit-with-launcher.jar");
        ExitWithLauncher.main(new String[] {jar.toString()});
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process shell = new ProcessBuilder("sh", "-c", "\"$0\" -javaagent:\"$1\" -cp \"$2\" \"$3\"; echo exit=$?", java, jar.toString(),
                System.getProperty("java.class.path"), Sleeper.class.getName()).redirectErrorStream(true).start();
        try {
            assertTrue(shell.waitFor(30, TimeUnit.SECONDS), "the server kept running");
            String output = new String(shell.getInputStream().readAllBytes());
            assertTrue(output.contains("The server's launcher ended before the server started: stopping")
                    && output.contains("exit=0"), output);
        } finally {
            shell.destroyForcibly();
        }
    }

    /** Stands in for a server: runs until stopped. */
    public static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(60_000);
        }
    }
}
