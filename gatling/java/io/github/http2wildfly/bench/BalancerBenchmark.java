package io.github.http2wildfly.bench;

import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.ClusterSettings;
import io.github.http2wildfly.servers.cluster.Hop;
import io.github.http2wildfly.comparison.statistics.RatioInterval;
import io.github.http2wildfly.comparison.statistics.Verdict;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import io.github.http2wildfly.measure.browser.HeadlessFirefox;
import io.github.http2wildfly.measure.net.StalledReader;
import io.github.http2wildfly.page.LogoServlet;
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
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

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
    private static final long KILL_AFTER_BYTES = 100_000;
    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    private static final Pattern H2LOAD_RATE = Pattern.compile("finished in [\\d.]+\\w+, ([\\d.]+) req/s");
    private static final int H2LOAD_REQUESTS = 10_000;
    /** Fixed rates (requests per second in all) for the latency percentiles: below every front's closed-loop rate here. */
    private static final List<Integer> FIXED_RATES = List.of(1_000, 2_500);
    private static final int FIXED_RATE_SECONDS = 5;
    private static final int STALLED_READERS = 8;
    /** h2load runs of 10,000 logos while JFR samples WildFly's balancer: enough samples to tell the layers apart. */
    private static final int PROFILED_RUNS = 5;
    private static final Pattern H2LOAD_DONE = Pattern.compile("requests: \\d+ total, \\d+ started, \\d+ done, \\d+ succeeded.*\\n"
            + "status codes: (\\d+) 2xx");
    private static final Pattern H2LOAD_TIMES = Pattern.compile("time for request:\\s+(\\S+)\\s+(\\S+)");

    /** A browser that loads the wall in a fresh context and returns the wall's report. */
    private record Engine(String name, Function<String, Map<String, String>> freshLoad) {
    }

    /** One front's figures. */
    private record Row(String front, List<Verdict> pages, Throughput throughput, List<Percentiles> latencies,
            String connectionsDuringPages, String connectionsDuringH2load, List<Integer> imagesLost, Profile profile,
            String besideStalledReaders) {
    }

    /** Under h2load's closed loop, round after round: CPU per 1,000 requests over TLS and over h2c, and the rate over TLS. */
    private record Throughput(RatioInterval cpuTls, RatioInterval cpuClearText, RatioInterval requestsPerSecond) {
    }

    /** At one fixed rate, round after round: the median and the 99th percentile of a request's time, ms. */
    private record Percentiles(int requestsPerSecond, RatioInterval p50, RatioInterval p99) {
    }

    private BalancerBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        BalancerSettings bench = BalancerSettings.read(Path.of(args[0]), System.getProperties());
        ClusterSettings settings = ClusterSettings.read(bench.cluster(), System.getProperties());
        Path out = Files.createDirectories(bench.dir());
        TlsIdentity identity = TlsIdentity.read(bench.keystore(), bench.keystorePassword().toCharArray(), bench.keystoreAlias());
        List<Hop> hops = bench.hops();
        List<String> diffs;
        try (Stream<Path> files = Files.list(bench.patches())) {
            diffs = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".diff")).sorted().toList();
        }
        List<Row> rows = new ArrayList<>();
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
            List<Hop> clusters = hops.isEmpty() ? List.of(settings.hop()) : hops;
            for (Hop hop : clusters) {
                try (Cluster cluster = Cluster.start(settings.withHop(hop), settings.portOffset(), out.resolve("cluster"),
                        Duration.ofMinutes(3), List.of())) {
                    if (hops.contains(hop)) {
                        rows.add(measure(new WildFlyFront(cluster, false), cluster, engines, bench));
                    }
                    if (hop == clusters.get(clusters.size() - 1) && bench.openSsl()) { // the same balancer, its TLS on OpenSSL
                        cluster.reconfigureBalancer("tls-openssl.cli", Map.of("h2demo.openssl.keystore", rsaKeystore(out, bench).toString(),
                                "h2demo.openssl.keystore.password", bench.keystorePassword()));
                        cluster.awaitNodes(cluster.balancerClearText("/http2/"), Set.copyOf(Cluster.NODES), NODE_BACK);
                        rows.add(measure(new WildFlyFront(cluster, true), cluster, List.of(), bench)); // its RSA key: no browser trusts it
                    }
                    if (hop == clusters.get(clusters.size() - 1)) { // the others in front of the same nodes, their balancer idle
                        for (ExternalFront.Kind kind : bench.others()) {
                            try (ExternalFront front = ExternalFront.start(kind, cluster, identity, out.resolve("fronts"))) {
                                cluster.awaitNodes(front.clearTextDoor("/http2/"), Set.copyOf(Cluster.NODES), NODE_BACK);
                                rows.add(measure(front, cluster, engines, bench));
                            }
                        }
                    }
                }
            }
        }
        String report = header(bench, diffs) + table(rows);
        Files.writeString(out.resolve("balancers.md"), report);
        System.out.println(report);
    }

    /**
     * @param engines the browsers for its pages and its kills: none for a front whose certificate they do not trust
     *                (the balancer on OpenSSL serves an RSA one)
     */
    private static Row measure(Front front, Cluster cluster, List<Engine> engines, BalancerSettings bench) throws Exception {
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
            Throughput throughput = throughput(front, bench.h2loadRounds(), duringH2load);
            List<Percentiles> latencies = new ArrayList<>();
            for (int rate : FIXED_RATES) {
                latencies.add(latency(front, rate, bench.h2loadRounds(), bench.dir()));
            }
            // where a JVM front's CPU goes: WildFly's balancer under the same h2load, recorded by JFR
            Profile profile = front instanceof WildFlyFront ? Profile.during(front.process().pid(),
                    bench.dir().resolve("profile-" + front.name().replaceAll("\\W+", "-") + ".jfr"), () -> {
                        for (int run = 0; run < PROFILED_RUNS; run++) {
                            h2load(front.door("/http2/logo.png"));
                        }
                    }) : null;
            return new Row(front.name(), pages, throughput, latencies, most(duringPages), most(duringH2load), lost, profile,
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
            Process h2load = new ProcessBuilder("h2load", "-n", String.valueOf(H2LOAD_REQUESTS), "-c", "4", "-m", "20",
                    front.door("/http2/logo.png").toString()).redirectErrorStream(true).start();
            String output = new String(h2load.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            h2load.waitFor();
            Matcher done = H2LOAD_DONE.matcher(output);
            Matcher slowest = H2LOAD_TIMES.matcher(output);
            String said = (done.find() ? done.group(1) + " of " + H2LOAD_REQUESTS + " 2xx" : "h2load said no total")
                    + (slowest.find() ? ", slowest " + slowest.group(2) : "") + "; the readers had "
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
    private static Percentiles latency(Front front, int rate, int rounds, Path dir) throws Exception {
        double[] p50 = new double[rounds];
        double[] p99 = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            Latency latency = Latency.atRate(front.door("/http2/logo.png"), rate, FIXED_RATE_SECONDS, dir.resolve("h2load-rate.log"));
            System.out.println(front.name() + " at " + rate + " req/s: " + latency);
            p50[round] = Math.log(latency.p50Millis());
            p99[round] = Math.log(latency.p99Millis());
        }
        return new Percentiles(rate, RatioInterval.of(p50, 0.95), RatioInterval.of(p99, 0.95));
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
    private static Throughput throughput(Front front, int rounds, AtomicLongArray connections) throws Exception {
        URI logo = front.door("/http2/logo.png");
        URI clearLogo = front.h2cDoor("/http2/logo.png");
        h2load(logo); // warm-up
        h2load(clearLogo);
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
                    double before = cpuMillis(front.process());
                    double requestsPerSecond = h2load(tls ? logo : clearLogo);
                    double perThousand = Math.log((cpuMillis(front.process()) - before) * 1000 / H2LOAD_REQUESTS);
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
        return new Throughput(RatioInterval.of(cpu, 0.95), RatioInterval.of(cpuClear, 0.95), RatioInterval.of(rate, 0.95));
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

    private static String table(List<Row> rows) {
        StringBuilder md = new StringBuilder("\n## Side by side\n\n| front | 500 logos at 50 ms, Chromium: front / node 1 alone"
                + " | Firefox | requests per second (h2load) | CPU per 1,000 requests, ms: TLS | h2c | connections to node 1 / node 2,"
                + " most seen: pages; h2load | images lost when node 1 died mid-page | h2load's logos beside 8 stalled readers of"
                + " the 2 MB tile |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s; %s | %s | %s |%n", row.front(), pages(row.pages(), 0),
                    pages(row.pages(), 1), whole(row.throughput().requestsPerSecond()), whole(row.throughput().cpuTls()),
                    whole(row.throughput().cpuClearText()), row.connectionsDuringPages(), row.connectionsDuringH2load(),
                    row.imagesLost().stream().map(String::valueOf).collect(Collectors.joining(", ")), row.besideStalledReaders()));
        }
        md.append("\n## Latency at fixed rates (over TLS, h2load --rps, ").append(FIXED_RATE_SECONDS)
                .append(" s a round; ms, geometric means over the rounds with 95 % intervals)\n\n| front |");
        FIXED_RATES.forEach(rate -> md.append(String.format(Locale.ROOT, " p50 at %,d req/s | p99 at %,d req/s |", rate, rate)));
        md.append("\n|---|").append("---|---|".repeat(FIXED_RATES.size())).append('\n');
        for (Row row : rows) {
            md.append("| ").append(row.front()).append(" |");
            row.latencies().forEach(at -> md.append(' ').append(fraction(at.p50())).append(" | ").append(fraction(at.p99())).append(" |"));
            md.append('\n');
        }
        md.append("\n## Where WildFly's balancer spends its CPU (under h2load over TLS, " + PROFILED_RUNS + " runs: the kernel's share"
                + " from /proc; the Java code's by JFR's samples, each put to the nearest layer of its stack)\n\n");
        rows.stream().filter(row -> row.profile() != null)
                .forEach(row -> md.append("- ").append(row.front()).append(": ").append(row.profile()).append('\n'));
        md.append("\nBetween fronts (where their intervals are apart; elsewhere no difference found):\n\n");
        md.append("- CPU per 1,000 requests over TLS: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().cpuTls())).toList(), "costs more CPU than")).append('\n');
        md.append("- CPU per 1,000 requests over h2c: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().cpuClearText())).toList(), "costs more CPU than")).append('\n');
        md.append("- requests per second: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().requestsPerSecond())).toList(), "serves more than")).append('\n');
        for (int rate = 0; rate < FIXED_RATES.size(); rate++) {
            int r = rate;
            md.append(String.format(Locale.ROOT, "- p99 at %,d req/s: ", FIXED_RATES.get(rate))).append(ranking(rows.stream()
                    .map(row -> Map.entry(row.front(), row.latencies().get(r).p99())).toList(), "is slower than")).append('\n');
        }
        for (int engine = 0; engine < 2; engine++) {
            int e = engine;
            md.append("- the 500 logos at 50 ms, ").append(engine == 0 ? "Chromium" : "Firefox").append(", front / node 1 alone: ")
                    .append(ranking(rows.stream().filter(row -> row.pages().size() > e).map(row -> Map.entry(row.front(), row.pages().get(e).interval())).toList(),
                            "is slower than")).append('\n');
        }
        return md.toString();
    }

    /** A pair's ratio with its interval and verdict: "1.23 [1.05, 1.44], alone faster (5 loads)". */
    private static String pages(List<Verdict> pages, int engine) {
        return pages.size() <= engine ? "not loaded (its certificate)" : pages.get(engine).label() + ", " + pages.get(engine).say("front", "alone");
    }

    /** A quantity of a few units with its interval: "1.23 [1.05, 1.44]". */
    private static String fraction(RatioInterval interval) {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", interval.ratio(), interval.low(), interval.high());
    }

    /** A quantity (not a ratio) with its interval: "65 [55, 77]". */
    private static String whole(RatioInterval interval) {
        return String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", interval.ratio(), interval.low(), interval.high());
    }

    /** "h2 costs more than ajp, http" where intervals are apart; "no difference found" where none are. */
    static String ranking(List<Map.Entry<String, RatioInterval>> fronts, String verb) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, RatioInterval> one : fronts) {
            List<String> below = fronts.stream().filter(other -> other.getValue().known() && one.getValue().known()
                    && other.getValue().high() < one.getValue().low()).map(Map.Entry::getKey).toList();
            if (!below.isEmpty()) {
                found.add(one.getKey() + " " + verb + " " + String.join(", ", below));
            }
        }
        return found.isEmpty() ? "no difference found" : String.join("; ", found);
    }

    static String today() {
        return ZonedDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE);
    }

    /** "2 cores (AMD EPYC ...), Linux 6.18, Java 17.0.15": where a record was measured. */
    static String machine() throws IOException {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse("unknown CPU");
        return Runtime.getRuntime().availableProcessors() + " cores (" + cpu + "), " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version");
    }

    /** CPU time of a process and its children so far. */
    static double cpuMillis(ProcessHandle process) {
        return Stream.concat(Stream.of(process), process.descendants())
                .mapToDouble(handle -> handle.info().totalCpuDuration().orElse(Duration.ZERO).toNanos() / 1e6).sum();
    }

    private static String header(BalancerSettings bench, List<String> diffs) throws IOException {
        return "# WildFly's balancer beside HAProxy and nginx\n\n"
                + "Measured " + today() + " on " + machine() + ", by `./mvnw -Pcluster package exec:java@balancers -Dcluster.bench.loads="
                + bench.rule().minLoads() + " -Dcluster.bench.loads.max=" + bench.rule().maxLoads() + " -Dcluster.bench.h2load.rounds=" + bench.h2loadRounds()
                + " -Dcluster.bench.kills=" + bench.kills() + " -Dcluster.bench.fronts=" + String.join(",", bench.fronts()) + "` (BalancerBenchmark): each front in front of the same two nodes on this one"
                + " machine (HAProxy and nginx beside the cluster of the last hop, its balancer idle); the pages cold loads in fresh"
                + " contexts, the front's slow door against node 1's own (the delay proxy, 50 ms), side by side round after round"
                + " until decided (loads " + bench.rule().minLoads() + " to " + bench.rule().maxLoads() + ", looks at " + bench.rule().looks()
                + ", level within 5 %, each look's interval at " + String.format(Locale.ROOT, "%.1f", bench.rule().confidence() * 100)
                + " %: docs/comparison.md); h2load " + H2LOAD_REQUESTS + " logos a round over 4 connections x 20 streams, over TLS"
                + " and over h2c in turns, geometric means with 95 % intervals; CPU of the front's processes; latency at fixed rates"
                + " from h2load's log of every request; connections counted with ss; images lost in Chromium"
                + " through the slow door, node 1 killed after " + KILL_AFTER_BYTES / 1000 + " KB. WildFly's Undertow carried "
                + (diffs.isEmpty() ? "no diff" : String.join(", ", diffs)) + " (undertow.patches).\n";
    }
}
