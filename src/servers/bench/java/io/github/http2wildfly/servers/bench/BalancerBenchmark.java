package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import io.github.http2wildfly.measure.browser.HeadlessFirefox;
import io.github.http2wildfly.measure.net.StalledReader;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import io.github.http2wildfly.page.LogoServlet;
import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.ClusterSettings;
import io.github.http2wildfly.servers.cluster.Hop;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * WildFly's balancer, over each hop, beside HAProxy and nginx, each in front of the same two nodes: the 500 logos at
 * 50 ms in Chromium and Firefox (the front against node 1 alone, round after round until the comparison's rule
 * decides), the front's CPU time per 1,000 requests over TLS and over h2c and its rate under h2load over several
 * rounds with intervals, its request times' median and 99th percentile at fixed rates, where WildFly's CPU goes (JFR),
 * its connections to each node counted from the sockets (the most seen during the pages and during h2load), and the
 * images lost when node 1 is killed with SIGKILL in the middle of a page (Chromium through the front's slow door,
 * once about a fifth of the page has passed; the node started again between kills). A benchmark, not a test: it
 * writes {@code balancers.md}, and asserts only that every measured page loaded whole and every request succeeded.
 *
 * <p>{@code ./mvnw -Pcluster package exec:java@balancers}; its one argument: its settings as the build filled
 * them in ({@link BalancerSettings}).
 */
public final class BalancerBenchmark {

    private static final String WALL = "/http2/logos";
    private static final int IMAGES = 500;
    private static final Duration ROUND_TRIP = Duration.ofMillis(50);
    private static final String DIRECT_NODE = "node1";
    private static final String VICTIM = "node1";
    /** Bytes through the slow door before the kill: past the page (about 40 KB), about a fifth of the images. */
    static final long KILL_AFTER_BYTES = 100_000;
    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    /** Fixed rates (requests per second in all) for the latency percentiles: below every front's closed-loop rate here. */
    static final List<Integer> FIXED_RATES = List.of(1_000, 2_500);
    static final int FIXED_RATE_SECONDS = 5;
    private static final int STALLED_READERS = 8;
    /** h2load runs of 10,000 logos while JFR samples WildFly's balancer: enough samples to tell the layers apart. */
    static final int PROFILED_RUNS = 5;

    /** A browser that loads the wall in a fresh context and returns the wall's report. */
    private record Engine(String name, Function<String, Map<String, String>> freshLoad) {
    }

