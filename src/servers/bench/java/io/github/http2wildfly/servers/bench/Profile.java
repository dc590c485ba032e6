package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a JVM front's CPU goes: first the kernel's share of its CPU time while h2load runs (the system calls that move
 * its bytes, from /proc/PID/stat), then a JDK Flight Recorder recording of the same run (started and dumped with
 * {@code jcmd}), each sample of Java code running put to the layer of the nearest frame of its stack that belongs to
 * one (TLS, HTTP/2 framing, the proxy, HTTP/1.1 and AJP, XNIO and NIO channels), so that a sample in a HashMap or a
 * ByteBuffer called from the HTTP/2 framing counts as HTTP/2's. JFR's native-method samples are left out: they are
 * threads in native code, which waiting in epoll is too, not CPU. Why JFR: it is in the JDK, and samples a running
 * server at a low cost.
 */
record Profile(Map<String, Double> shareByLayer, long samples, double kernelShare) {

    /** Layers by the start of a frame's class name, first match wins; what matches none is "JDK and other". */
    private static final Map<String, List<String>> LAYERS = new LinkedHashMap<>();

    static {
        LAYERS.put("TLS", List.of("sun.security.ssl.", "com.sun.crypto.", "sun.security.", "javax.crypto.", "org.wildfly.openssl.",
                "io.undertow.protocols.ssl."));
        LAYERS.put("HTTP/2 framing", List.of("io.undertow.protocols.http2.", "io.undertow.server.protocol.framed.",
                "io.undertow.server.protocol.http2.", "io.undertow.client.http2."));
        LAYERS.put("the proxy", List.of("io.undertow.server.handlers.proxy.", "io.undertow.client."));
        LAYERS.put("HTTP/1.1 and AJP", List.of("io.undertow.server.protocol.http.", "io.undertow.server.protocol.ajp.",
                "io.undertow.conduits."));
        LAYERS.put("Undertow's server, handlers and WildFly", List.of("io.undertow.", "org.wildfly.", "org.jboss."));
        LAYERS.put("XNIO and NIO channels", List.of("org.xnio.", "sun.nio.ch."));
    }

    /** Records {@code pid} for as long as {@code load} runs, into {@code file}, and reads the recording. */
    static Profile during(long pid, Path file, Load load) throws Exception {
        Files.deleteIfExists(file);
        jcmd(pid, "JFR.start", "name=balancer-profile", "settings=profile");
        long[] before = userAndKernelTicks(pid);
        try {
            load.run();
        } finally {
            jcmd(pid, "JFR.stop", "name=balancer-profile", "filename=" + file.toAbsolutePath());
        }
        long[] after = userAndKernelTicks(pid);
        long user = after[0] - before[0];
        long kernel = after[1] - before[1];
        Profile samples = read(file);
        return new Profile(samples.shareByLayer(), samples.samples(), user + kernel == 0 ? 0 : (double) kernel / (user + kernel));
    }

    /** The process's user and kernel CPU time so far, in clock ticks: fields 14 and 15 of /proc/PID/stat. */
    static long[] userAndKernelTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" "); // past the command's name, which may hold spaces
        return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    }

    /** What runs while the recording does. */
    interface Load {
        void run() throws Exception;
    }

    static Profile read(Path file) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        long samples = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            String type = event.getEventType().getName();
            if (type.equals("jdk.ExecutionSample") && event.getStackTrace() != null) {
                counts.merge(layerOf(event.getStackTrace().getFrames()), 1L, Long::sum);
                samples++;
            }
        }
        long all = samples;
        Map<String, Double> shares = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(entry -> shares.put(entry.getKey(), all == 0 ? 0 : (double) entry.getValue() / all));
        return new Profile(shares, samples, 0);
    }

    /** The layer of the nearest frame (from the top) that belongs to one. */
    static String layerOf(List<RecordedFrame> frames) {
        for (RecordedFrame frame : frames) {
            String type = frame.getMethod() == null ? "" : frame.getMethod().getType().getName();
            for (Map.Entry<String, List<String>> layer : LAYERS.entrySet()) {
                if (layer.getValue().stream().anyMatch(type::startsWith)) {
                    return layer.getKey();
                }
            }
        }
        return "JDK and other";
    }

    private static void jcmd(long pid, String... command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<String> line = new java.util.ArrayList<>(List.of(jcmd.toString(), String.valueOf(pid)));
        line.addAll(List.of(command));
        Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", line) + " failed:\n" + output);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "the kernel %.0f %% of its CPU time, its Java code the rest: ", kernelShare * 100)
                + shareByLayer.entrySet().stream().map(entry -> String.format(Locale.ROOT, "%s %.0f %%", entry.getKey(), entry.getValue() * 100))
                .collect(Collectors.joining(", ")) + " (" + samples + " samples of Java code running)";
    }
}
