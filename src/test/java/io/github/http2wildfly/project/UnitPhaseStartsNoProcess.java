package io.github.http2wildfly.project;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Holds the unit phase to starting no process (no JVM, browser, server or shell): where Surefire sets
 * {@code unit.phase.processes} (the pom), it looks at the test JVM's descendants every 25 ms while the tests run and
 * writes what it saw, with the tests running at that moment, to that file, which the enforcer's
 * {@code unit-phase-starts-no-process} rule then refuses. Test classes run side by side, so the file names every test
 * running when a process lived; the process's command says whose it was. Processes belong to the ITs. A process that
 * lives less than 25 ms may pass unseen: none of the tools the project starts (a JVM, keytool, Caddy, a shell) does.
 * Registered in META-INF/services; inert in the ITs, where Failsafe does not set the property.
 */
public class UnitPhaseStartsNoProcess implements TestExecutionListener {

    static final String FILE = "unit.phase.processes";
    private static final long EVERY_MS = 25;

    private final Map<Long, String> seen = new ConcurrentHashMap<>();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    private volatile Thread watcher;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        String file = System.getProperty(FILE);
        if (file == null) {
            return;
        }
        delete(Path.of(file));
        watcher = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                ProcessHandle.current().descendants().forEach(process -> seen.computeIfAbsent(process.pid(),
                        pid -> "while running " + String.join(", ", running) + ": " + commandOf(process)));
                try {
                    Thread.sleep(EVERY_MS);
                } catch (InterruptedException stopped) {
                    return;
                }
            }
        }, "unit-phase-process-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.getUniqueId().contains("[class:")) {
            running.add(label(test));
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        running.remove(label(test));
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (watcher == null) {
            return;
        }
        watcher.interrupt();
        if (!seen.isEmpty()) {
            StringBuilder said = new StringBuilder("Processes the unit phase started (they belong to the ITs):\n");
            new TreeMap<>(seen).forEach((pid, what) -> said.append(pid).append("  ").append(what).append('\n'));
            try {
                Files.writeString(Path.of(System.getProperty(FILE)), said);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.err.print(said);
        }
    }

    /** "aTestNamedAsASentence() (io.github.….SomeTest)", or the class itself, whose set-up runs before its tests. */
    private static String label(TestIdentifier test) {
        String testClass = test.getUniqueId().replaceAll(".*\\[class:([^\\]]*)\\].*", "$1");
        return test.isTest() ? test.getDisplayName() + " (" + testClass + ")" : testClass;
    }

    /** Its command line as long as a reader needs to tell whose it is (a JVM's class path runs for pages). */
    private static String commandOf(ProcessHandle process) {
        String command = process.info().commandLine().orElse("?");
        return command.length() <= 200 ? command : command.substring(0, 200) + "…";
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
