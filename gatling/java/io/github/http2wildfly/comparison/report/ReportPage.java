package io.github.http2wildfly.comparison.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * A report as a page drawn from data: the run's data written as JSON, and report.html made from a template of
 * gatling/resources/report with that JSON in it (so the page opens from disk, where a browser may not fetch a file),
 * beside the pages' shared script and Chart.js from its webjar. The template's script draws every table and chart; Java writes no markup.
 */
public final class ReportPage {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Where the template takes the data: a script element of type application/json holding this. */
    static final String DATA = "\"the run's data\"";
    static final String CHART_JS = "chart.umd.min.js";
    /** What every report page's script shares (the data, tables, figures as the build log writes them). */
    static final String SHARED_SCRIPT = "report.js";

    private ReportPage() {
    }

    /** Writes {@code dataFile} (the data as JSON) and report.html from {@code template}, with Chart.js; returns the page. */
    public static Path write(Path directory, String template, String dataFile, Object data) throws IOException {
        Files.createDirectories(directory);
        String json = JSON.writeValueAsString(data);
        Files.writeString(directory.resolve(dataFile), json);
        String page = resource("report/" + template);
        if (!page.contains(DATA)) {
            throw new IllegalStateException("report/" + template + " has no place for the data (" + DATA + ")");
        }
        Path report = directory.resolve("report.html");
        // "</" inside a script element would end it: JSON allows the slash escaped
        Files.writeString(report, page.replace(DATA, json.replace("</", "<\\/")));
        Files.writeString(directory.resolve(SHARED_SCRIPT), resource("report/" + SHARED_SCRIPT));
        copyChartJs(directory.resolve(CHART_JS));
        return report;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReportPage.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the classpath (gatling/resources)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
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
