package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.check.CheckTrust;
import io.github.http2wildfly.page.LogoServlet;
import io.github.http2wildfly.page.LogoWallServlet;
import io.github.http2wildfly.servers.UndertowPatch;
import io.github.http2wildfly.servers.bench.H2load;
import io.github.http2wildfly.servers.bench.Latency;
import io.github.http2wildfly.servers.bench.ProcessCost;
import io.github.http2wildfly.servers.bench.RunFacts;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a request costs the project's WildFly, door 2 (h2 over TLS) and door 3 (HTTP/1.1 over TLS), with Undertow's
 * diffs and without them, beside nginx and Caddy serving the same bytes with the same headers, under h2load: the seed
 * article's {@code -c 100 -m 1} over both protocols, the logo multiplexed, and the 500-logo page ({@link Load}). For
 * each server and load: requests per second, the server's CPU per 1,000 requests, p50 and p99, header bytes and HPACK's
 * savings, each with its interval over interleaved rounds after a warm-up ({@link OriginRecord}). A benchmark, not a
 * test: it asserts only that every request was answered 2xx, and writes its record.
 *
 * <p>{@code ./mvnw package exec:java@servers}; its one argument: its settings as the build filled them in
 * ({@link OriginSettings}). Why the stock server is a copy of target/server without the diffs' jar
 * (UndertowPatch.stock, as the attack suite's) and not a second provisioning under -Pstock: the same WildFly, modules
 * and configuration, differing in Undertow's classes alone, both in one run, so that their rounds interleave.
 */
public final class OriginBenchmark {

    static final String CONTEXT = "/http2";
    static final String LOGO = CONTEXT + LogoServlet.LOGO_PATH;
    static final String PAGE = CONTEXT + LogoWallServlet.PATH;

    private OriginBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        OriginSettings settings = OriginSettings.read(Path.of(args[0]), System.getProperties());
        Path out = Files.createDirectories(settings.dir());
        String loadAtStart = RunFacts.loadAverage();
        TlsIdentity identity = TlsIdentity.read(settings.keystore(), settings.keystorePassword().toCharArray(), settings.keystoreAlias());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(CheckTrust.trusting(identity.chain()[0]).context()).build();
        long seed = ThreadLocalRandom.current().nextLong();
        Random order = new Random(seed);
        try (Started started = new Started()) {
            SiteCopy site = start(settings, identity, client, out, started);
            List<Origin> origins = started.inTheOrderOf(settings.servers());
            Map<String, String> seen = seen(origins, client);
            rounds("warm-up", settings.warmup(), origins, settings, site, order, out);
            Map<Load, Map<Origin, List<Sample>>> samples = rounds("round", settings.rounds(), origins, settings, site, order, out);
            List<CpuProfile> profiles = profiles(origins, settings, site, out);
            OriginRecord record = new OriginRecord(settings, facts(settings, loadAtStart, seed, site), rows(samples, origins), seen, profiles);
            Files.writeString(out.resolve("servers.md"), record.record());
            System.out.println(record.record());
            if (settings.record()) {
                System.out.println("Recorded in " + record.recordIn(settings.docs()) + " and docs/results.md");
            }
        }
    }

    /** Every server started, each stopped by its process id in the reverse order, also when a stage fails. */
    private static final class Started implements AutoCloseable {

        private final Map<ServerKind, Origin> byKind = new EnumMap<>(ServerKind.class);

        void add(ServerKind kind, Origin origin) {
            byKind.put(kind, origin);
        }

        List<Origin> inTheOrderOf(List<ServerKind> kinds) {
            return kinds.stream().map(byKind::get).toList();
        }

        @Override
        public void close() {
            List<Origin> origins = new ArrayList<>(byKind.values());
            Collections.reverse(origins);
            origins.forEach(Origin::close);
        }
    }

    /**
     * The WildFlys first, both at once (the stock one 100 ports above), then the copy of the first one's answers, then
     * nginx and Caddy serving it.
     */
    private static SiteCopy start(OriginSettings settings, TlsIdentity identity, HttpClient client, Path out, Started started)
            throws IOException, InterruptedException {
        Origin copiedFrom = null;
        for (ServerKind kind : settings.servers().stream().filter(ServerKind::wildFly).toList()) {
            boolean stock = kind == ServerKind.WILDFLY_STOCK;
            Path home = stock ? UndertowPatch.stock(settings.server(), out.resolve("stock-server")) : settings.server();
            String name = "WildFly, Undertow " + (UndertowPatch.patched(home) ? "patched" : stock ? "stock" : "stock (this build carries no diff)");
            Origin wildFly = WildFlyOrigin.start(name, home, settings, settings.portOffset() + (stock ? OriginSettings.STOCK_OFFSET_STEP : 0),
                    out.resolve(kind.token()));
            started.add(kind, wildFly);
            copiedFrom = copiedFrom == null ? wildFly : copiedFrom;
        }
        SiteCopy site = SiteCopy.of(client, copiedFrom.h1("/"), out.resolve("site"));
        if (settings.servers().contains(ServerKind.NGINX)) {
            started.add(ServerKind.NGINX, StaticOrigin.nginx(site, identity, out));
        }
        if (settings.servers().contains(ServerKind.CADDY)) {
            started.add(ServerKind.CADDY, StaticOrigin.caddy(site, identity, out));
        }
        return site;
    }

    /** By server: what it sent with the logo over HTTP/1.1 (Date left out), and the TLS h2load negotiated with it over h2. */
    private static Map<String, String> seen(List<Origin> origins, HttpClient client) throws IOException, InterruptedException {
        Map<String, String> seen = new LinkedHashMap<>();
        for (Origin origin : origins) {
            HttpResponse<Void> logo = client.send(HttpRequest.newBuilder(origin.h1(LOGO)).build(), HttpResponse.BodyHandlers.discarding());
            Map<String, String> headers = new TreeMap<>();
            logo.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
            headers.remove("date");
            String tls = H2load.tls(H2load.run(List.of("-n", "1", "-c", "1", origin.h2(LOGO).toString())));
            seen.put(origin.name(), logo.statusCode() + "; " + headers.entrySet().stream().map(header -> "`" + header.getKey() + ": "
                    + header.getValue() + "`").collect(Collectors.joining(", ")) + "; " + tls);
            System.out.println(origin.name() + ": " + seen.get(origin.name()));
        }
        return seen;
    }

    /** Rounds of every load on every server, the servers in an order drawn for each round; the samples by load and server. */
    private static Map<Load, Map<Origin, List<Sample>>> rounds(String what, int rounds, List<Origin> origins, OriginSettings settings,
            SiteCopy site, Random order, Path out) throws IOException, InterruptedException {
        Map<Load, Map<Origin, List<Sample>>> samples = new EnumMap<>(Load.class);
        for (int round = 1; round <= rounds; round++) {
            List<Origin> drawn = new ArrayList<>(origins);
            Collections.shuffle(drawn, order);
            for (Load load : Load.values()) {
                for (Origin origin : drawn) {
                    Sample sample = measure(origin, load, load.requests(settings.requests(), 1 + site.logoPaths().size()), site, out);
                    System.out.printf(Locale.ROOT, "%s %d/%d, %s, %s: %,.0f req/s, CPU %,.0f ms per 1,000, p50 %.2f ms, p99 %.2f ms,"
                            + " %.1f header bytes an answer (HPACK saved %.1f %%)%n", what, round, rounds, origin.name(), load.label(),
                            sample.requestsPerSecond(), sample.cpuMillisPerThousand(), sample.p50Millis(), sample.p99Millis(),
                            sample.headerBytesPerAnswer(), sample.headerSavingsPercent());
                    samples.computeIfAbsent(load, any -> new LinkedHashMap<>()).computeIfAbsent(origin, any -> new ArrayList<>()).add(sample);
                }
            }
        }
        return samples;
    }

    /** Each WildFly under the load of the goal (the logo multiplexed) for servers.bench.profile requests, profiled (CpuProfile). */
    private static List<CpuProfile> profiles(List<Origin> origins, OriginSettings settings, SiteCopy site, Path out)
            throws IOException, InterruptedException {
        List<CpuProfile> profiles = new ArrayList<>();
        if (settings.profile() == 0) {
            return profiles;
        }
        Load load = Load.MULTIPLEXED_H2;
        for (Origin origin : origins.stream().filter(origin -> origin instanceof WildFlyOrigin).toList()) {
            CpuProfile profile = CpuProfile.of(origin.name() + ", " + origin.door(load.http1()), origin.process(), load.label(), settings.profile(), out,
                    () -> measure(origin, load, settings.profile(), site, out));
            System.out.println(profile.markdown());
            profiles.add(profile);
        }
        return profiles;
    }

    /** One h2load run, the server's CPU read before and after it; a run with any request not answered 2xx fails the benchmark. */
    private static Sample measure(Origin origin, Load load, int requests, SiteCopy site, Path out) throws IOException, InterruptedException {
        Path uris = out.resolve("page-uris.txt");
        Files.write(uris, Stream.concat(Stream.of(PAGE), site.logoPaths().stream())
                .map(path -> (load.http1() ? origin.h1(path) : origin.h2(path)).toString()).toList());
        Path log = out.resolve("h2load-requests.log");
        Files.deleteIfExists(log);
        double before = ProcessCost.cpuMillis(origin.process());
        String output = H2load.run(load.arguments(requests, load.http1() ? origin.h1(LOGO) : origin.h2(LOGO), uris, log));
        double cpuMillis = ProcessCost.cpuMillis(origin.process()) - before;
        H2load.Summary summary = H2load.parse(output);
        if (!summary.all2xx() || summary.requests() != requests) {
            throw new IllegalStateException(origin.name() + ", " + load.label() + ": not every request was answered 2xx:\n" + output);
        }
        Latency latency = Latency.of(Files.readAllLines(log));
        return new Sample(summary.requestsPerSecond(), cpuMillis, cpuMillis * 1000 / requests, latency.p50Millis(), latency.p99Millis(),
                (double) summary.headerBytes() / requests, summary.headerSavingsPercent());
    }

    /** The record's rows: by load, then by server in the settings' order (the rounds drew their own). */
    private static List<OriginRecord.Row> rows(Map<Load, Map<Origin, List<Sample>>> samples, List<Origin> origins) {
        List<OriginRecord.Row> rows = new ArrayList<>();
        samples.forEach((load, byOrigin) -> origins.forEach(origin -> rows.add(new OriginRecord.Row(load,
                origin.name() + (origin.door(load.http1()).isEmpty() ? "" : ", " + origin.door(load.http1())), byOrigin.get(origin)))));
        return rows;
    }

    private static OriginRecord.Facts facts(OriginSettings settings, String loadAtStart, long seed, SiteCopy site) throws IOException {
        List<String> software = new ArrayList<>();
        software.add("WildFly " + settings.wildFlyVersion() + " with Undertow " + WildFlyOrigin.undertowVersion(settings.server())
                + (UndertowPatch.patched(settings.server()) ? ", its diffs compiled in (" + String.join(", ", RunFacts.diffs(settings.patches())) + ")" : "")
                + (settings.servers().contains(ServerKind.WILDFLY_STOCK) ? ", and the same server without them (stock Undertow), the same WAR on both" : ""));
        if (settings.servers().contains(ServerKind.NGINX)) {
            software.add(RunFacts.version(StaticOrigin.NGINX.toString(), "-v"));
        }
        if (settings.servers().contains(ServerKind.CADDY)) {
            software.add("Caddy " + RunFacts.version(StaticOrigin.CADDY.toString(), "version").split("\\s+")[0]);
        }
        software.add(RunFacts.version("h2load", "--version"));
        return new OriginRecord.Facts(RunFacts.today(), RunFacts.machine(), loadAtStart, RunFacts.loadAverage(), RunFacts.commit(),
                String.join("; ", software), seed, 1 + site.logoPaths().size());
    }
}
