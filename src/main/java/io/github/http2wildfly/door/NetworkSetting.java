package io.github.http2wildfly.door;

import io.github.http2wildfly.latency.Network;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The three knobs of the emulated network, as a person sets them at the slow doors (and the comparison
 * in its comparison.* lists): each a whole number in plain digits from 0 to its maximum, with the same
 * one-line rule for every bad value.
 */
public enum NetworkSetting {

    ROUND_TRIP("rtt", "slow.rtt", "milliseconds", "ms", 1000, List.of(0, 20, 50, 100, 200)),
    LOSS("loss", "slow.loss", "percent (of " + Network.SEGMENT_BYTES + "-byte segments)", "%", 20, List.of(0, 1, 2, 5)),
    /** 0 is no limit: the loopback's own speed. */
    BANDWIDTH("bandwidth", "slow.bandwidth", "Mbit/s (0: no limit)", "Mbit/s", 1000, List.of(0, 100, 10, 2));

    /** ASCII digits without a sign or leading zeros: what a person types, nothing Integer.parseInt also takes. */
    private static final Pattern PLAIN = Pattern.compile("0|[1-9][0-9]{0,3}");

    private final String parameter;
    private final String mavenProperty;
    private final String unit;
    private final String shortUnit;
    private final int max;
    private final List<Integer> presets;

    NetworkSetting(String parameter, String mavenProperty, String unit, String shortUnit, int max, List<Integer> presets) {
        this.parameter = parameter;
        this.mavenProperty = mavenProperty;
        this.unit = unit;
        this.shortUnit = shortUnit;
        this.max = max;
        this.presets = presets;
    }

    /** The form and query parameter. */
    public String parameter() {
        return parameter;
    }

    /** The pom property that sets it when the server starts. */
    public String mavenProperty() {
        return mavenProperty;
    }

    /** The server's system property (wildfly/slow-doors.cli), the Maven property's name behind Door's prefix. */
    public String systemProperty() {
        return Door.PROPERTY_PREFIX + mavenProperty;
    }

    public String shortUnit() {
        return shortUnit;
    }

    public int max() {
        return max;
    }

    /** The choices the pages offer beside a free value, as gophertiles does. */
    public List<Integer> presets() {
        return presets;
    }

    /** The message of every rejected value: one line, no echo of the input. */
    public String rule() {
        return parameter + " must be a whole number of " + range();
    }

    /** "milliseconds from 0 to 1000": the unit and the range, for messages. */
    public String range() {
        return unit + " from 0 to " + max;
    }

    /** @throws IllegalArgumentException with {@link #rule()} for anything else */
    public int parse(String raw) {
        if (raw == null || !PLAIN.matcher(raw).matches() || Integer.parseInt(raw) > max) {
            throw new IllegalArgumentException(rule());
        }
        return Integer.parseInt(raw);
    }
}
