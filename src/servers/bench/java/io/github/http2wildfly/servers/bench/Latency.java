package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A front's latency at a fixed request rate (an open loop: h2load's {@code --rps}, so that a slow answer does not slow
 * the requests that follow it, as it would in a closed loop), its median and 99th percentile from h2load's log of
 * every request. Why h2load's own log and our percentiles: h2load prints a mean and a standard deviation, no percentile.
 */
public record Latency(double p50Millis, double p99Millis, long requests) {

    private static final int CLIENTS = 4;

    /** {@code requestsPerSecond} in all, over 4 connections, for {@code seconds}; every request must succeed. */
    static Latency atRate(URI url, int requestsPerSecond, int seconds, Path log) throws IOException, InterruptedException {
        Files.deleteIfExists(log);
        Process h2load = new ProcessBuilder("h2load", "-c", String.valueOf(CLIENTS), "-m", "10", "--rps",
                String.valueOf(Math.max(1, requestsPerSecond / CLIENTS)), "-D", String.valueOf(seconds), "--log-file", log.toString(),
                url.toString()).redirectErrorStream(true).start();
        String output = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        h2load.waitFor();
        if (!output.contains(" 0 failed, 0 errored, 0 timeout")) {
            throw new IllegalStateException("h2load at " + requestsPerSecond + " req/s on " + url + " failed requests:\n" + output);
        }
        return of(Files.readAllLines(log));
    }

    /** From h2load's log: one line a request, tab-separated start (µs), status, duration (µs). */
    public static Latency of(List<String> logLines) {
        double[] millis = logLines.stream().filter(line -> !line.isBlank()).map(line -> line.split("\t"))
                .filter(fields -> fields[1].startsWith("2")).mapToDouble(fields -> Long.parseLong(fields[2]) / 1000.0).sorted().toArray();
        if (millis.length == 0) {
            throw new IllegalStateException("h2load's log holds no answered request");
        }
        return new Latency(percentile(millis, 0.50), percentile(millis, 0.99), millis.length);
    }

    /** The nearest-rank percentile of sorted values. */
    static double percentile(double[] sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "p50 %.2f ms, p99 %.2f ms (%d requests)", p50Millis, p99Millis, requests);
    }
}
