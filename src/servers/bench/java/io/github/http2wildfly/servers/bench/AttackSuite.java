package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.OpenLoopBystander;
import io.github.http2wildfly.measure.attack.Outcome;
import io.github.http2wildfly.measure.check.CheckTrust;
import io.github.http2wildfly.page.LogoServlet;
import io.github.http2wildfly.servers.UndertowPatch;
import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.ClusterSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;

/**
 * The HTTP/2 attacks with names and issue hop-2's two probes ({@link Attack}), each against WildFly's balancer with the
 * project's Undertow diffs and without them, HAProxy and nginx in front of the same two nodes, and door 2 of a node
 * alone with and without the diffs: what each front did, its CPU and memory meanwhile, and whether a bystander (the
 * JDK's HTTP/2 client asking for a logo every {@value #BYSTANDER_EVERY_MS} ms on a connection of its own) was served.
 * A benchmark, not a test: it writes {@code attacks.md} and, with {@code cluster.bench.record=true}, the record in
 * {@code docs/results/} and the table of docs/results.md.
 *
 * <p>{@code ./mvnw -Pcluster package exec:java@attacks}; its one argument: the balancers' settings as the build filled
 * them in ({@link BalancerSettings}, whose file carries the suite's knobs too: {@link AttackSettings}).
 */
public final class AttackSuite {

    /** The bystander's schedule and patience: ten a second, served within 1 s, from an address of its own. */
    private static final Duration BYSTANDER_EVERY = Duration.ofMillis(100);
    private static final Duration BYSTANDER_PATIENCE = Duration.ofSeconds(1);
    private static final Duration BYSTANDER_AFTER = Duration.ofSeconds(3);
    private static final String BYSTANDER_ADDRESS = "127.0.0.2";
    /** How long a front is given to serve again after an attack before it counts as down. */
    private static final Duration SERVING_AGAIN = Duration.ofSeconds(30);
    private static final String SMALL = "/http2" + LogoServlet.LOGO_PATH;
    private static final String LARGE = "/http2" + LogoServlet.TILE_2M_PATH;
    private static final Duration START = Duration.ofMinutes(3);

    /** What is attacked: a door, and the processes whose CPU and memory it costs. */
    record Attacked(String name, URI root, ProcessHandle process) {

        URI door(String path) {
            return root.resolve(path);
        }
    }

    /** One attack on one front. */
    record Row(Attack attack, String front, Outcome outcome, OpenLoopBystander.Seen bystander, double cpuSeconds, long rssBeforeMiB,
            long rssPeakMiB, String after) {
    }

    private AttackSuite() {
    }

    public static void main(String[] args) throws Exception {
        BalancerSettings bench = BalancerSettings.read(Path.of(args[0]), System.getProperties());
        AttackSettings attacks = AttackSettings.read(Path.of(args[0]), System.getProperties());
        ClusterSettings settings = ClusterSettings.read(bench.cluster(), System.getProperties());
        Path out = Files.createDirectories(bench.dir().resolveSibling("attacks"));
        CheckTrust tls = trusting(bench.keystore(), bench.keystorePassword().toCharArray());
        TlsIdentity identity = TlsIdentity.read(bench.keystore(), bench.keystorePassword().toCharArray(), bench.keystoreAlias());
        List<Row> rows = new ArrayList<>();
        List<ExternalFront.Kind> fronts = List.of(ExternalFront.Kind.HAPROXY_H2, ExternalFront.Kind.NGINX);
        fronts.forEach(ExternalFront.Kind::requireInstalled); // before the first front's quarter of an hour, not after it
        try (Cluster cluster = Cluster.start(settings, settings.portOffset(), out.resolve("cluster"), START, List.of())) {
            rows.addAll(attackEach(new Attacked("WildFly, hop " + settings.hop().token() + ", Undertow patched",
                    cluster.balancer(""), cluster.process(Cluster.BALANCER).toHandle()), tls, attacks));
            for (ExternalFront.Kind kind : fronts) {
                try (ExternalFront front = ExternalFront.start(kind, cluster, identity, out.resolve("fronts"))) {
                    cluster.awaitNodes(front.clearTextDoor("/http2/"), Set.copyOf(Cluster.NODES), START);
                    rows.addAll(attackEach(new Attacked(front.name(), front.door(""), front.process()), tls, attacks));
                }
            }
            rows.addAll(attackEach(new Attacked("door 2 of one node, Undertow patched", cluster.node(Cluster.NODES.get(0), ""),
                    cluster.process(Cluster.NODES.get(0)).toHandle()), tls, attacks));
        }
        ClusterSettings stock = settings.withHomes(UndertowPatch.stock(settings.balancerHome(), out.resolve("stock-balancer")),
                UndertowPatch.stock(settings.nodeHome(), out.resolve("stock-node")));
        try (Cluster cluster = Cluster.start(stock, settings.portOffset(), out.resolve("stock-cluster"), START, List.of())) {
            rows.addAll(attackEach(new Attacked("WildFly, hop " + settings.hop().token() + ", Undertow stock",
                    cluster.balancer(""), cluster.process(Cluster.BALANCER).toHandle()), tls, attacks));
            rows.addAll(attackEach(new Attacked("door 2 of one node, Undertow stock", cluster.node(Cluster.NODES.get(0), ""),
                    cluster.process(Cluster.NODES.get(0)).toHandle()), tls, attacks));
        }
        AttackReport report = new AttackReport(rows, attacks, settings.hop());
        Files.writeString(out.resolve("attacks.md"), report.record());
        System.out.println(report.record());
        if (attacks.record()) {
            report.recordIn(Path.of("docs"));
        }
    }

