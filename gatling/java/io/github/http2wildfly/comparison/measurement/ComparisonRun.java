package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.emulation.Emulation;
import io.github.http2wildfly.comparison.emulation.ProxyEmulation;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.Environment;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.statistics.Spread;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What every tool of the comparison (Gatling, Chromium) runs the same way, through the model or the lab
 * ({@link Emulation}): the calibration of the emulated latency, the rounds with the cells in a new random order every
 * other round and that order reversed in the round after (so the machine's drift hits all alike, no cell always follows
 * the same other, and in every pair each cell leads as often as the other at every look), which cells a round still
 * loads (loads until decided: {@link StoppingRule}), and the results. A tool only loads pages.
 */
public final class ComparisonRun implements AutoCloseable {

    /** One pass over every cell: the warm-ups first, not counted. */
    public record Round(int number, String name, boolean counted, List<Cell> cells) {
    }

    /** The results' environment key for the client's speed: its loads of the page on loopback. */
    public static final String CLIENT_SPEED = "client speed";

    private final ComparisonSettings settings;
    private final List<Cell> cells;
    private final Emulation emulation;
    private final Optional<ClientCpu> clientCpu;
    private final Map<Cell, LoadLog> logs = new LinkedHashMap<>();
    private final Map<Integer, Double> calibration = new TreeMap<>();
    /** Where this run's orders are drawn from: the run's seed, or for a leg beside another, a seed of its own. */
    private final long orderSeed;
    /** Whether this run made its emulation and CPU group (and closes them), or shares another's ({@link #besides}). */
    private final boolean owns;
    /** When the first counted round began (System.nanoTime), from which the leg's minutes count. */
    private Long countedSince;
    /** The counted round whose start last looked at the leg's minutes, and whether they were up then. */
    private int timeLookedAt = -1;
    private boolean timeUp;

    /**
     * Through the model's delay proxies. @param browser whether the tool is a browser, which loads HTTP/3's cells and
     * those with a CPU budget (Chromium, Firefox), or not (Gatling, whose JVM runs the delay proxies too)
     */
    public ComparisonRun(ComparisonSettings settings, boolean browser) {
        this(settings, browser, cell -> true, cells -> new ProxyEmulation(settings, cells));
    }

    /** Through the emulation made for the tool's cells, of those it can emulate (the lab: a real network has a receive window). */
    public ComparisonRun(ComparisonSettings settings, boolean browser, Predicate<Cell> emulates, Function<List<Cell>, Emulation> emulation) {
        this.settings = settings;
        List<Cell> loaded = settings.grid().cells().stream().filter(emulates)
                .filter(cell -> browser || !cell.door().overQuic() && cell.condition().clientMillicores() == 0).toList();
        this.clientCpu = loaded.stream().anyMatch(cell -> cell.condition().clientMillicores() > 0) ? clientCpu() : Optional.empty();
        this.cells = clientCpu.isPresent() ? loaded : loaded.stream().filter(cell -> cell.condition().clientMillicores() == 0).toList();
        this.emulation = emulation.apply(cells);
        this.orderSeed = settings.seed();
        this.owns = true;
        cells.forEach(cell -> logs.put(cell, new LoadLog()));
    }

    private ComparisonRun(ComparisonRun other, long orderSeed) {
        this.settings = other.settings;
        this.cells = other.cells;
        this.clientCpu = other.clientCpu;
        this.emulation = other.emulation;
        this.orderSeed = orderSeed;
        this.owns = false;
        cells.forEach(cell -> logs.put(cell, new LoadLog()));
    }

    /**
     * A second leg in the same emulation and CPU group as this one, loaded in the same rounds (BrowserPageLoads
     * interleaves them), with logs, stopping rule and orders of its own: its orders drawn from the run's seed + 1, so
     * that it shares neither the first leg's order nor its position effects. Closing it leaves the emulation to this run.
     */
    public ComparisonRun besides() {
        return new ComparisonRun(this, settings.seed() + 1);
    }

