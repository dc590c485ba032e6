package io.github.http2wildfly.comparison.measurement;

import io.gatling.charts.stats.GeneralStats;
import io.gatling.charts.stats.Group;
import io.gatling.charts.stats.LogFileData;
import io.gatling.charts.stats.LogFileReader;
import io.gatling.charts.stats.RequestStatsPath;
import io.gatling.charts.stats.StatsPath;
import io.gatling.commons.stats.KO$;
import io.gatling.commons.stats.Status;
import io.gatling.core.config.GatlingConfiguration;
import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.settings.Cell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What only Gatling knows, read from its own record of the run (simulation.log, through Gatling's
 * reader): the requests and failed requests of each cell, and Gatling's own mean page-load time of
 * the cell's group, to check the simulation's timing against. The run is the directory Gatling made for it
 * ({@link GatlingLeg}).
 */
public final class GatlingStatistics {

    /** One cell's group as Gatling recorded it. */
    record GroupStatistics(long requests, long failedRequests, double meanMillis) {
    }

    private GatlingStatistics() {
    }

    public static void addTo(Path results, Path gatlingRun) throws IOException {
        if (!Files.isRegularFile(results)) {
            return; // ComparisonReport says that the run produced no results
        }
        String run = gatlingRun.getFileName().toString();
        Map<String, GroupStatistics> groups = read(gatlingRun.getParent(), run);
        ToolResults measured = ToolResults.read(results);
        List<CellResult> cells = new ArrayList<>();
        for (CellResult cell : measured.cells()) {
            String key = new Cell(cell.door(), cell.condition()).key();
            GroupStatistics group = groups.get(key);
            if (group == null) {
                throw new ComparisonFailure("Gatling's run " + run + " has no group " + key
                        + ", which gatling.json measured: the two do not belong to the same run");
            }
            cells.add(new CellResult(cell.door(), cell.condition(), cell.loadMillis(), cell.failedLoads(), group.requests(),
                    group.failedRequests(), cell.connections(), cell.bytes(), cell.packetsUp(), cell.packetsDown(), 0, 0,
                    group.meanMillis(), cell.loadRounds(), cell.loadPositions(), cell.loadCpuMillis()));
        }
        Map<String, String> environment = new LinkedHashMap<>(measured.environment());
        environment.put("Gatling report", gatlingRun.resolve("index.html").toAbsolutePath().toString());
        new ToolResults(measured.tool(), measured.clientWindowBytes(), measured.imageCount(), measured.imageBytes(), cells,
                measured.calibration(), environment, measured.rule())
                .write(results.getParent());
    }

    /** Every group of the run by name, with the requests made inside it. */
    static Map<String, GroupStatistics> read(Path gatlingResults, String run) {
        LogFileData data = LogFileReader.apply(run, gatlingResults, GatlingConfiguration.load()).read();
        Map<Group, long[]> requests = new LinkedHashMap<>();
        for (StatsPath path : CollectionConverters.asJava(data.statsPaths())) {
            if (path instanceof RequestStatsPath request && request.group().isDefined()) {
                long[] counts = requests.computeIfAbsent(request.group().get(), group -> new long[2]);
                counts[0] += count(data, request, Option.empty());
                counts[1] += count(data, request, Option.apply(KO$.MODULE$));
            }
        }
        Map<String, GroupStatistics> groups = new LinkedHashMap<>();
        requests.forEach((group, counts) -> groups.put(group.name(), new GroupStatistics(counts[0], counts[1],
                data.groupDurationGeneralStats(group, Option.empty()).get().mean())));
        return groups;
    }

    private static long count(LogFileData data, RequestStatsPath request, Option<Status> status) {
        Option<GeneralStats> stats = data.requestGeneralStats(Option.apply(request.request()), request.group(), status);
        return stats.isDefined() ? stats.get().count() : 0;
    }
}
