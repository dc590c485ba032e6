package io.github.http2wildfly.servers.bench.origin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a WildFly's CPU goes under one load: the CPU of each group of its threads (XNIO's I/O threads, which run TLS,
 * HTTP/2's framing and HPACK; the task threads, which run the servlets; the collector; the JIT), user and kernel apart,
 * from /proc/PID/task/TID/stat before and after the load; and what the Java code on the busiest groups was doing, by
 * layer, from Flight Recorder's execution samples taken meanwhile ({@code jcmd PID JFR.start}, the JDK's own profiler:
 * no agent to fetch, and it samples Java frames only, so the kernel's share is the stat's).
 *
 * @param requests the requests of the profiled load
 * @param threadMillis by thread group: user and kernel CPU, ms
 * @param samples by thread group, then by layer: Flight Recorder's execution samples
 */
record CpuProfile(String server, String load, int requests, Map<String, double[]> threadMillis, Map<String, Map<String, Long>> samples) {

    /** Thread groups, by the name Linux gives a thread (at most 15 characters of Java's name). */
    private static final Map<String, Pattern> GROUPS = groups(
            "I/O threads (TLS, HTTP/2 framing, HPACK, sockets)", "default I/O-\\d+",
            "task threads (servlets, the application, answers' writes)", "default task-\\d+",
            "garbage collection", "GC Thread#\\d+|G1 .*|VM Thread",
            "JIT compilers", "C[12] CompilerThre");
    private static final String OTHER = "other threads";

    /** Layers, by the package of the first frame from the top of a stack that is not plain JDK (TLS and sockets are). */
    private static final Map<String, List<String>> LAYERS = layers();

    private static Map<String, Pattern> groups(String... nameAndPattern) {
        Map<String, Pattern> groups = new LinkedHashMap<>();
        for (int i = 0; i < nameAndPattern.length; i += 2) {
            groups.put(nameAndPattern[i], Pattern.compile(nameAndPattern[i + 1]));
        }
        return groups;
    }

    private static Map<String, List<String>> layers() {
        Map<String, List<String>> layers = new LinkedHashMap<>();
        layers.put("TLS (JSSE's records, AES-GCM; Undertow's SSL conduit)", List.of("sun.security.", "com.sun.crypto.", "javax.crypto.",
                "javax.net.ssl.", "io.undertow.protocols.ssl.", "org.wildfly.openssl."));
        layers.put("HPACK", List.of("io.undertow.protocols.http2.Hpack"));
        layers.put("HTTP/2 framing, streams and flow control", List.of("io.undertow.protocols.http2.", "io.undertow.server.protocol.http2."));
        layers.put("sockets (XNIO, NIO)", List.of("org.xnio.", "sun.nio.ch.", "java.nio.channels."));
        layers.put("the application's filters and servlets", List.of("io.github.http2wildfly."));
        layers.put("servlet container", List.of("io.undertow.servlet.", "jakarta.servlet.", "org.wildfly.extension.undertow."));
        layers.put("Undertow's core (exchange, headers, buffers, HTTP/1.1)", List.of("io.undertow."));
        layers.put("WildFly and JBoss (security, logging, threads)", List.of("org.wildfly.", "org.jboss."));
        return layers;
    }

    /** A thread's group by its name. */
    static String group(String threadName) {
        return GROUPS.entrySet().stream().filter(group -> group.getValue().matcher(threadName).matches()).map(Map.Entry::getKey)
                .findFirst().orElse(OTHER);
    }

    /** A stack's layer, its frames given from the top: the first that is a layer's, plain JDK frames passed over. */
    static String layer(List<String> classesFromTheTop) {
        for (String type : classesFromTheTop) {
            for (Map.Entry<String, List<String>> layer : LAYERS.entrySet()) {
                if (layer.getValue().stream().anyMatch(type::startsWith)) {
                    return layer.getKey();
                }
            }
        }
        return "the JDK alone (collections, strings, reflection)";
    }