    /** The group that limits the browser's CPU, or one line saying why there is none and the limited cells are left out. */
    private static Optional<ClientCpu> clientCpu() {
        try {
            return Optional.of(ClientCpu.create("http2-wildfly-client-" + ProcessHandle.current().pid()));
        } catch (IOException | RuntimeException none) {
            System.out.println("The client's CPU cannot be limited here (" + none.getMessage() + "): the cells with"
                    + " comparison.clientcpus are left out, the browser runs unlimited");
            return Optional.empty();
        }
    }

    /** Before a load: the browser's processes under this cell's CPU budget (unlimited: the quota lifted). */
    public void limitClient(Cell cell, Collection<Long> browserPids) throws IOException {
        if (clientCpu.isPresent()) {
            clientCpu.get().limit(cell.condition().clientMillicores(), browserPids);
        }
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
        calibration.putAll(emulation.calibrate(settings.grid().roundTripsMillis()));
        return calibration;
    }

    /**
     * The warm-up rounds first, not counted: each door and size once without a network, which warms the
     * server's and the client's code as well as any network would, in a fraction of the time. Then the
     * counted rounds over every cell, as many as the most loads a pair may take ({@link #loads}: which cells a round
     * still loads).
     */
    public List<Round> rounds() {
        Random orders = new Random(orderSeed);
        List<Round> rounds = new ArrayList<>();
        for (int round = 0; round < settings.loading().warmupLoads(); round++) {
            rounds.add(new Round(round, "warm-up " + round, false, shuffled(orders).stream().filter(Cell::hasNoNetwork).toList()));
        }
        List<Cell> order = List.of();
        for (int round = 0; round < settings.loading().maxLoads(); round++) {
            order = round % 2 == 0 ? shuffled(orders) : reversed(order);
            rounds.add(new Round(round, "load " + round, true, order));
        }
        return rounds;
    }

    /**
     * Whether this round loads this cell: every warm-up and the first comparison.loads rounds do; after them only a
     * cell with a pair that is still undecided ({@link StoppingRule#wantsMore}), while the leg's minutes last. A pair
     * without a network (RTT 0) is not judged (CPU-bound on loopback): its cells load beside the rounds that still load
     * a cell of their size and CPU budget, the client's speed in each of them.
     */
    public synchronized boolean loads(Cell cell, Round round) {
        if (!round.counted()) {
            return true;
        }
        if (countedSince == null) {
            countedSince = System.nanoTime();
        }
        if (round.number() < settings.loading().minLoads()) {
            return true;
        }
        if (round.number() != timeLookedAt) {
            // once a round, so that time running out in the middle of one leaves no cell of a pair loaded alone
            timeLookedAt = round.number();
            timeUp = (System.nanoTime() - countedSince) / 60e9 >= settings.loading().minutes();
        }
        if (timeUp) {
            return false;
        }
        if (cell.hasNoNetwork()) {
            // the page on loopback beside every round that loads its size and budget under a network: the client's speed,
            // round by round, which the answer is stated along
            return cells.stream().filter(other -> !other.hasNoNetwork() && sameClient(other, cell)).anyMatch(this::undecided);
        }
        return undecided(cell);
    }

    private static boolean sameClient(Cell one, Cell other) {
        return one.condition().size() == other.condition().size()
                && one.condition().clientMillicores() == other.condition().clientMillicores();
    }

    /** Whether a cell under a network is in a pair the rule has not decided yet. */
    private boolean undecided(Cell cell) {
        StoppingRule rule = settings.loading().rule();
        return Pair.ALL.stream().map(pair -> partner(pair, cell)).flatMap(Optional::stream)
                .anyMatch(other -> rule.wantsMore(logRatios(cell, other)));
    }

