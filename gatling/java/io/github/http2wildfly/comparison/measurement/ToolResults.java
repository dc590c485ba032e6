package io.github.http2wildfly.comparison.measurement;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.page.ImageSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one tool (Gatling, Chromium) measured in one run: the machine-readable results, one JSON file
 * per tool in the comparison directory, which the report reads back.
 *
 * @param tool the tool's name, also the file's name
 * @param clientWindowBytes the client's HTTP/2 connection flow-control window, which the model needs
 * @param imageCount the images on the page
 * @param imageBytes what one image of each size weighs
 * @param calibration per emulated round-trip time, what the delay proxy measured (ms)
 * @param environment machine, JDK, server, page, for people
 * @param rule how many loads the run took until a pair was decided, which the report replays; results written without
 *     one had a fixed number of loads, looked at once
 */
public record ToolResults(String tool, long clientWindowBytes, int imageCount, Map<ImageSize, Long> imageBytes, List<CellResult> cells,
        Map<Integer, Double> calibration, Map<String, String> environment, StoppingRule rule) {

    /** With a fixed number of loads, looked at once. */
    public ToolResults(String tool, long clientWindowBytes, int imageCount, Map<ImageSize, Long> imageBytes, List<CellResult> cells,
            Map<Integer, Double> calibration, Map<String, String> environment) {
        this(tool, clientWindowBytes, imageCount, imageBytes, cells, calibration, environment, null);
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public Path write(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(tool + ".json");
        JSON.writeValue(file.toFile(), this);
        return file;
    }

    public static ToolResults read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), ToolResults.class);
    }
}
