package io.github.http2wildfly.comparison.measurement;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.door.Door;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The 500-logo page through each door under each emulated network, loaded as a browser loads
 * it: the page, then every image it names, six connections per host over HTTP/1.1, one connection
 * over HTTP/2, nothing cached. Every load is a new virtual user, so it opens its own connections
 * and pays their set-up, as a first visit does.
 *
 * <p>The proxies, rounds and results are ComparisonRun's, shared with the Chromium measurement: each
 * round is one scenario, the rounds chained one after another; in it a new virtual user loads each cell the round
 * still loads (its pairs undecided: ComparisonRun#loads), in the round's order, each cell on its own proxy's port, so
 * with connections of its own. One scenario a round, not one a cell: Gatling starts a chained scenario on its
 * injector's tick, and twenty rounds of empty cells cost minutes. Gatling has no HTTP/3 client: its cells are left out
 * here.
 */
public class PageLoadSimulation extends Simulation {

    /** Netty's default connection window, which Gatling's HTTP/2 client keeps: it has no setting for it. */
    static final long GATLING_HTTP2_WINDOW_BYTES = 65_535;
    /** The session's count of the loads its user has made in its round: the next load's position (CellResult#loadPositions). */
    private static final String POSITION = "position";

    private final ComparisonRun run = new ComparisonRun(ComparisonSettings.load(Path.of(System.getProperty("comparison.settings"))), false);

    public PageLoadSimulation() {
        List<PopulationBuilder> steps = new ArrayList<>();
        for (ComparisonRun.Round round : run.rounds()) {
            ChainBuilder cells = exec(session -> session.set(POSITION, 0));
            for (Cell cell : round.cells()) {
                cells = cells.doIf(session -> run.loads(cell, round)).then(pageLoad(cell, round));
            }
            steps.add(scenario(round.name()).exec(cells).injectOpen(atOnceUsers(run.settings().loading().users())).protocols(browserLike()));
        }
        setUp(oneAfterAnother(steps));
    }

    @Override
    public void before() {
        if (run.settings().grid().doors().contains(Door.HTTP_3)) {
            System.out.println("Gatling has no HTTP/3 client: HTTP/3's cells are Chromium's alone");
        }
        System.out.println("Delay proxy calibration, setting -> measured median RTT (ms): " + run.calibrate());
    }

    @Override
    public void after() {
        try (run) {
            System.out.println("Wrote " + run.results("gatling", GATLING_HTTP2_WINDOW_BYTES,
                    "Gatling " + run.settings().tools().gatlingVersion()).write(run.settings().outputDirectory()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the results", e);
        }
    }

    private ChainBuilder pageLoad(Cell cell, ComparisonRun.Round round) {
        boolean counted = round.counted();
        String group = counted ? cell.key() : "warm-up " + cell.key();
        return exec(session -> session.set("loadStart", System.nanoTime()))
                .group(group).on(exec(http("page").get(run.pageUrl(cell, counted))))
                .exec(session -> {
                    int position = session.getInt(POSITION);
                    if (counted) {
                        double millis = (System.nanoTime() - session.getLong("loadStart")) / 1e6;
                        run.log(cell).record(round.number(), position, millis, session.isFailed());
                    }
                    return session.set(POSITION, position + 1);
                });
    }

    /**
     * What a browser does: fetch what the page names, six connections per host, HTTP/2 where the door offers it by
     * ALPN (door 3 offers only HTTP/1.1, door 1 has no TLS: both stay HTTP/1.1).
     */
    private static HttpProtocolBuilder browserLike() {
        return http
                .inferHtmlResources()
                // one statistic for all logo.png?N, not one per query string
                .nameInferredHtmlResourcesAfterPath()
                .maxConnectionsPerHost(6)
                .disableCaching()
                .acceptHeader("text/html,image/avif,image/webp,image/png,*/*;q=0.8")
                .userAgentHeader("Gatling (HTTP/2 on WildFly comparison)")
                .enableHttp2();
    }

    private static PopulationBuilder oneAfterAnother(List<PopulationBuilder> steps) {
        PopulationBuilder chain = steps.get(steps.size() - 1);
        for (int i = steps.size() - 2; i >= 0; i--) {
            chain = steps.get(i).andThen(chain);
        }
        return chain;
    }
}
