package io.github.http2wildfly.comparison.emulation.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Linux network namespace, and the one thread of this JVM that lives in it. A network namespace belongs to
 * a thread, not to a process: the thread that called unshare(2) is in the new one, and so is every thread and
 * process it starts (a socket opened there, a browser started there, a server). Nothing is named or mounted,
 * so the kernel frees the namespace, with its devices and routes, as soon as no thread, process or file
 * holds it: the run cannot leave one behind, even when it is killed.
 */
public final class NetworkNamespace implements AutoCloseable {

    private final String name;
    private final ExecutorService executor;
    private final Thread thread;

    private NetworkNamespace(String name, boolean fresh) {
        this.name = name;
        AtomicReference<Thread> started = new AtomicReference<>();
        this.executor = Executors.newSingleThreadExecutor(task -> {
            Thread one = new Thread(task, "lab-" + name);
            one.setDaemon(true);
            started.set(one);
            return one;
        });
        if (fresh) {
            call(() -> {
                if (Libc.C.unshare(Libc.CLONE_NEWNET) != 0) {
                    throw new IllegalStateException(Libc.failed("unshare(CLONE_NEWNET)"));
                }
                return null;
            });
            run("ip", "link", "set", "lo", "up");
        } else {
            call(() -> null);
        }
        this.thread = started.get();
    }

    /** A new namespace, with nothing in it but its loopback, up. */
    static NetworkNamespace create(String name) {
        return new NetworkNamespace(name, true);
    }

    /** The namespace this JVM started in (the machine's own), for what only it may change. */
    static NetworkNamespace host() {
        return new NetworkNamespace("host", false);
    }

    /** Runs {@code task} inside: its sockets, threads and processes are the namespace's. */
    public <T> T call(Callable<T> task) {
        if (Thread.currentThread() == thread) {
            try {
                return task.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        Future<T> result = executor.submit(task);
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted in namespace " + name, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A command inside, to its end: what it printed; anything but exit 0 fails with it. */
    String run(String... command) {
        return call(() -> {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " (in the lab's " + name + " namespace): " + output);
            }
            return output;
        });
    }

    /** A process inside, started; it and everything it starts live in this namespace. */
    Process start(ProcessBuilder builder) {
        return call(builder::start);
    }

    /** Reads a sysctl as this namespace sees it, for example {@code net/ipv4/tcp_congestion_control}. */
    String sysctl(String key) {
        return call(() -> Files.readString(Path.of("/proc/sys", key)).strip());
    }

    /** Writes a sysctl of this namespace (or, for the host, of the machine). */
    void sysctl(String key, String value) {
        call(() -> {
            try {
                Files.writeString(Path.of("/proc/sys", key), value, StandardCharsets.US_ASCII);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot set " + key.replace('/', '.') + "=" + value + " in the lab's " + name
                        + " namespace: " + e.getMessage(), e);
            }
            return null;
        });
    }

    String name() {
        return name;
    }

    /** Its thread ends (waited for); the namespace ends with the last process and file that still hold it. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "the lab's " + name + " namespace";
    }
}
