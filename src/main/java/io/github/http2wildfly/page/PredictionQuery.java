package io.github.http2wildfly.page;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the race page asks the server ({@link RacePredictionServlet}): its loads of the page over HTTP/2 without a
 * network, in milliseconds ({@code load}), and after the race each counted round's h2 / h1-TLS ({@code ratio}),
 * checked, one rule a parameter.
 */
public record PredictionQuery(List<Double> loadMillis, List<Double> roundRatios) {

    /** The race page sends 3 loads and at most 10 rounds; more is no page of this project's. */
    public static final int MAX_VALUES = 10;
    /** Longer than the race page waits for any load. */
    public static final double MAX_LOAD_MILLIS = 600_000;
    public static final double MAX_RATIO = 1000;

    /** The messages of every rejected query: one line, no echo of the input. */
    public static final String LOAD_RULE = "load must be given 1 to " + MAX_VALUES + " times, each a load time in milliseconds"
            + " above 0 and at most " + (long) MAX_LOAD_MILLIS + ", in plain decimal digits";
    public static final String RATIO_RULE = "ratio may be given up to " + MAX_VALUES + " times, each a round's HTTP/2 /"
            + " HTTP/1.1-over-TLS time above 0 and at most " + (long) MAX_RATIO + ", in plain decimal digits";

    /** ASCII digits and an optional fraction, as a browser writes a number of this range: no sign, exponent or NaN. */
    private static final Pattern DECIMAL = Pattern.compile("(0|[1-9][0-9]{0,8})(\\.[0-9]{1,20})?");

    public PredictionQuery {
        if (loadMillis.isEmpty()) {
            throw new IllegalArgumentException(LOAD_RULE);
        }
        loadMillis = List.copyOf(loadMillis);
        roundRatios = List.copyOf(roundRatios);
    }

    /**
     * @param loads the {@code load} parameter's values, {@code null} when absent
     * @param ratios the {@code ratio} parameter's values, {@code null} when absent (a prediction before the race)
     * @throws IllegalArgumentException with the rule of the first parameter that breaks it
     */
    public static PredictionQuery parse(String[] loads, String[] ratios) {
        if (loads == null) {
            throw new IllegalArgumentException(LOAD_RULE);
        }
        return new PredictionQuery(numbers(loads, MAX_LOAD_MILLIS, LOAD_RULE),
                ratios == null ? List.of() : numbers(ratios, MAX_RATIO, RATIO_RULE));
    }

    /** The reader's speed: the median of the loads, as a recorded run's loopback time is the median of its loads. */
    public double loopbackMillis() {
        double[] sorted = loadMillis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** The race's rounds, when the page sent them. */
    public Optional<RaceRounds> rounds() {
        return roundRatios.isEmpty() ? Optional.empty() : Optional.of(new RaceRounds(roundRatios));
    }

    private static List<Double> numbers(String[] values, double max, String rule) {
        if (values.length == 0 || values.length > MAX_VALUES) {
            throw new IllegalArgumentException(rule);
        }
        return Arrays.stream(values).map(value -> number(value, max, rule)).toList();
    }

    private static double number(String value, double max, String rule) {
        if (!DECIMAL.matcher(value).matches()) {
            throw new IllegalArgumentException(rule);
        }
        double number = Double.parseDouble(value);
        if (number <= 0 || number > max) {
            throw new IllegalArgumentException(rule);
        }
        return number;
    }
}
