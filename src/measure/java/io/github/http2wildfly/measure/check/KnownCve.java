package io.github.http2wildfly.measure.check;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP/2 attacks with names and the Undertow release that first carries each fix, as docs/hardening.md's table
 * states them with their sources (HardeningTableTest holds the two to each other).
 */
enum KnownCve {
    RAPID_RESET("rapid reset", "CVE-2023-44487", "2.3.10", "fixed in 2.3.10.Final"),
    MADE_YOU_RESET("MadeYouReset", "CVE-2025-9784", "2.3.20", "fixed in 2.3.20.Final"),
    /** Not HTTP/2's: the same listener's HTTP/1.1 parser; no release up to 2.3.24.Final carries the fix. */
    HTTP1_PARSER("the HTTP/1 parser", "CVE-2026-28367", "2.3.25", "no fix in a release up to 2.3.24.Final");

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    final String label;
    final String id;
    /** The first release that may carry the fix (the parser's: the first after the newest one read without it). */
    final String firstUnaffected;
    final String status;

    KnownCve(String label, String id, String firstUnaffected, String status) {
        this.label = label;
        this.id = id;
        this.firstUnaffected = firstUnaffected;
        this.status = status;
    }

    /** Whether an Undertow of this version ("2.3.23.Final") lacks the fix. */
    boolean affects(String undertowVersion) {
        return compare(undertowVersion, firstUnaffected) < 0;
    }

    /** The version in a header such as "Undertow/2.3.23.Final", if it names one. */
    static Optional<String> undertowVersion(String header) {
        Matcher named = Pattern.compile("(?i)undertow/(\\d+\\.\\d+\\.\\d+[\\w.-]*)").matcher(header);
        return named.find() ? Optional.of(named.group(1)) : Optional.empty();
    }

    static int compare(String left, String right) {
        Matcher a = VERSION.matcher(left);
        Matcher b = VERSION.matcher(right);
        if (!a.find() || !b.find()) {
            throw new IllegalArgumentException("not a version: " + left + " or " + right);
        }
        for (int group = 1; group <= 3; group++) {
            int order = Integer.compare(Integer.parseInt(a.group(group)), Integer.parseInt(b.group(group)));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }
}