    /** Whether no cell of this round, nor of any later one, is to be loaded: the rule decided every pair, or time is up. */
    public boolean finished(Round round) {
        return round.counted() && round.cells().stream().noneMatch(cell -> loads(cell, round));
    }

    /** The cell this one is paired with in that pair, where this run loads both. */
    private Optional<Cell> partner(Pair pair, Cell cell) {
        Door door = cell.door();
        Door other = pair.of() == door ? pair.against() : pair.against() == door ? pair.of() : null;
        Cell partner = other == null ? null : new Cell(other, cell.condition());
        return Optional.ofNullable(partner).filter(logs::containsKey);
    }

    private double[] logRatios(Cell one, Cell other) {
        return logs.get(one).result(one, Emulation.Traffic.NONE).logRatiosAgainst(logs.get(other).result(other, Emulation.Traffic.NONE));
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
        return baseUrl(cell, counted) + settings.page().path(cell.condition());
    }

    public LoadLog log(Cell cell) {
        return logs.get(cell);
    }

    public ToolResults results(String tool, long clientWindowBytes, String client) {
        Map<String, String> environment = Environment.describe(settings, client);
        clientSpeed().ifPresent(speed -> environment.put(CLIENT_SPEED, speed));
        environment.putAll(emulation.environment());
        return new ToolResults(tool, clientWindowBytes, settings.page().imageCount(), settings.page().imageBytes(),
                cells.stream().map(cell -> logs.get(cell).result(cell, emulation.traffic(cell))).toList(),
                calibration, environment, settings.loading().rule());
    }

    /**
     * How fast the client ran in this run: its loads of the page over each door on loopback (the browser's and the
     * server's work, no network's), the browser unlimited. A fixed script task measured before did not move while these
     * loads moved by half from run to run (278 to 283 ms against 2.3 to 3.5 s), so these loads are the measure.
     */
    private Optional<String> clientSpeed() {
        List<String> doors = new ArrayList<>();
        for (Cell cell : cells) {
            List<Double> millis = logs.get(cell).result(cell, Emulation.Traffic.NONE).loadMillis();
            if (cell.hasNoNetwork() && cell.condition().clientMillicores() == 0 && !millis.isEmpty()) {
                Spread spread = Spread.of(millis);
                doors.add(String.format(Locale.ROOT, "%s %.0f ms (median of %d, %.0f to %.0f)", cell.door().label(), spread.median(),
                        spread.n(), spread.min(), spread.max()));
            }
        }
        return doors.isEmpty() ? Optional.empty() : Optional.of("the page on loopback: " + String.join(" and ", doors));
    }

    @Override
    public void close() {
        if (!owns) {
            return;
        }
        emulation.close();
        clientCpu.ifPresent(group -> {
            try {
                group.close();
            } catch (IOException e) {
                System.out.println("Could not remove " + group.group() + ": " + e);
            }
        });
    }

    /**
     * A counted round's order is a new random one every even round, and the same reversed in the round after it, so that
     * in every pair of cells each leads in turn: after an even number of rounds each has led as often as the other (the
     * rule looks only then, {@link StoppingRule#looks}). A load's place in its round can move its time (a first load
     * pays for a cold cache, a later one for a machine that slowed down); reversed rounds make that effect cancel in a
     * pair's ratio instead of leaning it toward whichever cell chance put first more often (run.json's orderEffect
     * measures it). The orders are successive draws of one generator seeded by the run's seed, a fresh one per run
     * unless comparison.seed repeats one, so that no two runs share an order (seeds drawn one next to the other would
     * give java.util.Random's first shuffles alike).
     */
    private List<Cell> shuffled(Random orders) {
        List<Cell> shuffled = new ArrayList<>(cells);
        Collections.shuffle(shuffled, orders);
        return List.copyOf(shuffled);
    }

    private static List<Cell> reversed(List<Cell> order) {
        List<Cell> reversed = new ArrayList<>(order);
        Collections.reverse(reversed);
        return List.copyOf(reversed);
    }
}
