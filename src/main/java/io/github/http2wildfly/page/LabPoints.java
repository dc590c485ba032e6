package io.github.http2wildfly.page;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The model against the lab, point by point ({@link LabPoint}): the file docs/results/model-against-lab.tsv, which a lab
 * run that records itself merges its points into (the newest for each), and the WAR carries for the race page.
 */
public record LabPoints(List<LabPoint> points) {

    /** Where the file lives beside the records, and where the WAR has it. */
    public static final String FILE = "model-against-lab.tsv";
    public static final String RESOURCE = "/WEB-INF/" + FILE;

    public LabPoints {
        points = List.copyOf(points);
    }

    /** The file's points; none when there is no file (a WAR built without the records). */
    public static LabPoints read(InputStream in) {
        if (in == null) {
            return new LabPoints(List.of());
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return new LabPoints(reader.lines().filter(line -> !line.isBlank() && !line.equals(LabPoint.HEADER))
                    .map(LabPoint::parse).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** These points with {@code newer} in place of any of the same key, in a stable order. */
    public LabPoints merge(Collection<LabPoint> newer) {
        Map<String, LabPoint> byKey = new LinkedHashMap<>();
        points.forEach(point -> byKey.put(point.key(), point));
        newer.forEach(point -> byKey.put(point.key(), point));
        List<LabPoint> merged = new ArrayList<>(byKey.values());
        merged.sort(Comparator.comparing(LabPoint::size).thenComparingInt(LabPoint::count).thenComparing(LabPoint::cc)
                .thenComparingInt(LabPoint::rttMillis).thenComparingInt(LabPoint::lossPercent).thenComparing(LabPoint::protocol));
        return new LabPoints(merged);
    }

    public String file() {
        return LabPoint.HEADER + "\n" + points.stream().map(LabPoint::line).collect(Collectors.joining("\n", "", "\n"));
    }

    /** The points of one page, as a JSON array for the race page's script. */
    public String json(int count) {
        return points.stream().filter(point -> point.count() == count).map(LabPoint::json).collect(Collectors.joining(",", "[", "]"));
    }
}
