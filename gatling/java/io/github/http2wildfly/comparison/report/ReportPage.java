package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.measure.ReportTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * A report page with charts: the page written from a template of gatling/resources/report with the run's data in it
 * ({@link ReportTemplate}, one way for every report), and Chart.js from its webjar beside it.
 */
public final class ReportPage {

    static final String CHART_JS = "chart.umd.min.js";

    private ReportPage() {
    }

    /** Writes {@code dataFile} (the data as JSON) and report.html from {@code template}, with Chart.js; returns the page. */
    public static Path write(Path directory, String template, String dataFile, Object data) throws IOException {
        Path report = ReportTemplate.write(directory, template, "report.html", dataFile, data);
        copyChartJs(directory.resolve(CHART_JS));
        return report;
    }

    /** Chart.js's bundle from its webjar, whichever version the pom names (the webjar has no locator file to ask). */
    private static void copyChartJs(Path target) throws IOException {
        URL webjar = ReportPage.class.getClassLoader().getResource("META-INF/resources/webjars/chart.js/");
        if (webjar == null) {
            throw new IllegalStateException("Chart.js's webjar (org.webjars.npm:chart.js) is not on the classpath");
        }
        JarURLConnection connection = (JarURLConnection) webjar.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            JarEntry bundle = jar.stream().filter(entry -> entry.getName().endsWith("/dist/" + CHART_JS)).findFirst()
                    .orElseThrow(() -> new IllegalStateException(jar.getName() + " has no dist/" + CHART_JS));
            try (InputStream in = jar.getInputStream(bundle)) {
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
