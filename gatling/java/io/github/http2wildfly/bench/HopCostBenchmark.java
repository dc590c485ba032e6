package io.github.http2wildfly.bench;

import io.github.http2wildfly.build.cluster.Cluster;
import io.github.http2wildfly.build.cluster.ClusterSettings;
import io.github.http2wildfly.build.cluster.Hop;
import io.github.http2wildfly.comparison.statistics.RatioInterval;
import io.github.http2wildfly.comparison.statistics.StoppingRule;
import io.github.http2wildfly.comparison.statistics.Verdict;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the balancer's hop costs: for each hop, the same cluster's node 1 on its own door 2 (no balancer) against the
 * balancer's door 2 in front of both nodes, for the 500 logos and 100 tiles of 20 KB, at RTT 0 and 50 ms (the delay
 * proxy in front of either), each load a fresh Chromium context, the two side by side round after round (which first
 * drawn each round) until the comparison's rule decides (StoppingRule: faster, level or undecided, with its loads);
 * then the figure a shared machine does not distort, the CPU time of the balancer's process per 1,000 requests under
 * h2load, over several rounds, with its interval. Hops are set against each other only where their intervals are
 * apart; elsewhere the record says no difference was found. A benchmark, not a test: it writes {@code hop-costs.md},
 * and asserts only that every page loaded whole and every request succeeded.
 *
 * <p>{@code ./mvnw -Pcluster,gatling package exec:java@hop-costs}; arguments: the cluster's settings, the output
 * folder, the fewest and the most loads per pair, the h2load rounds.
 */
public final class HopCostBenchmark {

    private static final List<Page> PAGES = List.of(new Page("500 logos", "/http2/logos", 500),
            new Page("100 x 20 KB", "/http2/logos?size=20k&count=100", 100));
    private static final List<Duration> ROUND_TRIPS = List.of(Duration.ZERO, Duration.ofMillis(50));
    private static final String DIRECT_NODE = "node1";
    private static final Pattern H2LOAD_RATE = Pattern.compile("finished in [\\d.]+\\w+, ([\\d.]+) req/s");
    private static final int H2LOAD_REQUESTS = 10_000;
    private static final double BAND = 0.05;

    private record Page(String label, String path, int images) {
    }

    /** One pair's verdict, with the servers' CPU per page over its loads. */
    private record Pages(Page page, Duration rtt, Hop hop, Verdict verdict, double aloneCpu, double balancedCpu, String connections) {
    }

    /** The balancer's CPU per 1,000 requests and the rate, one per h2load round. */
    private record Throughput(Hop hop, RatioInterval cpuPerThousand, RatioInterval requestsPerSecond, String connections) {
    }