    /** A load on {@code server} profiled: thread CPU before and after, Flight Recorder on meanwhile. */
    static CpuProfile of(String server, ProcessHandle process, String load, int requests, Path out, Measured run)
            throws IOException, InterruptedException {
        Path jcmd = Path.of(process.info().command().orElseThrow(() -> new IllegalStateException(server + ": no command line to find jcmd by")))
                .resolveSibling("jcmd");
        Path recording = out.resolve("profile-" + process.pid() + ".jfr");
        Files.deleteIfExists(recording);
        // the profile settings with a Java sample every millisecond (method-profiling=max; the default takes one every 10 to 20)
        jcmd(jcmd, process, "JFR.start", "name=h2demo-profile", "settings=profile", "method-profiling=max");
        Map<String, double[]> before = threadMillis(process);
        run.run();
        Map<String, double[]> after = threadMillis(process);
        jcmd(jcmd, process, "JFR.dump", "name=h2demo-profile", "filename=" + recording);
        jcmd(jcmd, process, "JFR.stop", "name=h2demo-profile");
        Map<String, double[]> spent = new LinkedHashMap<>();
        after.forEach((group, millis) -> {
            double[] was = before.getOrDefault(group, new double[2]);
            spent.put(group, new double[] {millis[0] - was[0], millis[1] - was[1]});
        });
        return new CpuProfile(server, load, requests, spent, samples(recording));
    }

    /** The profiled load. */
    interface Measured {
        void run() throws IOException, InterruptedException;
    }

    /** By thread group, user and kernel CPU so far, ms (clock ticks of 10 ms: /proc's USER_HZ is 100 on Linux). */
    private static Map<String, double[]> threadMillis(ProcessHandle process) throws IOException {
        Map<String, double[]> millis = new LinkedHashMap<>();
        GROUPS.keySet().forEach(group -> millis.put(group, new double[2]));
        millis.put(OTHER, new double[2]);
        try (Stream<Path> tasks = Files.list(Path.of("/proc", String.valueOf(process.pid()), "task"))) {
            tasks.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    double[] group = millis.get(group(name));
                    group[0] += Long.parseLong(fields[11]) * 10.0; // utime, field 14 of stat
                    group[1] += Long.parseLong(fields[12]) * 10.0; // stime, field 15
                } catch (IOException | UncheckedIOException gone) {
                    // a thread that ended between the listing and the read: its time is in no group now, nor was it before
                }
            });
        }
        return millis;
    }

    private static Map<String, Map<String, Long>> samples(Path recording) throws IOException {
        Map<String, Map<String, Long>> samples = new LinkedHashMap<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStackTrace() == null) {
                continue;
            }
            String thread = event.getThread("sampledThread") == null ? "" : event.getThread("sampledThread").getJavaName();
            List<String> classes = event.getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                    .map(method -> method.getType().getName()).toList();
            samples.computeIfAbsent(group(thread.length() > 15 ? thread.substring(0, 15) : thread), any -> new LinkedHashMap<>())
                    .merge(layer(classes), 1L, Long::sum);
        }
        return samples;
    }

    private static void jcmd(Path jcmd, ProcessHandle process, String... command) throws IOException, InterruptedException {
        List<String> line = Stream.concat(Stream.of(jcmd.toString(), String.valueOf(process.pid())), Stream.of(command)).toList();
        Process started = new ProcessBuilder(line).redirectErrorStream(true).start();
        String said = new String(started.getInputStream().readAllBytes());
        if (!started.waitFor(60, TimeUnit.SECONDS) || started.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", line) + " failed: " + said.strip());
        }
    }

    /** The record's section: CPU per 1,000 requests by thread group, then the busiest groups' samples by layer. */
    String markdown() {
        double all = threadMillis.values().stream().mapToDouble(millis -> millis[0] + millis[1]).sum();
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "### %s, %s: %,d requests, %.1f ms of CPU per 1,000%n%n"
                + "| thread group | CPU per 1,000 requests, ms | of it in the kernel | share |%n|---|---|---|---|%n", server, load, requests,
                all * 1000 / requests));
        threadMillis.forEach((group, millis) -> {
            double spent = millis[0] + millis[1];
            if (spent > 0) {
                md.append(String.format(Locale.ROOT, "| %s | %.1f | %.0f %% | %.0f %% |%n", group, spent * 1000 / requests,
                        100 * millis[1] / spent, 100 * spent / all));
            }
        });
        samples.forEach((group, byLayer) -> {
            long total = byLayer.values().stream().mapToLong(Long::longValue).sum();
            if (total < 100) {
                return; // too few to split
            }
            md.append(String.format(Locale.ROOT, "%nThe %s' Java code, by layer (%,d execution samples):%n%n| layer | share of the samples |%n|---|---|%n",
                    group.replaceFirst(" \\(.*", ""), total));
            byLayer.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(layer -> md.append(String.format(Locale.ROOT, "| %s | %.0f %% |%n", layer.getKey(), 100.0 * layer.getValue() / total)));
        });
        return md.toString();
    }
}
