package io.github.http2wildfly.measure.attack;

import io.netty.handler.codec.http2.Http2Error;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a server did to one attack: how much of it the attacker sent before it ended, the answers it began (by
 * :status), the streams it reset (by error code), the GOAWAY it sent, whether it closed the connections.
 *
 * @param sent what the attacker sent, in {@code unit}s (frames, requests), before the server stopped it or it ended
 * @param planned what it meant to send
 * @param connections the connections it opened (one more each time the server closed one, where the attack goes on)
 * @param closedByTheServer how many of them the server closed
 * @param goAways the GOAWAY error codes it received, by name, counted
 * @param stoppedReading whether the attacker's writes were still blocked at its deadline: the server had stopped
 *                       reading them (back-pressure), and the attacker closed its connections
 */
public record Outcome(long sent, long planned, String unit, int connections, int closedByTheServer, Map<String, Long> statuses,
        Map<String, Long> resets, Map<String, Long> goAways, boolean stoppedReading, Duration took) {

    /** One line: "GOAWAY ENHANCE_YOUR_CALM after 201 of 20,000 requests; 5 answered 200". */
    public String summary() {
        StringBuilder line = new StringBuilder();
        if (!goAways.isEmpty()) {
            line.append("GOAWAY ").append(counted(goAways)).append(", ");
        }
        if (closedByTheServer > 0) {
            line.append(closedByTheServer == connections ? "closed" : "closed " + closedByTheServer + " of " + connections + " connections")
                    .append(" after ").append(number(sent)).append(" of ").append(number(planned)).append(' ').append(unit);
        } else if (stoppedReading) {
            line.append("stopped reading after ").append(number(sent)).append(" of ").append(number(planned)).append(' ').append(unit);
        } else {
            line.append(sent >= planned ? "took all " + number(planned) + " " + unit : "took " + number(sent) + " of " + number(planned)
                    + " " + unit + " in the time").append(", connection").append(connections > 1 ? "s" : "").append(" kept");
        }
        if (!statuses.isEmpty()) {
            line.append("; answered ").append(counted(statuses));
        }
        if (!resets.isEmpty()) {
            line.append("; reset ").append(counted(resets));
        }
        return line.toString();
    }

    /** A few words for a table's cell: "GOAWAY ENHANCE_YOUR_CALM at 201", "closed at 3,904", "took all"; refusals counted. */
    public String brief() {
        String end = !goAways.isEmpty() ? "GOAWAY " + String.join("/", goAways.keySet())
                : closedByTheServer > 0 ? "closed" : stoppedReading ? "stopped reading" : sent >= planned ? "took all" : "took " + number(sent) + " (time up)";
        if (closedByTheServer > 0 || !goAways.isEmpty() || stoppedReading) {
            end += " at " + number(sent) + (connections > 1 ? " on " + number(connections) + " connections" : "");
        }
        long refused = resets.getOrDefault("REFUSED_STREAM", 0L) + statuses.getOrDefault("503", 0L);
        return refused > 0 ? end + ", " + number(refused) + " refused" : end;
    }

    /** "3 × 200, 40 × 503". */
    private static String counted(Map<String, Long> counts) {
        return counts.entrySet().stream().map(entry -> number(entry.getValue()) + " × " + entry.getKey()).collect(Collectors.joining(", "));
    }

    static String number(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** An error code's name (RFC 9113 section 7), or its number when it has none. */
    static String errorName(long code) {
        Http2Error error = Http2Error.valueOf(code);
        return error == null ? "0x" + Long.toHexString(code) : error.name();
    }

    /** Adds up what several connections of one attack saw. */
    static final class Tally {

        private final Map<String, Long> statuses = new TreeMap<>();
        private final Map<String, Long> resets = new TreeMap<>();
        private final Map<String, Long> goAways = new TreeMap<>();
        private final boolean stoppedReading;
        private int connections;
        private int closed;

        Tally(boolean stoppedReading) {
            this.stoppedReading = stoppedReading;
        }

        void add(RawHttp2 connection) {
            connections++;
            if (connection.closedByTheServer() || connection.goAwayError() >= 0) {
                closed++;
            }
            connection.statuses().forEach((status, count) -> statuses.merge(status, count, Long::sum));
            connection.resets().values().forEach(code -> resets.merge(errorName(code), 1L, Long::sum));
            if (connection.goAwayError() >= 0) {
                goAways.merge(errorName(connection.goAwayError()), 1L, Long::sum);
            }
        }

        Outcome outcome(long sent, long planned, String unit, Duration took) {
            return new Outcome(sent, planned, unit, connections, closed, statuses, resets, goAways, stoppedReading && closed == 0, took);
        }
    }
}