    private HopCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        ClusterSettings settings = ClusterSettings.read(Path.of(args[0]));
        Path out = Files.createDirectories(Path.of(args[1]));
        StoppingRule rule = new StoppingRule(Integer.parseInt(args[2]), Integer.parseInt(args[3]), BAND);
        int h2loadRounds = Integer.parseInt(args[4]);
        List<Pages> pages = new ArrayList<>();
        List<Throughput> throughput = new ArrayList<>();
        for (Hop hop : Hop.values()) {
            try (Cluster cluster = Cluster.start(settings.withHop(hop), settings.portOffset(), out.resolve("cluster"), Duration.ofMinutes(3),
                    List.of()); HeadlessChromium chromium = new HeadlessChromium()) {
                System.out.println("== hop " + hop.token());
                measurePages(cluster, chromium, hop, rule, pages);
                throughput.add(throughput(cluster, hop, h2loadRounds));
            }
        }
        String report = header(rule, h2loadRounds) + pagesTable(pages) + throughputTable(throughput);
        Files.writeString(out.resolve("hop-costs.md"), report);
        System.out.println(report);
    }

    private static void measurePages(Cluster cluster, HeadlessChromium chromium, Hop hop, StoppingRule rule, List<Pages> table)
            throws Exception {
        DelayProxy slowBalancer = cluster.openSlowDoor(Network.latency(ROUND_TRIPS.get(1)));
        URI node = cluster.node(DIRECT_NODE, "");
        SplittableRandom order = new SplittableRandom(2015);
        try (DelayProxy slowNode = DelayProxy.withRoundTrip(new InetSocketAddress(InetAddress.getLoopbackAddress(), node.getPort()),
                ROUND_TRIPS.get(1))) {
            for (Page page : PAGES) {
                load(chromium, cluster.balancer(page.path()), page); // warm-up of both, not counted
                load(chromium, cluster.node(DIRECT_NODE, page.path()), page);
                for (Duration rtt : ROUND_TRIPS) {
                    boolean far = !rtt.isZero();
                    URI alone = far ? URI.create("https://localhost:" + slowNode.port() + page.path()) : cluster.node(DIRECT_NODE, page.path());
                    URI balanced = far ? cluster.slowBalancer(page.path()) : cluster.balancer(page.path());
                    double[] cpu = new double[2];
                    Verdict verdict = rule.loadUntilDecided(round -> {
                        boolean aloneFirst = order.nextBoolean();
                        double[] first = timedLoad(cluster, chromium, aloneFirst ? alone : balanced, page);
                        double[] second = timedLoad(cluster, chromium, aloneFirst ? balanced : alone, page);
                        double[] aloneLoad = aloneFirst ? first : second;
                        double[] balancedLoad = aloneFirst ? second : first;
                        cpu[0] += aloneLoad[1];
                        cpu[1] += balancedLoad[1];
                        return Math.log(balancedLoad[0] / aloneLoad[0]);
                    });
                    int rounds = verdict.interval().loads();
                    Pages pair = new Pages(page, rtt, hop, verdict, cpu[0] / rounds, cpu[1] / rounds, connections(cluster));
                    System.out.println(row(pair));
                    table.add(pair);
                }
            }
        } finally {
            slowBalancer.close();
        }
    }

    /** One cold load and the three servers' CPU over it: {time, CPU} in milliseconds. */
    private static double[] timedLoad(Cluster cluster, HeadlessChromium chromium, URI url, Page page) {
        List<String> servers = List.of(Cluster.BALANCER, Cluster.NODES.get(0), Cluster.NODES.get(1));
        double before = cpuMillis(cluster, servers);
        long millis = load(chromium, url, page);
        return new double[] {millis, cpuMillis(cluster, servers) - before};
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

    /** The balancer's CPU per 1,000 requests and its rate under h2load, round after round. */
    private static Throughput throughput(Cluster cluster, Hop hop, int rounds) throws IOException, InterruptedException {
        URI logo = cluster.balancer("/http2/logo.png");
        h2load(logo); // warm-up
        double[] cpu = new double[rounds];
        double[] rate = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            double before = cpuMillis(cluster, List.of(Cluster.BALANCER));
            rate[round] = Math.log(h2load(logo));
            cpu[round] = Math.log((cpuMillis(cluster, List.of(Cluster.BALANCER)) - before) * 1000 / H2LOAD_REQUESTS);
        }
        return new Throughput(hop, RatioInterval.of(cpu, 0.95), RatioInterval.of(rate, 0.95), connections(cluster));
    }

    /** CPU time of these servers so far. */
    private static double cpuMillis(Cluster cluster, List<String> servers) {
        double millis = 0;
        for (String server : servers) {
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

    private static String row(Pages pair) {
        return String.format(Locale.ROOT, "| %s | %d ms | %s | %s | %s | %.0f | %.0f | %s |", pair.page().label(), pair.rtt().toMillis(),
                pair.hop().token(), pair.verdict().label(), pair.verdict().say("the balancer", "node 1 alone"), pair.aloneCpu(),
                pair.balancedCpu(), pair.connections());
    }

    private static String pagesTable(List<Pages> pages) {
        StringBuilder md = new StringBuilder("\n## Page loads (Chromium): through the balancer / node 1 alone\n\n"
                + "| page | RTT | hop | balancer / alone | verdict | CPU per page alone, ms | CPU per page: balancer + nodes, ms"
                + " | balancer's connections to node 1 / node 2 |\n|---|---|---|---|---|---|---|---|\n");
        pages.forEach(pair -> md.append(row(pair)).append('\n'));
        Map<String, List<Pages>> byPage = new LinkedHashMap<>();
        pages.forEach(pair -> byPage.computeIfAbsent(pair.page().label() + " at " + pair.rtt().toMillis() + " ms", key -> new ArrayList<>()).add(pair));
        md.append("\nBetween hops (their intervals of balancer / alone apart, or no difference found):\n\n");
        byPage.forEach((where, hops) -> md.append("- ").append(where).append(": ")
                .append(ranking(hops.stream().map(pair -> Map.entry(pair.hop().token(), pair.verdict().interval())).toList(), "costs more than"))
                .append('\n'));
        return md.toString();
    }

    private static String throughputTable(List<Throughput> throughput) {
        StringBuilder md = new StringBuilder("\n## h2load through the balancer (" + H2LOAD_REQUESTS + " logos a round, 4 connections x 20"
                + " streams): the balancer's CPU per 1,000 requests and the rate, geometric means with 95 % intervals\n\n"
                + "| hop | balancer's CPU per 1,000 requests, ms | requests per second | connections to node 1 / node 2 afterwards |\n"
                + "|---|---|---|---|\n");
        for (Throughput hop : throughput) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", hop.hop().token(), whole(hop.cpuPerThousand()),
                    whole(hop.requestsPerSecond()), hop.connections()));
        }
        md.append("\nCPU per 1,000 requests between hops: ").append(ranking(throughput.stream()
                .map(hop -> Map.entry(hop.hop().token(), hop.cpuPerThousand())).toList(), "costs more CPU than")).append('\n');
        return md.toString();
    }

    /** A quantity (not a ratio) with its interval: "65 [55, 77]". */
    private static String whole(RatioInterval interval) {
        return String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", interval.ratio(), interval.low(), interval.high());
    }

    /** "h2 costs more than ajp, http" where intervals are apart; "no difference found" where none are. */
    static String ranking(List<Map.Entry<String, RatioInterval>> hops, String verb) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, RatioInterval> one : hops) {
            List<String> below = hops.stream().filter(other -> other.getValue().known() && one.getValue().known()
                    && other.getValue().high() < one.getValue().low()).map(Map.Entry::getKey).toList();
            if (!below.isEmpty()) {
                found.add(one.getKey() + " " + verb + " " + String.join(", ", below));
            }
        }
        return found.isEmpty() ? "no difference found" : String.join("; ", found);
    }

    private static String header(StoppingRule rule, int h2loadRounds) throws IOException {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown CPU");
        return "# What the balancer's hop costs\n\n"
                + "Measured " + ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE) + " on " + Runtime.getRuntime().availableProcessors()
                + " cores (" + cpu + "), " + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", Java "
                + System.getProperty("java.version") + ", by `./mvnw -Pcluster,gatling package exec:java@hop-costs -Dcluster.bench.loads="
                + rule.minLoads() + " -Dcluster.bench.loads.max=" + rule.maxLoads() + " -Dcluster.bench.h2load.rounds=" + h2loadRounds
                + "` (HopCostBenchmark): the balancer and two nodes on this one machine, node 1's own door 2 as the server without"
                + " a balancer; cold loads in fresh Chromium contexts, the two side by side round after round until decided (loads "
                + rule.minLoads() + " to " + rule.maxLoads() + ", looks at " + rule.looks() + ", level within 5 %, each look's interval at "
                + String.format(Locale.ROOT, "%.1f", rule.confidence() * 100) + " %: docs/comparison.md), RTT 50 ms by the delay proxy in"
                + " front of either. CPU: the servers' processes, per page; the balancer's alone under h2load.\n";
    }
}