    /** Every attack on one front, one after another, the front given time to recover between them. */
    private static List<Row> attackEach(Attacked front, CheckTrust trust, AttackSettings settings) throws Exception {
        SSLContext tls = trust.context();
        OkHttpClient okHttp = new OkHttpClient.Builder().sslSocketFactory(tls.getSocketFactory(), trust.manager()).build();
        System.out.println("== " + front.name());
        List<Row> rows = new ArrayList<>();
        for (Attack attack : settings.attacks()) {
            awaitServing(front, tls, SERVING_AGAIN);
            double cpuBefore = ProcessCost.cpuMillis(front.process());
            long rssBefore = ProcessCost.residentKiB(front.process());
            AtomicLong peak = new AtomicLong(rssBefore);
            Outcome outcome;
            OpenLoopBystander bystander = OpenLoopBystander.start(okHttp, front.door(SMALL), InetAddress.getByName(BYSTANDER_ADDRESS),
                    BYSTANDER_EVERY, BYSTANDER_PATIENCE);
            try (bystander; Sampler sampler = new Sampler(() -> peak.accumulateAndGet(ProcessCost.residentKiB(front.process()), Math::max))) {
                outcome = attack.against(new Attack.Target(tls, front.door("/"), SMALL, LARGE, settings.time()));
                Thread.sleep(BYSTANDER_AFTER.toMillis()); // what an attack leaves behind shows after it too
            }
            OpenLoopBystander.Seen seen = bystander.seen();
            double cpu = (ProcessCost.cpuMillis(front.process()) - cpuBefore) / 1000;
            String after = awaitServing(front, tls, SERVING_AGAIN).map(took -> took.isZero() ? "yes" : "after " + took.toSeconds() + " s")
                    .orElse("no, within " + SERVING_AGAIN.toSeconds() + " s");
            Row row = new Row(attack, front.name(), outcome, seen, cpu, rssBefore / 1024, peak.get() / 1024, after);
            System.out.println(attack.label() + ": " + outcome.summary() + "; bystander " + seen + "; CPU " + cpu + " s; RSS "
                    + row.rssBeforeMiB() + " -> " + row.rssPeakMiB() + " MiB; serving " + after);
            rows.add(row);
            if (after.startsWith("no")) {
                System.out.println(front.name() + " no longer serves: its remaining attacks are left out");
                break;
            }
        }
        return rows;
    }

    /** How long the front took to answer a logo again (zero: at once), or empty if it did not within the time. */
    private static Optional<Duration> awaitServing(Attacked front, SSLContext tls, Duration within) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_2).build();
        Instant started = Instant.now();
        Instant deadline = started.plus(within);
        for (int tries = 0; Instant.now().isBefore(deadline); tries++) {
            try {
                HttpResponse<Void> answer = client.send(HttpRequest.newBuilder(front.door(SMALL)).timeout(BYSTANDER_PATIENCE).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (answer.statusCode() == 200) {
                    return Optional.of(tries == 0 ? Duration.ZERO : Duration.between(started, Instant.now()));
                }
            } catch (IOException notYet) {
                // a refused connection, a reset, a timeout: not serving yet
            }
            Thread.sleep(500);
        }
        return Optional.empty();
    }

    /** Trusts exactly the certificates in the project's key store (its own), as the browsers here do. */
    private static CheckTrust trusting(Path keystore, char[] password) throws Exception {
        KeyStore store = KeyStore.getInstance(keystore.toFile(), password);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        X509TrustManager manager = (X509TrustManager) trust.getTrustManagers()[0];
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, new TrustManager[] {manager}, null);
        return new CheckTrust(tls, manager);
    }

    /** Runs a sample every 100 ms until closed. */
    private static final class Sampler implements AutoCloseable {

        private final Thread thread;

        Sampler(Runnable sample) {
            thread = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    sample.run();
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "attack-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join();
        }
    }
}
