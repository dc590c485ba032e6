package io.github.http2wildfly.page;

import java.util.regex.Pattern;

/**
 * How many logos the wall shows: the {@code count} query parameter, checked.
 */
public final class LogoCount {

    public static final int DEFAULT = 500;
    public static final int MIN = 1;
    public static final int MAX = 2000;

    /** The message of every rejected count: one line, no echo of the input. */
    public static final String RULE = "count must be given once, as a whole number from " + MIN + " to " + MAX
            + " in plain digits";

    /** ASCII digits without a sign, blanks or leading zeros: one spelling per number. */
    private static final Pattern PLAIN = Pattern.compile("[1-9][0-9]{0,3}");

    private LogoCount() {
    }

    /**
     * @param values the query parameter's values, {@code null} when absent
     * @return the number of logos to render
     * @throws InvalidCountException unless absent or one plain whole number within range
     */
    public static int parse(String... values) {
        if (values == null) {
            return DEFAULT;
        }
        if (values.length != 1 || !PLAIN.matcher(values[0]).matches()) {
            throw new InvalidCountException();
        }
        int count = Integer.parseInt(values[0]);
        if (count < MIN || count > MAX) {
            throw new InvalidCountException();
        }
        return count;
    }

    public static final class InvalidCountException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        InvalidCountException() {
            super(RULE);
        }
    }
}
