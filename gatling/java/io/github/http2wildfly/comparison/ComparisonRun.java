package io.github.http2wildfly.comparison;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What every tool of the comparison (Gatling, Chromium) runs the same way, through the model or the lab
 * ({@link Emulation}): the calibration of the emulated latency, the rounds with the doors in a new order each
 * time (so the machine's drift hits all alike), and the results. A tool only loads pages.
 */
public final class ComparisonRun implements AutoCloseable {

    /** One pass over every cell: the warm-ups first, not counted. */
    public record Round(int number, String name, boolean counted, List<Cell> cells) {
    }

    private final ComparisonSettings settings;
    private final List<Cell> cells;
    private final Emulation emulation;
    private final Map<Cell, LoadLog> logs = new LinkedHashMap<>();
    private final Map<Integer, Double> calibration = new TreeMap<>();

    /** Through the model's delay proxies. @param speaksHttp3 whether the tool loads HTTP/3's cells (Chromium) or not (Gatling) */
    public ComparisonRun(ComparisonSettings settings, boolean speaksHttp3) {
        this(settings, speaksHttp3, cells -> new ProxyEmulation(settings, cells));
    }

    /** Through the emulation made for the tool's cells. */
    public ComparisonRun(ComparisonSettings settings, boolean speaksHttp3, Function<List<Cell>, Emulation> emulation) {
        this.settings = settings;
        this.cells = settings.cells().stream().filter(cell -> speaksHttp3 || !cell.door().overQuic()).toList();
        this.emulation = emulation.apply(cells);
        cells.forEach(cell -> logs.put(cell, new LoadLog()));
    }

    public ComparisonSettings settings() {
        return settings;
    }

    /** The cells this tool loads. */
    public List<Cell> cells() {
        return cells;
    }

    public Emulation emulation() {
        return emulation;
    }

    /** Measures what the emulation really adds at each RTT of the grid. */
    public Map<Integer, Double> calibrate() {
        calibration.putAll(emulation.calibrate(settings.roundTripsMillis()));
        return calibration;
    }

    /**
     * The warm-up rounds first, not counted: each door and size once without a network, which warms the
     * server's and the client's code as well as any network would, in a fraction of the time. Then the
     * counted rounds over every cell.
     */
    public List<Round> rounds() {
        List<Round> rounds = new ArrayList<>();
        for (int round = 0; round < settings.warmupLoads(); round++) {
            rounds.add(new Round(round, "warm-up " + round, false, rotated(round).stream().filter(ComparisonRun::warmsUp).toList()));
        }
        for (int round = 0; round < settings.loads(); round++) {
            rounds.add(new Round(round, "load " + round, true, rotated(round)));
        }
        return rounds;
    }

    /** Where a load of this cell connects to: scheme://host:port. */
    public String baseUrl(Cell cell, boolean counted) {
        return cell.door().scheme() + "://" + emulation.origin(cell, counted);
    }

    /** Every HTTP/3 door of this run: the origins a browser forces QUIC to. */
    public List<String> quicOrigins() {
        return emulation.quicOrigins();
    }

    /** The page of this cell, on its door under its network. */
    public String pageUrl(Cell cell, boolean counted) {
        return baseUrl(cell, counted) + settings.pagePath(cell.condition());
    }

    public LoadLog log(Cell cell) {
        return logs.get(cell);
    }

    public ToolResults results(String tool, long clientWindowBytes, String client) {
        Map<String, String> environment = Environment.describe(settings, client);
        environment.putAll(emulation.environment());
        return new ToolResults(tool, clientWindowBytes, settings.imageCount(), settings.imageBytes(),
                cells.stream().map(cell -> logs.get(cell).result(cell, emulation.traffic(cell))).toList(),
                calibration, environment);
    }

    @Override
    public void close() {
        emulation.close();
    }

    static boolean warmsUp(Cell cell) {
        return cell.condition().equals(cell.condition().withoutNetwork());
    }

    private List<Cell> rotated(int round) {
        List<Cell> rotated = new ArrayList<>(cells);
        Collections.rotate(rotated, -round);
        return rotated;
    }
}
