package io.github.http2wildfly.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.github.http2wildfly.Door;
import io.github.http2wildfly.comparison.BenchmarkSettings;
import io.github.http2wildfly.comparison.Cell;
import io.github.http2wildfly.comparison.Environment;
import io.github.http2wildfly.comparison.LoadLog;
import io.github.http2wildfly.comparison.ToolResults;
import io.github.http2wildfly.latency.DelayProxy;
import io.github.http2wildfly.latency.RoundTripProbe;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The 500-logo page through each door at each emulated round-trip time, loaded as a browser loads
 * it: the page, then every image it names, six connections per host over HTTP/1.1, one connection
 * over HTTP/2, nothing cached. Every load is a new virtual user, so it opens its own connections
 * and pays their set-up, as a first visit does.
 *
 * <p>Each door and RTT has its own delay proxy, so the proxy's counters are that cell's connections
 * and bytes; warm-up loads go through proxies of their own and are not recorded. The cells run one
 * after another, doors interleaved round by round, so the machine's drift hits all alike.
 */
public class PageLoadSimulation extends Simulation {

    /** Netty's default connection window, which Gatling's HTTP/2 client keeps: it has no setting for it. */
    static final long GATLING_HTTP2_WINDOW_BYTES = 65_535;

    private final BenchmarkSettings settings = BenchmarkSettings.from(System.getProperties());
    private final Map<Cell, DelayProxy> measuredProxies = new LinkedHashMap<>();
    private final Map<Cell, DelayProxy> warmupProxies = new LinkedHashMap<>();
    private final Map<Cell, LoadLog> loadLogs = new LinkedHashMap<>();
    private final Map<Integer, Double> calibration = new TreeMap<>();

    public PageLoadSimulation() {
        for (Cell cell : settings.cells()) {
            measuredProxies.put(cell, proxy(cell));
            warmupProxies.put(cell, proxy(cell));
            loadLogs.put(cell, new LoadLog());
        }
        List<PopulationBuilder> rounds = new ArrayList<>();
        for (int round = 0; round < settings.warmupLoads(); round++) {
            rounds.addAll(round("warm-up " + round, round, warmupProxies, false));
        }
        for (int round = 0; round < settings.loads(); round++) {
            rounds.addAll(round("load " + round, round, measuredProxies, true));
        }
        setUp(oneAfterAnother(rounds));
    }

    @Override
    public void before() {
        for (int rtt : settings.roundTripsMillis()) {
            try {
                calibration.put(rtt, RoundTripProbe.measure(Duration.ofMillis(rtt), 20).median().toNanos() / 1e6);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot calibrate the delay proxy", e);
            }
        }
        System.out.println("Delay proxy calibration, setting -> measured median RTT (ms): " + calibration);
    }

    @Override
    public void after() {
        try {
            ToolResults results = new ToolResults("gatling", GATLING_HTTP2_WINDOW_BYTES,
                    settings.cells().stream().map(cell -> loadLogs.get(cell).result(cell, measuredProxies.get(cell))).toList(),
                    calibration, Environment.describe(settings, "Gatling " + System.getProperty("bench.gatling.version", ""), System.getProperties()));
            System.out.println("Wrote " + results.write(settings.outputDirectory()));
            for (DelayProxy proxy : measuredProxies.values()) {
                proxy.close();
            }
            for (DelayProxy proxy : warmupProxies.values()) {
                proxy.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the results", e);
        }
    }

    /** One load of every cell, the doors in a different order each round. */
    private List<PopulationBuilder> round(String name, int round, Map<Cell, DelayProxy> proxies, boolean measured) {
        List<Cell> cells = new ArrayList<>(proxies.keySet());
        java.util.Collections.rotate(cells, -round);
        List<PopulationBuilder> steps = new ArrayList<>();
        for (Cell cell : cells) {
            steps.add(scenario(name + " " + cell.key())
                    .exec(pageLoad(cell, measured))
                    .injectOpen(atOnceUsers(settings.users()))
                    .protocols(browserLike(cell.door(), proxies.get(cell))));
        }
        return steps;
    }

    private ChainBuilder pageLoad(Cell cell, boolean measured) {
        String group = measured ? cell.key() : "warm-up " + cell.key();
        return exec(session -> session.set("loadStart", System.nanoTime()))
                .group(group).on(exec(http("page").get(settings.pagePath())))
                .exec(session -> {
                    if (measured) {
                        double millis = (System.nanoTime() - session.getLong("loadStart")) / 1e6;
                        loadLogs.get(cell).record(millis, session.isFailed());
                    }
                    return session;
                });
    }

    /** What a browser does: fetch what the page names, six connections per host, HTTP/2 where offered. */
    private static HttpProtocolBuilder browserLike(Door door, DelayProxy proxy) {
        HttpProtocolBuilder protocol = http
                .baseUrl(door.scheme() + "://127.0.0.1:" + proxy.port())
                .inferHtmlResources()
                // one statistic for all logo.png?N, not one per query string
                .nameInferredHtmlResourcesAfterPath()
                .maxConnectionsPerHost(6)
                .disableCaching()
                .acceptHeader("text/html,image/avif,image/webp,image/png,*/*;q=0.8")
                .userAgentHeader("Gatling (HTTP/2 on WildFly comparison)");
        return door == Door.HTTP_2_TLS ? protocol.enableHttp2() : protocol;
    }

    private static DelayProxy proxy(Cell cell) {
        try {
            return DelayProxy.withRoundTrip(new InetSocketAddress("127.0.0.1", cell.door().port(System.getProperties())),
                    Duration.ofMillis(cell.rttMillis()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a delay proxy", e);
        }
    }

    private static PopulationBuilder oneAfterAnother(List<PopulationBuilder> steps) {
        PopulationBuilder chain = steps.get(steps.size() - 1);
        for (int i = steps.size() - 2; i >= 0; i--) {
            chain = steps.get(i).andThen(chain);
        }
        return chain;
    }
}
