package io.github.http2wildfly;

/**
 * How many logos the wall shows: the {@code count} query parameter, checked.
 */
public final class LogoCount {

    public static final int DEFAULT = 500;
    public static final int MIN = 1;
    public static final int MAX = 2000;

    /** The message of every rejected count: one line, no echo of the input. */
    public static final String RULE = "count must be a whole number from " + MIN + " to " + MAX;

    private LogoCount() {
    }

    /**
     * @param raw the query parameter, {@code null} when absent
     * @return the number of logos to render
     * @throws InvalidCountException when {@code raw} is present but not a whole number within range
     */
    public static int parse(String raw) {
        if (raw == null) {
            return DEFAULT;
        }
        int count;
        try {
            count = Integer.parseInt(raw.strip());
        } catch (NumberFormatException notANumber) {
            throw new InvalidCountException();
        }
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
