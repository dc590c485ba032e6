package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.measure.browser.BrowserCpu;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

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
    static BrowserEngine.Starter starter(ComparisonSettings.Browser browser, ComparisonRun run) {
        return switch (browser) {
            case CHROMIUM -> ChromiumPageLoads.starter(run);
            case FIREFOX -> FirefoxPageLoads::new;
        };
    }

    public static Path measure(ComparisonRun run, String tool, BrowserEngine.Starter starter) throws IOException {
        ComparisonSettings settings = run.settings();
        try (BrowserEngine engine = starter.start()) {
            System.out.println(tool + ": round trips measured through " + run.emulation().describe() + " (setting -> median ms): "
                    + run.calibrate());
            int done = 0;
            for (ComparisonRun.Round round : run.rounds()) {
                if (run.finished(round)) {
                    System.out.printf("%s: every pair decided (or its minutes up) after %d loads%n", tool, round.number());
                    break;
                }
                int position = 0;
                for (Cell cell : round.cells()) {
                    if (!run.loads(cell, round)) {
                        continue;
                    }
                    for (int user = 0; user < settings.users(); user++, position++) {
                        Load load = visit(run, engine, cell, round.number(), round.counted());
                        if (round.counted()) {
                            run.log(cell).record(round.number(), position, load.millis(), load.missingImages(), load.requests(),
                                    load.cpu().browserMillis(), load.cpu().networkMillis());
                        }
                    }
                }
                System.out.printf("%s: %s done (%d of %d)%n", tool, round.name(), ++done, run.rounds().size());
            }
            return run.results(tool, engine.http2WindowBytes(), engine.client()).write(settings.outputDirectory());
        } catch (RuntimeException e) {
            throw new ComparisonFailure(tool + " could not load the page: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
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
            load = new Load(Double.parseDouble(report.get("loadMillis")), run.settings().imageCount() - Integer.parseInt(report.get("images")),
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