    private BalancerBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BalancerSettings bench = BalancerSettings.read(Path.of(args[0]), System.getProperties());
        ClusterSettings settings = ClusterSettings.read(bench.cluster(), System.getProperties());
        Path out = Files.createDirectories(bench.dir());
        List<BalancerRecord.Row> rows = new ArrayList<>();
        try (HeadlessChromium chromium = new HeadlessChromium(); HeadlessFirefox firefox = new HeadlessFirefox()) {
            List<Engine> engines = List.of(new Engine("Chromium", url -> {
                try (HeadlessChromium.FreshContext context = chromium.freshContext()) {
                    return chromium.loadWall(url);
                }
            }), new Engine("Firefox", url -> {
                try (HeadlessFirefox.FreshContext context = firefox.freshContext()) {
                    return firefox.loadWall(url);
                }
            }));
            List<Hop> hops = bench.hops();
            for (Hop hop : hops.isEmpty() ? List.<Hop>of() : hops.subList(0, hops.size() - 1)) {
                onCluster(settings.withHop(hop), out, cluster -> rows.add(measure(new WildFlyFront(cluster, false), cluster, engines, bench)));
            }
            // The last cluster measures the other fronts too, in front of the same nodes, its own balancer idle meanwhile.
            Hop last = hops.isEmpty() ? settings.hop() : hops.get(hops.size() - 1);
            onCluster(settings.withHop(last), out, cluster -> {
                if (hops.contains(last)) {
                    rows.add(measure(new WildFlyFront(cluster, false), cluster, engines, bench));
                }
                if (bench.openSsl()) {
                    rows.add(wildFlyOnOpenSsl(cluster, out, bench));
                }
                for (ExternalFront.Kind kind : bench.others()) {
                    rows.add(external(kind, cluster, out, engines, bench));
                }
            });
        }
        String report = BalancerRecord.header(bench, RunFacts.diffs(bench.patches())) + BalancerRecord.table(rows);
        Files.writeString(out.resolve("balancers.md"), report);
        System.out.println(report);
    }

    /** What is measured on one cluster while it runs. */
    private interface OnCluster {
        void measure(Cluster cluster) throws Exception;
    }

    private static void onCluster(ClusterSettings settings, Path out, OnCluster measure) throws Exception {
        try (Cluster cluster = Cluster.start(settings, settings.portOffset(), out.resolve("cluster"), Duration.ofMinutes(3), List.of())) {
            measure.measure(cluster);
        }
    }

    /** The same balancer, its TLS on OpenSSL; its RSA key: no browser here trusts it, so no page and no kill. */
    private static BalancerRecord.Row wildFlyOnOpenSsl(Cluster cluster, Path out, BalancerSettings bench) throws Exception {
        cluster.reconfigureBalancer("tls-openssl.cli", Map.of("h2demo.openssl.keystore", rsaKeystore(out, bench).toString(),
                "h2demo.openssl.keystore.password", bench.keystorePassword()));
        cluster.awaitNodes(cluster.balancerClearText("/http2/"), Set.copyOf(Cluster.NODES), NODE_BACK);
        return measure(new WildFlyFront(cluster, true), cluster, List.of(), bench);
    }

    /** HAProxy or nginx in front of the cluster's nodes. */
    private static BalancerRecord.Row external(ExternalFront.Kind kind, Cluster cluster, Path out, List<Engine> engines,
            BalancerSettings bench) throws Exception {
        TlsIdentity identity = TlsIdentity.read(bench.keystore(), bench.keystorePassword().toCharArray(), bench.keystoreAlias());
        try (ExternalFront front = ExternalFront.start(kind, cluster, identity, out.resolve("fronts"))) {
            cluster.awaitNodes(front.clearTextDoor("/http2/"), Set.copyOf(Cluster.NODES), NODE_BACK);
            return measure(front, cluster, engines, bench);
        }
    }

    /**
     * @param engines the browsers for its pages and its kills: none for a front whose certificate they do not trust
     *                (the balancer on OpenSSL serves an RSA one)
     */
    private static BalancerRecord.Row measure(Front front, Cluster cluster, List<Engine> engines, BalancerSettings bench) throws Exception {
        System.out.println("== " + front.name());
        AtomicLongArray duringPages = new AtomicLongArray(Cluster.NODES.size());
        List<Verdict> pages = new ArrayList<>();
        SplittableRandom order = new SplittableRandom(2015);
        try (DelayProxy slowFront = slowDoor(front.door("").getPort());
                DelayProxy slowNode = slowDoor(cluster.httpsPort(DIRECT_NODE))) {
            URI balanced = URI.create("https://localhost:" + slowFront.port() + WALL);
            URI alone = URI.create("https://localhost:" + slowNode.port() + WALL);
            for (Engine engine : engines) {
                load(engine, balanced); // warm-up of both, not counted
                load(engine, alone);
                Verdict verdict = bench.rule().loadUntilDecided(round -> {
                    boolean aloneFirst = order.nextBoolean();
                    long first = load(engine, aloneFirst ? alone : balanced);
                    long second = load(engine, aloneFirst ? balanced : alone);
                    record(duringPages, connections(front));
                    return Math.log((double) (aloneFirst ? second : first) / (aloneFirst ? first : second));
                });
                System.out.println(engine.name() + ": " + verdict.say(front.name(), "node 1 alone"));
                pages.add(verdict);
            }
            List<Integer> lost = new ArrayList<>();
            for (int kill = 0; kill < bench.kills() && !engines.isEmpty(); kill++) {
                lost.add(imagesLostWhenANodeDies(front, cluster, slowFront, engines.get(0)));
            }
            AtomicLongArray duringH2load = new AtomicLongArray(Cluster.NODES.size());
            BalancerRecord.Throughput throughput = throughput(front, bench.h2loadRounds(), duringH2load);
            List<BalancerRecord.Percentiles> latencies = new ArrayList<>();
            for (int rate : FIXED_RATES) {
                latencies.add(latency(front, rate, bench.h2loadRounds(), bench.dir()));
            }
            // where a JVM front's CPU goes: WildFly's balancer under the same h2load, recorded by JFR
            Profile profile = front instanceof WildFlyFront ? Profile.during(front.process().pid(),
                    bench.dir().resolve("profile-" + front.name().replaceAll("\\W+", "-") + ".jfr"), () -> {
                        for (int run = 0; run < PROFILED_RUNS; run++) {
                            H2load.rate(front.door("/http2/logo.png"));
                        }
                    }) : null;
            return new BalancerRecord.Row(front.name(), pages, throughput, latencies, most(duringPages), most(duringH2load), lost, profile,
                    besideStalledReaders(front));
        }
    }

    /**
     * 8 clients ask the front for the 2 MB tile over h2c and give no flow-control credit back (stalled readers); while
     * they stay, h2load's 10,000 logos over TLS: how many failed, and the slowest. Nothing is asserted: a front that
     * fails here is a finding (it was WildFly's, before http2-flow-control-per-stream.diff).
     */
    private static String besideStalledReaders(Front front) throws Exception {
        URI door = front.h2cDoor("/");
        List<StalledReader> stalled = StalledReader.open(door.getHost(), door.getPort(), "/http2" + LogoServlet.TILE_2M_PATH, STALLED_READERS);
        try {
            List<Long> received = StalledReader.awaitStill(stalled);
            String said = H2load.answered(front.door("/http2/logo.png")) + "; the readers had "
                    + received.stream().filter(bytes -> bytes > 0).count() + " of " + STALLED_READERS + " answers begun";
            System.out.println(front.name() + " beside " + STALLED_READERS + " stalled readers: " + said);
            return said;
        } finally {
            for (StalledReader reader : stalled) {
                reader.close();
            }
        }
    }

    /** The front's request times at a fixed rate over TLS, round after round (an open loop: h2load's --rps). */
    private static BalancerRecord.Percentiles latency(Front front, int rate, int rounds, Path dir) throws Exception {
        double[] p50 = new double[rounds];
        double[] p99 = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            Latency latency = Latency.atRate(front.door("/http2/logo.png"), rate, FIXED_RATE_SECONDS, dir.resolve("h2load-rate.log"));
            System.out.println(front.name() + " at " + rate + " req/s: " + latency);
            p50[round] = Math.log(latency.p50Millis());
            p99[round] = Math.log(latency.p99Millis());
        }
        return new BalancerRecord.Percentiles(rate, RatioInterval.of(p50, 0.95), RatioInterval.of(p99, 0.95));
    }

    /**
     * A self-signed RSA key for localhost, for the balancer's TLS on OpenSSL (wildfly-openssl fails every handshake with
     * the project's EC key): made by the JDK's keytool, with the project's key store password.
     */
    private static Path rsaKeystore(Path dir, BalancerSettings bench) throws IOException, InterruptedException {
        Path file = dir.resolve("openssl-rsa.p12");
        Files.deleteIfExists(file);
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-keystore", file.toString(), "-storetype", "PKCS12", "-storepass", bench.keystorePassword(), "-keypass",
                bench.keystorePassword(), "-alias", "localhost", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=localhost",
                "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "7").redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (keytool.waitFor() != 0) {
            throw new IllegalStateException("keytool could not make " + file + ": " + output);
        }
        return file;
    }

    private static DelayProxy slowDoor(int port) throws IOException {
        return DelayProxy.withRoundTrip(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), ROUND_TRIP);
    }

    /** One cold load: the page's own time to its load event; every image must have come. */
    private static long load(Engine engine, URI url) {
        Map<String, String> report = engine.freshLoad().apply(url.toString());
        if (Integer.parseInt(report.get("images")) != IMAGES) {
            throw new IllegalStateException(engine.name() + ": " + url + " loaded " + report.get("images") + " of " + IMAGES + ": " + report);
        }
        return Long.parseLong(report.get("loadMillis"));
    }

    /** Node 1 killed once a fifth of the page has passed the front's slow door; started again, and served, before the next. */
    private static int imagesLostWhenANodeDies(Front front, Cluster cluster, DelayProxy slowFront, Engine engine) throws Exception {
        long before = slowFront.bytesForwarded();
        CompletableFuture<Void> killed = CompletableFuture.runAsync(() -> {
            try {
                while (slowFront.bytesForwarded() - before < KILL_AFTER_BYTES) {
                    Thread.sleep(1);
                }
                cluster.kill(VICTIM);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Map<String, String> report = engine.freshLoad().apply("https://localhost:" + slowFront.port() + WALL);
        killed.get();
        int lost = IMAGES - Integer.parseInt(report.get("images"));
        System.out.println(front.name() + ": " + lost + " images lost when " + VICTIM + " died mid-page (" + report.get("servedBy") + ")");
        cluster.launch(VICTIM);
        cluster.awaitNodes(front.clearTextDoor("/http2/"), Set.of(VICTIM), NODE_BACK);
        return lost;
    }

    /**
     * The front's CPU per 1,000 requests over TLS and over h2c (the same requests without TLS: what the front's TLS
     * costs, set apart from the proxying) and its rate over TLS under h2load, round after round, the two in turns; its
     * connections sampled meanwhile.
     */
    private static BalancerRecord.Throughput throughput(Front front, int rounds, AtomicLongArray connections) throws Exception {
        URI logo = front.door("/http2/logo.png");
        URI clearLogo = front.h2cDoor("/http2/logo.png");
        H2load.rate(logo); // warm-up
        H2load.rate(clearLogo);
        double[] cpu = new double[rounds];
        double[] cpuClear = new double[rounds];
        double[] rate = new double[rounds];
        AtomicBoolean running = new AtomicBoolean(true);
        CompletableFuture<Void> sampler = CompletableFuture.runAsync(() -> {
            while (running.get()) {
                try {
                    record(connections, connections(front));
                    Thread.sleep(100);
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException("the front's connections could not be counted", e);
                }
            }
        });
        try {
            for (int round = 0; round < rounds; round++) {
                for (boolean tls : round % 2 == 0 ? new boolean[] {true, false} : new boolean[] {false, true}) {
                    double before = ProcessCost.cpuMillis(front.process());
                    double requestsPerSecond = H2load.rate(tls ? logo : clearLogo);
                    double perThousand = Math.log((ProcessCost.cpuMillis(front.process()) - before) * 1000 / H2load.REQUESTS);
                    if (tls) {
                        rate[round] = Math.log(requestsPerSecond);
                        cpu[round] = perThousand;
                    } else {
                        cpuClear[round] = perThousand;
                    }
                }
            }
        } finally {
            running.set(false);
            sampler.get();
        }
        return new BalancerRecord.Throughput(RatioInterval.of(cpu, 0.95), RatioInterval.of(cpuClear, 0.95), RatioInterval.of(rate, 0.95));
    }

    private static long[] connections(Front front) throws IOException, InterruptedException {
        long[] counts = new long[Cluster.NODES.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = Cluster.connections(front.process(), front.nodePort(Cluster.NODES.get(i)));
        }
        return counts;
    }

    private static void record(AtomicLongArray most, long[] counts) {
        for (int i = 0; i < counts.length; i++) {
            most.accumulateAndGet(i, counts[i], Math::max);
        }
    }

    private static String most(AtomicLongArray counts) {
        return IntStream.range(0, counts.length()).mapToObj(i -> String.valueOf(counts.get(i)))
                .collect(Collectors.joining(" / "));
    }
}
