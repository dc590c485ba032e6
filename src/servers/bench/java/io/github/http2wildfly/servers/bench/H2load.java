package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nghttp2's h2load in a closed loop (10,000 logos a run over 4 connections of 20 streams), and what its output says:
 * the rate, or how many answers came and the slowest. Its fixed-rate runs' per-request log is {@link Latency}'s.
 */
final class H2load {

    static final int REQUESTS = 10_000;
    private static final Pattern RATE = Pattern.compile("finished in [\\d.]+\\w+, ([\\d.]+) req/s");
    private static final Pattern DONE = Pattern.compile("requests: \\d+ total, \\d+ started, \\d+ done, \\d+ succeeded.*\\n"
            + "status codes: (\\d+) 2xx");
    private static final Pattern TIMES = Pattern.compile("time for request:\\s+(\\S+)\\s+(\\S+)");

    private H2load() {
    }

    /** Requests per second; a run that failed any request fails with h2load's output. */
    static double rate(URI url) throws IOException, InterruptedException {
        String output = run(url);
        if (!output.contains(REQUESTS + " succeeded, 0 failed")) {
            throw new IllegalStateException("h2load on " + url + " failed requests:\n" + output);
        }
        Matcher rate = RATE.matcher(output);
        if (!rate.find()) {
            throw new IllegalStateException("no rate in h2load's output:\n" + output);
        }
        return Double.parseDouble(rate.group(1));
    }

    /** "9,987 of 10000 2xx, slowest 1.2s": how many answers came whole, and the slowest, failures and all. */
    static String answered(URI url) throws IOException, InterruptedException {
        return said(run(url));
    }

    static String said(String output) {
        Matcher done = DONE.matcher(output);
        Matcher slowest = TIMES.matcher(output);
        return (done.find() ? done.group(1) + " of " + REQUESTS + " 2xx" : "h2load said no total")
                + (slowest.find() ? ", slowest " + slowest.group(2) : "");
    }

    private static String run(URI url) throws IOException, InterruptedException {
        Process h2load = new ProcessBuilder("h2load", "-n", String.valueOf(REQUESTS), "-c", "4", "-m", "20", url.toString())
                .redirectErrorStream(true).start();
        String output = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        h2load.waitFor();
        return output;
    }
}
