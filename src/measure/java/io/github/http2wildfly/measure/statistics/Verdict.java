package io.github.http2wildfly.measure.statistics;

import java.util.Locale;

/**
 * What a pair's loads say of "of / against" ({@link StoppingRule}): which was faster, that they were level, or that
 * the loads could not tell; with the interval it rests on and its loads.
 *
 * @param band the "level" band it was judged by
 */
public record Verdict(Kind kind, RatioInterval interval, double band) {

    /** FASTER: "of" was faster (the interval below 1); SLOWER: "against" was; LEVEL: within the band either way. */
    public enum Kind { FASTER, SLOWER, LEVEL, UNDECIDED }

    public boolean decided() {
        return kind != Kind.UNDECIDED;
    }

    /** Whether a winner was named. */
    public boolean named() {
        return kind == Kind.FASTER || kind == Kind.SLOWER;
    }

    public double ratio() {
        return interval.ratio();
    }

    /**
     * The smallest difference these loads can tell, as a fraction (0.14: 14 %): the interval's half-width on the log
     * scale, so that a true ratio that far from 1 is found about half the time; NaN without an interval (one load).
     */
    public double resolution() {
        return interval.known() ? Math.sqrt(interval.high() / interval.low()) - 1 : Double.NaN;
    }

    /**
     * "HTTP/2 over TLS faster (3 loads)", "level within 5 % (12 loads)", "undecided after 20 loads, which tell only a
     * difference of 14 % or more" (an undecided pair is not a level one: it says how large a difference could hide).
     */
    public String say(String of, String against) {
        int loads = interval.loads();
        String counted = loads + (loads == 1 ? " load" : " loads");
        return switch (kind) {
            case FASTER -> of + " faster (" + counted + ")";
            case SLOWER -> against + " faster (" + counted + ")";
            case LEVEL -> String.format(Locale.ROOT, "level within %.0f %% (%s)", band * 100, counted);
            case UNDECIDED -> "undecided after " + counted + (interval.known()
                    ? String.format(Locale.ROOT, ", which tell only a difference of %.0f %% or more", 100 * resolution()) : "");
        };
    }

    /** "0.19 [0.17, 0.22]". */
    public String label() {
        return interval.label();
    }
}
