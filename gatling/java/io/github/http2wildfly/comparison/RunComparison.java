package io.github.http2wildfly.comparison;

import io.github.http2wildfly.comparison.emulation.lab.Lab;
import io.github.http2wildfly.comparison.emulation.lab.LabSettings;
import io.github.http2wildfly.comparison.measurement.AaCalibration;
import io.github.http2wildfly.comparison.measurement.BrowserPageLoads;
import io.github.http2wildfly.comparison.measurement.ComparisonRun;
import io.github.http2wildfly.comparison.measurement.GatlingStatistics;
import io.github.http2wildfly.comparison.measurement.LabLauncher;
import io.github.http2wildfly.comparison.report.ComparisonReport;
import io.github.http2wildfly.comparison.settings.ComparisonSettings.Browser;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.RunRecord;
import io.github.http2wildfly.comparison.url.UrlComparison;
import io.github.http2wildfly.comparison.url.UrlSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The comparison's one entry point. The build runs it twice: {@code measure} in integration-test (Gatling, when
 * it runs, follows in its own JVM) and {@code report} in verify. Its mode is decided once, from the settings:
 * <ul>
 * <li>your page over the real network (comparison.url): {@link UrlComparison};</li>
 * <li>the lab (comparison.lab): Chromium through the model and through the lab, the same grid, side by side (and any
 * other browser of comparison.browsers through the model); where this machine cannot run the lab, one line says why
 * and the model runs alone;</li>
 * <li>the A/A calibration (comparison.aa pairs): one cell against itself, in the first browser of comparison.browsers
 * ({@link AaCalibration});</li>
 * <li>the model: the browsers of comparison.browsers, one after the other, and Gatling through the delay proxies.</li>
 * </ul>
 * Arguments: {@code measure|report settings-file [gatling-results-dir]}.
 */
public final class RunComparison {

    enum Mode { MODEL, LAB, URL, AA }

    private RunComparison() {
    }

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[1]);
        ComparisonSettings settings = ComparisonSettings.load(file);
        UrlSettings yourPage = UrlSettings.load(file);
        boolean measuring = args[0].equals("measure");
        int aaPairs = ComparisonSettings.number(ComparisonSettings.read(file), "comparison.aa", 0, 10_000);
        Mode mode = aaPairs > 0 ? Mode.AA
                : mode(yourPage != null, LabSettings.load(file) != null, Lab.unavailable(), measuring ? Optional.of(System.out) : Optional.empty());
        if (measuring) {
            ComparisonReport.clearPreviousRun(settings.outputDirectory());
            switch (mode) {
                case URL -> UrlComparison.run(yourPage, System.out);
                case AA -> System.out.println("Recorded: " + AaCalibration.run(settings, aaPairs,
                        settings.browsers().isEmpty() ? Browser.CHROMIUM : settings.browsers().get(0), RunRecord.of(ComparisonSettings.read(file))));
                case LAB -> {
                    // Chromium is the lab's reference client (ModelAgainstLab): its model leg is always there to set beside it
                    measureInBrowsers(settings.labBrowsers(), settings);
                    LabLauncher.run(file);
                }
                case MODEL -> {
                    if (settings.browsers().isEmpty()) {
                        System.out.println("Browsers: none in this comparison (-Dcomparison.browsers=chromium,firefox adds them)");
                    }
                    measureInBrowsers(settings.browsers(), settings);
                }
            }
        } else if (mode == Mode.MODEL || mode == Mode.LAB) {
            // your page's run and the A/A wrote their records as they measured; the grid's is written from every tool's results
            GatlingStatistics.addTo(settings.outputDirectory().resolve("gatling.json"), Path.of(args[2]));
            ComparisonReport.report(settings.outputDirectory(), RunRecord.of(ComparisonSettings.read(file)));
        }
    }

    /** The run's mode; a lab this machine cannot run is said in one line to {@code say} (when measuring) and the model runs instead. */
    static Mode mode(boolean yourPage, boolean lab, Optional<String> labUnavailable, Optional<PrintStream> say) {
        if (yourPage) {
            return Mode.URL;
        }
        if (lab && labUnavailable.isPresent()) {
            say.ifPresent(out -> out.println(labUnavailable.get() + ": the model runs alone"));
            return Mode.MODEL;
        }
        return lab ? Mode.LAB : Mode.MODEL;
    }

    /** Each browser's leg through the model, one after the other; its delay proxies and any other edge (Caddy) end with it. */
    private static void measureInBrowsers(List<Browser> browsers, ComparisonSettings settings) throws IOException {
        for (Browser browser : browsers) {
            try (ComparisonRun run = new ComparisonRun(settings, true)) {
                BrowserPageLoads.measure(browser, run, browser.tool());
            }
        }
    }
}
