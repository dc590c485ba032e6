package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.measure.browser.BrowserCpu;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A browser beside Gatling: it loads the page through the same emulation and rounds (ComparisonRun), each load a
 * first visit (a fresh browser context, or a fresh browser: the {@link BrowserEngine}'s choice). The time is the
 * page's own Navigation Timing, from the start of the navigation to the end of the load event; the page and its images must
 * have come over the door's protocol (Resource Timing's nextHopProtocol). What each load cost the browser's CPU is
 * counted beside its time (all its processes, and its networking process: {@link BrowserCpu}), from before the
 * navigation to the page's report. Writes {@code <tool>.json} for the report.
 */
public final class BrowserPageLoads {

    private BrowserPageLoads() {
    }

    /** Every round of the run in {@code browser}, its results written as {@code tool}.json. */
    public static Path measure(ComparisonSettings.Browser browser, ComparisonRun run, String tool) throws IOException {
        return measure(run, tool, starter(browser, run));
    }

    /** How to start this browser for this run. */
    public static BrowserEngine.Starter starter(ComparisonSettings.Browser browser, ComparisonRun run) {
        return switch (browser) {
            case CHROMIUM -> ChromiumPageLoads.starter(run);
            case FIREFOX -> FirefoxPageLoads::new;
        };
    }

    public static Path measure(ComparisonRun run, String tool, BrowserEngine.Starter starter) throws IOException {
        return measure(List.of(new Leg(run, tool, starter))).get(0);
    }

    /** A tool's leg: its run (rounds, logs, rule), its name in the results, and how to start its browser. */
    public record Leg(ComparisonRun run, String tool, BrowserEngine.Starter starter) {
    }

    /**
     * Legs loaded in the same rounds, so that a slow stretch of the machine falls on each alike and their figures can be
     * paired round by round (the harness and its bare probe): round r of one leg, then round r of the next, the leg
     * that goes first taking turns from round to round. Each stops when its own rule has decided its pairs. Their
     * results, in the legs' order.
     */
    public static List<Path> measure(List<Leg> legs) throws IOException {
        List<BrowserEngine> engines = new ArrayList<>();
        String tools = legs.stream().map(Leg::tool).collect(Collectors.joining(" and "));
        try {
            for (Leg leg : legs) {
                engines.add(leg.starter().start());
                System.out.println(leg.tool() + ": round trips measured through " + leg.run().emulation().describe()
                        + " (setting -> median ms): " + leg.run().calibrate());
            }
            List<List<ComparisonRun.Round>> rounds = legs.stream().map(leg -> leg.run().rounds()).toList();
            boolean[] finished = new boolean[legs.size()];
            for (int r = 0; r < rounds.get(0).size(); r++) {
                for (int turn = 0; turn < legs.size(); turn++) {
                    int which = (r + turn) % legs.size();
                    Leg leg = legs.get(which);
                    ComparisonRun.Round round = rounds.get(which).get(r);
                    if (!finished[which] && leg.run().finished(round)) {
                        System.out.printf("%s: every pair decided (or its minutes up) after %d loads%n", leg.tool(), round.number());
                        finished[which] = true;
                    }
                    if (!finished[which]) {
                        load(leg.run(), engines.get(which), round);
                        System.out.printf("%s: %s done (%d of %d)%n", leg.tool(), round.name(), r + 1, rounds.get(which).size());
                    }
                }
            }
            List<Path> results = new ArrayList<>();
            for (int i = 0; i < legs.size(); i++) {
                results.add(legs.get(i).run().results(legs.get(i).tool(), engines.get(i).http2WindowBytes(), engines.get(i).client())
                        .write(legs.get(i).run().settings().outputDirectory()));
            }
            return results;
        } catch (RuntimeException e) {
            throw new ComparisonFailure(tools + " could not load the page: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        } finally {
            closeAll(engines);
        }
    }

    private static void closeAll(List<BrowserEngine> engines) throws IOException {
        IOException first = null;
        for (BrowserEngine engine : engines) {
            try {
                engine.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** One round of one leg: each cell the rule still wants, by each virtual user, recorded where the round counts. */
    private static void load(ComparisonRun run, BrowserEngine engine, ComparisonRun.Round round) throws IOException {
        int position = 0;
        for (Cell cell : round.cells()) {
            if (!run.loads(cell, round)) {
                continue;
            }
            for (int user = 0; user < run.settings().loading().users(); user++, position++) {
                Load load = visit(run, engine, cell, round.number(), round.counted());
                if (round.counted()) {
                    run.log(cell).record(round.number(), position, load.millis(), load.missingImages(), load.requests(),
                            load.cpu().browserMillis(), load.cpu().networkMillis());
                }
            }
        }
    }

    /** One first visit's figures: its time, the images it lacked, its requests, what it cost the browser. */
    record Load(double millis, int missingImages, long requests, BrowserCpu.Use cpu) {
    }

    /** One first visit of a cell's page in round {@code round}, through the run's emulation; a wrong protocol stops the run. */
    static Load visit(ComparisonRun run, BrowserEngine engine, Cell cell, int round, boolean counted) throws IOException {
        run.emulation().before(cell, round);
        String url = run.pageUrl(cell, counted);
        Load load;
        try (BrowserEngine.Visit visit = engine.visit(cell, url)) {
            BrowserCpu before = visit.cpu().get();
            run.limitClient(cell, before.pids());
            Map<String, String> report = load(visit, url, cell);
            BrowserCpu.Use cpu = visit.cpu().get().since(before);
            run.emulation().loaded(cell, counted);
            requireProtocol(cell, report);
            load = new Load(Double.parseDouble(report.get("loadMillis")),
                    run.settings().page().imageCount() - Integer.parseInt(report.get("images")),
                    Long.parseLong(report.get("imageEntries")) + 1, cpu);
        }
        run.emulation().after(cell, counted);
        return load;
    }

    /** The wall's own report, or a failure that names the cell. */
    private static Map<String, String> load(BrowserEngine.Visit visit, String url, Cell cell) {
        try {
            return visit.wall().apply(url);
        } catch (RuntimeException e) {
            throw new IllegalStateException(cell.label() + ": " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), e);
        }
    }

    /** A load over another protocol than its door's would be counted for the wrong lane: the run stops instead. */
    static void requireProtocol(Cell cell, Map<String, String> report) {
        String expected = cell.door().protocol();
        String images = report.getOrDefault("imageProtocols", "");
        if (!expected.equals(report.get("protocol")) || !images.isEmpty() && !images.equals(expected)) {
            throw new IllegalStateException(cell.label() + " came over "
                    + report.get("protocol") + " (images: " + images + "), not " + expected);
        }
    }
}
