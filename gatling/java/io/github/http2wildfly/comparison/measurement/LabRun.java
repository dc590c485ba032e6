package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.emulation.ServerProcess;
import io.github.http2wildfly.comparison.emulation.lab.Lab;
import io.github.http2wildfly.comparison.emulation.lab.LabEmulation;
import io.github.http2wildfly.comparison.emulation.lab.LabServer;
import io.github.http2wildfly.comparison.emulation.lab.LabSettings;
import io.github.http2wildfly.comparison.settings.ComparisonSettings.Browser;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.H3Edge;
import io.github.http2wildfly.latency.Network;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The lab's own JVM ({@link LabLauncher} starts it): the lab, its server, and Chromium (then Firefox, where
 * comparison.browsers names it) loading every cell of the grid from the client's namespace, written as chromium-lab.json
 * (firefox-lab.json) beside the model's results.
 *
 * <p>Arguments: {@code settings-file}. It ends when its standard input does: the JVM that started it has gone.
 */
public final class LabRun {

    private LabRun() {
    }

    public static void main(String[] args) throws IOException {
        endWithTheLauncher();
        Path file = Path.of(args[0]);
        ComparisonSettings settings = ComparisonSettings.load(file);
        if (settings.server().h3Edge() != H3Edge.DOOR4) {
            throw new ComparisonFailure("comparison.h3.edge=" + settings.server().h3Edge().name().toLowerCase(java.util.Locale.ROOT)
                    + " runs through the model only: the lab's HTTP/3 cells are door 4's");
        }
        LabSettings labSettings = LabSettings.load(file);
        if (labSettings == null) {
            System.err.println("The lab: " + file + " no longer says comparison.lab=true (another build wrote it meanwhile?)");
            System.exit(1);
        }
        try (Lab lab = Lab.open(Network.latency(Duration.ZERO), settings.seed());
                ServerProcess server = LabServer.start(lab, labSettings, settings)) {
            System.out.println("The lab: server booted in its namespace at " + Lab.SERVER.getHostAddress() + " (" + server.log() + ")");
            // each browser from the client's namespace; the kernel's TCP always has a receive window (no model's "off")
            for (Browser browser : settings.tools().labBrowsers()) {
                try (ComparisonRun run = new ComparisonRun(settings, true, cell -> cell.condition().receiveWindow(), cells -> new LabEmulation(lab, settings, server))) {
                    Path results = lab.client().call(() -> BrowserPageLoads.measure(browser, run, browser.labTool()));
                    System.out.println("Wrote " + results);
                }
            }
        }
    }

    /** Standard input is a pipe from the launcher: its end means the launcher (and Maven) ended, and so does the lab. */
    private static void endWithTheLauncher() {
        Thread lifeline = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is sent: the pipe only ends
                }
            } catch (IOException closed) {
                // ended
            }
            System.err.println("The lab: the process that started it ended; stopping");
            Runtime.getRuntime().halt(2);
        }, "lab-lifeline");
        lifeline.setDaemon(true);
        lifeline.start();
    }
}
