package io.github.http2wildfly.bench;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.ClusterSettings;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.Network;
import io.github.http2wildfly.shared.ClusterManagement;
import io.github.http2wildfly.shared.HeadlessChromium;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the balancer's hop costs: for each hop, the same cluster's node 1 on its own door 2 (no balancer) against the
 * balancer's door 2 in front of both nodes, for the 500 logos and 100 tiles of 20 KB, at RTT 0 and 50 ms (the delay
 * proxy in front of either), each a fresh Chromium context, the two targets interleaved: page time, the servers'
 * CPU per page, and the connections the balancer keeps to each node; then h2load on both targets. A benchmark, not a
 * test: it measures and writes {@code hop-costs.md}, and asserts only that every page loaded whole.
 *
 * <p>{@code ./mvnw -Pcluster package exec:java@hop-costs [-Dcluster.bench.loads=5]}; arguments: the cluster's
 * settings, the output folder, loads per cell.
 */
public final class HopCostBenchmark {

    private static final List<Page> PAGES = List.of(new Page("500 logos", "/http2/logos", 500),
            new Page("100 x 20 KB", "/http2/logos?size=20k&count=100", 100));
    private static final List<Duration> ROUND_TRIPS = List.of(Duration.ZERO, Duration.ofMillis(50));
    private static final String DIRECT_NODE = "node1";
    private static final Pattern H2LOAD_RATE = Pattern.compile("finished in [\\d.]+\\w+, ([\\d.]+) req/s");
    private static final int H2LOAD_REQUESTS = 20_000;

    private record Page(String label, String path, int images) {
    }

