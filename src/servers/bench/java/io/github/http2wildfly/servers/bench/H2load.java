package io.github.http2wildfly.servers.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nghttp2's h2load, and what its output says ({@link Summary}). The balancers' benchmark runs it in one closed loop
 * (10,000 logos a run over 4 connections of 20 streams: {@link #rate}, {@link #answered}); the servers' benchmark with
 * options of its own ({@link #run}). Its fixed-rate runs' per-request log is {@link Latency}'s.
 */
public final class H2load {

    static final int REQUESTS = 10_000;
    private static final Pattern RATE = Pattern.compile("finished in [\\d.]+\\w+, ([\\d.]+) req/s");
    private static final Pattern REQUESTS_LINE = Pattern.compile(
            "requests: (\\d+) total, \\d+ started, (\\d+) done, (\\d+) succeeded, (\\d+) failed, (\\d+) errored, (\\d+) timeout");
    private static final Pattern DONE = Pattern.compile("requests: \\d+ total, \\d+ started, \\d+ done, \\d+ succeeded.*\\n"
            + "status codes: (\\d+) 2xx");
    /** "traffic: 2.54MB (2663100) total, 1.05MB (1099500) headers (space savings 0.00%), 1.14MB (1200000) data". */
    private static final Pattern TRAFFIC = Pattern.compile(
            "traffic: \\S+ \\((\\d+)\\) total, \\S+ \\((\\d+)\\) headers \\(space savings ([\\d.]+)%\\), \\S+ \\((\\d+)\\) data");
    private static final Pattern TIMES = Pattern.compile("time for request:\\s+(\\S+)\\s+(\\S+)");
    /** What h2load says of the connection it opened: "TLS Protocol: TLSv1.3", "Cipher: ...", "Application protocol: h2". */
    private static final Pattern CONNECTION = Pattern.compile("^(?:TLS Protocol|Cipher|Server Temp Key|Application protocol): (.+)$", Pattern.MULTILINE);

    /**
     * What one run said.
     *
     * @param requests the requests it was to make
     * @param succeeded those answered whole with any status (h2load's "succeeded"); {@link #all2xx} is the test
     * @param status2xx those answered 2xx
     * @param headerBytes the answers' header bytes as received: HPACK-encoded over HTTP/2, as sent over HTTP/1.1
     * @param headerSavingsPercent what HPACK saved of the headers' bytes before encoding (0 over HTTP/1.1)
     */
    public record Summary(long requests, long succeeded, long status2xx, double requestsPerSecond, long totalBytes, long headerBytes,
            double headerSavingsPercent, long dataBytes) {

        /** Whether every request was answered 2xx: no failure, error, timeout or other status. */
        public boolean all2xx() {
            return requests > 0 && succeeded == requests && status2xx == requests;
        }
    }

    private H2load() {
    }

    /** Reads h2load's summary lines; output without them fails with the output. */
    public static Summary parse(String output) {
        Matcher requests = REQUESTS_LINE.matcher(output);
        Matcher done = DONE.matcher(output);
        Matcher rate = RATE.matcher(output);
        Matcher traffic = TRAFFIC.matcher(output);
        if (!requests.find() || !done.find() || !rate.find() || !traffic.find()) {
            throw new IllegalStateException("h2load said no summary:\n" + output);
        }
        return new Summary(Long.parseLong(requests.group(1)), Long.parseLong(requests.group(3)), Long.parseLong(done.group(1)),
                Double.parseDouble(rate.group(1)), Long.parseLong(traffic.group(1)), Long.parseLong(traffic.group(2)),
                Double.parseDouble(traffic.group(3)), Long.parseLong(traffic.group(4)));
    }

    /** "TLSv1.3, TLS_AES_128_GCM_SHA256, X25519 253 bits, h2": the TLS and the protocol h2load negotiated, as it printed them. */
    public static String tls(String output) {
        List<String> said = CONNECTION.matcher(output).results().map(line -> line.group(1).strip()).toList();
        return said.isEmpty() ? "no TLS said" : String.join(", ", said);
    }

    /** h2load with these arguments (its options, then a URI or none with {@code -i}); its whole output. */
    public static String run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("h2load"));
        command.addAll(arguments);
        Process h2load = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        h2load.waitFor();
        return output;
    }

    /** Requests per second; a run that failed any request fails with h2load's output. */
    static double rate(URI url) throws IOException, InterruptedException {
        String output = closedLoop(url);
        Summary summary = parse(output);
        if (!summary.all2xx()) {
            throw new IllegalStateException("h2load on " + url + " failed requests:\n" + output);
        }
        return summary.requestsPerSecond();
    }

    /** "9,987 of 10000 2xx, slowest 1.2s": how many answers came whole, and the slowest, failures and all. */
    static String answered(URI url) throws IOException, InterruptedException {
        return said(closedLoop(url));
    }

    static String said(String output) {
        Matcher done = DONE.matcher(output);
        Matcher slowest = TIMES.matcher(output);
        return (done.find() ? done.group(1) + " of " + REQUESTS + " 2xx" : "h2load said no total")
                + (slowest.find() ? ", slowest " + slowest.group(2) : "");
    }

    private static String closedLoop(URI url) throws IOException, InterruptedException {
        return run(List.of("-n", String.valueOf(REQUESTS), "-c", "4", "-m", "20", url.toString()));
    }
}
