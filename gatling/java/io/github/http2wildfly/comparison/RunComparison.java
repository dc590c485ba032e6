package io.github.http2wildfly.comparison;

import io.github.http2wildfly.comparison.emulation.ComparisonServer;
import io.github.http2wildfly.comparison.emulation.ServerProcess;
import io.github.http2wildfly.comparison.emulation.lab.Lab;
import io.github.http2wildfly.comparison.emulation.lab.LabSettings;
import io.github.http2wildfly.comparison.measurement.AaCalibration;
import io.github.http2wildfly.comparison.measurement.BareChromiumPageLoads;
import io.github.http2wildfly.comparison.measurement.BrowserPageLoads;
import io.github.http2wildfly.comparison.measurement.BrowserPageLoads.Leg;
import io.github.http2wildfly.comparison.measurement.ComparisonRun;
import io.github.http2wildfly.comparison.measurement.GatlingLeg;
import io.github.http2wildfly.comparison.measurement.GatlingStatistics;
import io.github.http2wildfly.comparison.measurement.LabLauncher;
import io.github.http2wildfly.comparison.report.ComparisonReport;
import io.github.http2wildfly.comparison.report.FalseWinners;
import io.github.http2wildfly.comparison.report.HarnessCheck;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.ComparisonSettings.Browser;
import io.github.http2wildfly.comparison.settings.RunRecord;
import io.github.http2wildfly.comparison.url.UrlComparison;
import io.github.http2wildfly.comparison.url.UrlSettings;
import io.github.http2wildfly.servers.FilledInSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * The comparison's one entry point ({@code ./mvnw verify -Pgatling} runs it once, in integration-test): it measures,
 * then writes the report, whose checks fail the build. Its mode is decided once, from the settings:
 * <ul>
 * <li>your page over the real network (comparison.url): {@link UrlComparison}, no server of ours;</li>
 * <li>the lab (comparison.lab): Chromium through the model and through the lab, the same grid, side by side (and any
 * other browser of comparison.browsers through the model); where this machine cannot run the lab, one line says why
 * and the model runs alone;</li>
 * <li>the A/A calibration (comparison.aa pairs): one cell against itself, in the first browser of comparison.browsers
 * ({@link AaCalibration});</li>
 * <li>the model: the browsers of comparison.browsers, one after the other, Chromium's with a bare probe in its rounds
 * unless comparison.probe is false ({@link HarnessCheck}), then Gatling ({@link GatlingLeg}) unless gatling.skip, all
 * through the delay proxies.</li>
 * </ul>
 * Every mode but your page's boots the comparison's server first ({@link ComparisonServer}) and stops it last.
 * Argument: the build's settings file (target/comparison.properties), Gatling's results directory among them.
 */
public final class RunComparison {

    enum Mode { MODEL, LAB, URL, AA }

    private RunComparison() {
    }

    public static void main(String[] args) throws IOException {
        Properties given = ComparisonSettings.resolve(ComparisonSettings.read(Path.of(args[0])), System.getProperties());
        ComparisonSettings settings = ComparisonSettings.checked(given, "The comparison's settings (gatling/grids, -D)");
        ComparisonReport.clearPreviousRun(settings.outputDirectory());
        Path file = ComparisonSettings.write(given, settings.outputDirectory());
        UrlSettings yourPage = UrlSettings.load(file);
        int aaPairs = FilledInSettings.number(given, "comparison.aa", 0, 10_000);
        Mode mode = aaPairs > 0 ? Mode.AA : mode(yourPage != null, LabSettings.load(file) != null, Lab.unavailable(), System.out);
        if (mode == Mode.URL) {
            UrlComparison.run(yourPage, System.out);
            return;
        }
        boolean gatling = mode == Mode.MODEL && !Boolean.parseBoolean(given.getProperty("gatling.skip", "false").strip());
        List<Browser> browsers = settings.tools().browsers();
        Path gatlingRun = null;
        try (ServerProcess server = ComparisonServer.start(ServerProcess.Installation.from(given), settings,
                settings.outputDirectory().resolveSibling("comparison-server"))) {
            switch (mode) {
                case AA -> {
                    RunRecord record = RunRecord.of(given);
                    System.out.println("Recorded: " + AaCalibration.run(settings, aaPairs,
                            browsers.isEmpty() ? Browser.CHROMIUM : browsers.get(0), record,
                            records -> FalseWinners.write(records, record.pages())));
                    return;
                }
                case LAB -> {
                    // Chromium is the lab's reference client (ModelAgainstLab): its model leg is always there to set beside it
                    measureInBrowsers(settings.tools().labBrowsers(), settings, false);
                    LabLauncher.run(file);
                }
                default -> {
                    if (browsers.isEmpty()) {
                        System.out.println("Browsers: none in this comparison (-Dcomparison.browsers=chromium,firefox adds them)");
                    }
                    measureInBrowsers(browsers, settings, Boolean.parseBoolean(given.getProperty(PROBE, "true").strip()));
                    if (gatling) {
                        gatlingRun = GatlingLeg.run(file, Path.of(given.getProperty("comparison.gatling.results")));
                    }
                }
            }
        }
        if (gatlingRun != null) {
            GatlingStatistics.addTo(settings.outputDirectory().resolve("gatling.json"), gatlingRun);
        }
        ComparisonReport.report(settings.outputDirectory(), RunRecord.of(given));
    }

    /** The run's mode; a lab this machine cannot run is said in one line to {@code say} and the model runs instead. */
    static Mode mode(boolean yourPage, boolean lab, Optional<String> labUnavailable, PrintStream say) {
        if (yourPage) {
            return Mode.URL;
        }
        if (lab && labUnavailable.isPresent()) {
            say.println(labUnavailable.get() + ": the model runs alone");
            return Mode.MODEL;
        }
        return lab ? Mode.LAB : Mode.MODEL;
    }

    /** Whether the harness is checked by the bare probe in Chromium's rounds (HarnessCheck). */
    static final String PROBE = "comparison.probe";

    /**
     * Each browser's leg through the model, one after the other; its delay proxies and any other edge (Caddy) end with
     * it. Chromium's leg with the bare probe beside it where {@code probe}: a second client of Chromium over a bare
     * DevTools connection with nothing enabled, loading the same cells in the same rounds in an order of its own, so
     * that its figures pair with the harness's round by round (HarnessCheck).
     */
    private static void measureInBrowsers(List<Browser> browsers, ComparisonSettings settings, boolean probe) throws IOException {
        for (Browser browser : browsers) {
            try (ComparisonRun run = new ComparisonRun(settings, true)) {
                if (browser == Browser.CHROMIUM && probe) {
                    try (ComparisonRun beside = run.besides()) {
                        BrowserPageLoads.measure(List.of(new Leg(run, browser.tool(), BrowserPageLoads.starter(browser, run)),
                                new Leg(beside, browser.tool() + HarnessCheck.PROBE_SUFFIX, BareChromiumPageLoads.starter(beside))));
                    }
                } else {
                    BrowserPageLoads.measure(browser, run, browser.tool());
                }
            }
        }
    }
}