    private HopCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings settings = ClusterSettings.read(Path.of(args[0]));
        Path out = Files.createDirectories(Path.of(args[1]));
        int loads = Integer.parseInt(args[2]);
        StringBuilder pages = new StringBuilder();
        StringBuilder throughput = new StringBuilder();
        for (Hop hop : Hop.values()) {
            try (Cluster cluster = Cluster.start(settings.withHop(hop), settings.portOffset(), out.resolve("cluster"), Duration.ofMinutes(3),
                    List.of()); HeadlessChromium chromium = new HeadlessChromium()) {
                System.out.println("== hop " + hop.token());
                measurePages(cluster, chromium, hop, loads, pages);
                throughput.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f |%n", hop.token(),
                        h2load(cluster.node(DIRECT_NODE, "/http2/logo.png")), h2load(cluster.balancer("/http2/logo.png"))));
            }
        }
        String report = header(settings, loads) + "\n## Page loads (Chromium, medians)\n\n"
                + "| page | RTT | hop | node 1 alone, ms | through the balancer, ms | balancer / alone | CPU per page alone, ms"
                + " | CPU per page: balancer + nodes, ms | balancer's connections to node 1 / node 2 |\n"
                + "|---|---|---|---|---|---|---|---|---|\n" + pages
                + "\n## h2load (" + H2LOAD_REQUESTS + " logos, 4 connections x 20 streams), requests per second\n\n"
                + "| hop | node 1 alone | through the balancer |\n|---|---|---|\n" + throughput;
        Files.writeString(out.resolve("hop-costs.md"), report);
        System.out.println(report);
    }

    private static void measurePages(Cluster cluster, HeadlessChromium chromium, Hop hop, int loads, StringBuilder table)
            throws Exception {
        DelayProxy slowBalancer = cluster.openSlowDoor(Network.latency(ROUND_TRIPS.get(1)));
        URI node = cluster.node(DIRECT_NODE, "");
        try (DelayProxy slowNode = DelayProxy.withRoundTrip(new InetSocketAddress(InetAddress.getLoopbackAddress(), node.getPort()),
                ROUND_TRIPS.get(1))) {
            for (Page page : PAGES) {
                load(chromium, cluster.balancer(page.path()), page); // warm-up of both, not counted
                load(chromium, cluster.node(DIRECT_NODE, page.path()), page);
                for (Duration rtt : ROUND_TRIPS) {
                    boolean far = !rtt.isZero();
                    URI alone = far ? URI.create("https://localhost:" + slowNode.port() + page.path()) : cluster.node(DIRECT_NODE, page.path());
                    URI balanced = far ? cluster.slowBalancer(page.path()) : cluster.balancer(page.path());
                    List<Long> aloneMillis = new ArrayList<>();
                    List<Long> balancedMillis = new ArrayList<>();
                    double aloneCpu = 0;
                    double balancedCpu = 0;
                    for (int i = 0; i < loads; i++) {
                        double before = cpuMillis(cluster);
                        aloneMillis.add(load(chromium, alone, page));
                        double between = cpuMillis(cluster);
                        balancedMillis.add(load(chromium, balanced, page));
                        aloneCpu += between - before;
                        balancedCpu += cpuMillis(cluster) - between;
                    }
                    long a = median(aloneMillis);
                    long b = median(balancedMillis);
                    String row = String.format(Locale.ROOT, "| %s | %d ms | %s | %d | %d | %.2f | %.0f | %.0f | %s |%n", page.label(),
                            rtt.toMillis(), hop.token(), a, b, (double) b / a, aloneCpu / loads, balancedCpu / loads, connections(cluster));
                    System.out.print(row);
                    table.append(row);
                }
            }
        } finally {
            slowBalancer.close();
        }
    }

    /** One cold load in a fresh context: the page's own time to its load event. */
    private static long load(HeadlessChromium chromium, URI url, Page page) {
        try (HeadlessChromium.FreshContext context = chromium.freshContext()) {
            Map<String, String> report = chromium.loadWall(url.toString());
            if (Integer.parseInt(report.get("images")) != page.images()) {
                throw new IllegalStateException(url + " loaded " + report.get("images") + " of " + page.images() + " images: " + report);
            }
            return Long.parseLong(report.get("loadMillis"));
        }
    }

    /** CPU time of the three servers so far (the balancer's is 0 while node 1 alone serves). */
    private static double cpuMillis(Cluster cluster) {
        double millis = 0;
        for (String server : List.of(Cluster.BALANCER, Cluster.NODES.get(0), Cluster.NODES.get(1))) {
            millis += cluster.process(server).info().totalCpuDuration().orElse(Duration.ZERO).toNanos() / 1e6;
        }
        return millis;
    }

    /** The balancer's own count of its open connections to each node (its management model). */
    private static String connections(Cluster cluster) throws IOException {
        List<String> counts = new ArrayList<>();
        for (String node : Cluster.NODES) {
            counts.add(ClusterManagement.balancerNode(cluster, node).get("open-connections").asString());
        }
        return String.join(" / ", counts);
    }

    private static double h2load(URI url) throws IOException, InterruptedException {
        Process h2load = new ProcessBuilder("h2load", "-n", String.valueOf(H2LOAD_REQUESTS), "-c", "4", "-m", "20", url.toString())
                .redirectErrorStream(true).start();
        String output = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        h2load.waitFor();
        if (!output.contains(H2LOAD_REQUESTS + " succeeded, 0 failed")) {
            throw new IllegalStateException("h2load on " + url + " failed requests:\n" + output);
        }
        Matcher rate = H2LOAD_RATE.matcher(output);
        if (!rate.find()) {
            throw new IllegalStateException("no rate in h2load's output:\n" + output);
        }
        return Double.parseDouble(rate.group(1));
    }

    private static long median(List<Long> values) {
        List<Long> sorted = values.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    private static String header(ClusterSettings settings, int loads) throws IOException {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown CPU");
        return "# What the balancer's hop costs\n\n"
                + "Measured " + ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE) + " on " + Runtime.getRuntime().availableProcessors()
                + " cores (" + cpu + "), " + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", Java "
                + System.getProperty("java.version") + ", by `./mvnw -Pcluster package exec:java@hop-costs -Dcluster.bench.loads=" + loads
                + "` (HopCostBenchmark): the balancer and two nodes on this one machine, node 1's own door 2 as the server without"
                + " a balancer, " + loads + " interleaved cold loads per cell in fresh Chromium contexts, RTT 50 ms by the delay proxy"
                + " in front of either. CPU: the three servers' processes, per page.\n";
    }
}
