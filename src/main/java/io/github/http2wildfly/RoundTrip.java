package io.github.http2wildfly;

import java.time.Duration;
import java.util.regex.Pattern;

/** The round-trip time of the slow doors: whole milliseconds from 0 to 1000, written plainly. */
public final class RoundTrip {

    public static final int MAX_MILLIS = 1000;
    /** The message of every rejected value: one line, no echo of the input. */
    public static final String RULE = "rtt must be a whole number of milliseconds from 0 to " + MAX_MILLIS;
    /** ASCII digits without a sign or leading zeros: what a person types, nothing Integer.parseInt also takes. */
    private static final Pattern PLAIN = Pattern.compile("0|[1-9][0-9]{0,3}");

    private RoundTrip() {
    }

    /** @throws IllegalArgumentException with {@link #RULE} for anything else */
    public static Duration parse(String raw) {
        if (raw == null || !PLAIN.matcher(raw).matches() || Integer.parseInt(raw) > MAX_MILLIS) {
            throw new IllegalArgumentException(RULE);
        }
        return Duration.ofMillis(Integer.parseInt(raw));
    }
}
