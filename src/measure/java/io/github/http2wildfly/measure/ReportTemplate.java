package io.github.http2wildfly.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One way for every report page (the comparison's, your page's, the check's): its data written as JSON, and the page
 * made from a template of report/ on the classpath with that JSON in it (so the page opens from disk, where a browser
 * may not fetch a file), beside the pages' shared script. The template's script draws every table; Java writes no markup.
 */
public final class ReportTemplate {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Where the template takes the data: a script element of type application/json holding this. */
    static final String DATA = "\"the run's data\"";
    /** What every report page's script shares (the data, tables, figures as the build log writes them). */
    static final String SHARED_SCRIPT = "report.js";

    private ReportTemplate() {
    }

    /** Writes {@code dataFile} (the data as JSON), {@code page} from {@code template} and the shared script; returns the page. */
    public static Path write(Path directory, String template, String page, String dataFile, Object data) throws IOException {
        Files.createDirectories(directory);
        String json = JSON.writeValueAsString(data);
        Files.writeString(directory.resolve(dataFile), json);
        String html = resource("report/" + template);
        if (!html.contains(DATA)) {
            throw new IllegalStateException("report/" + template + " has no place for the data (" + DATA + ")");
        }
        // a "<" inside a script element may end it (its closing tag) or hold it open past its end (a comment's opening
        // and a script's tag, CheckReportPageIT): JSON has one only inside a string, where its escape (backslash,
        // u003c) is the same character
        Path written = Files.writeString(directory.resolve(page), html.replace(DATA, json.replace("<", "\\u003c")));
        Files.writeString(directory.resolve(SHARED_SCRIPT), resource("report/" + SHARED_SCRIPT));
        return written;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ReportTemplate.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is not on the classpath (src/measure/resources, gatling/resources)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
