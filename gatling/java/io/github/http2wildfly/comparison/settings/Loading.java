package io.github.http2wildfly.comparison.settings;

import static io.github.http2wildfly.servers.FilledInSettings.number;

import io.github.http2wildfly.measure.statistics.StoppingRule;
import java.util.Properties;

/**
 * How long a tool's leg loads each cell: its users, its warm-ups, and the rule that stops a pair once it is decided.
 *
 * @param users the page loads at once per cell, as virtual users (comparison.users)
 * @param warmupLoads the loads per user not counted, first, of each door without a network (comparison.warmup.loads)
 * @param minLoads the fewest counted loads a cell gets: a pair's first look ({@link #rule()}; comparison.loads)
 * @param maxLoads the most: its last look (comparison.loads.max)
 * @param bandPercent how far apart two cells' times may be, in percent either way, to be called level (comparison.band)
 * @param minutes how long a tool's leg may go on loading undecided pairs, from its first counted round
 *     (comparison.minutes)
 */
public record Loading(int users, int warmupLoads, int minLoads, int maxLoads, int bandPercent, int minutes) {

    static Loading from(Properties given) {
        int users = number(given, "comparison.users", 1, 50);
        int minLoads = number(given, "comparison.loads", 1, 1000);
        int maxLoads = number(given, "comparison.loads.max", minLoads, 1000);
        int bandPercent = number(given, "comparison.band", 1, 50);
        int minutes = number(given, "comparison.minutes", 0, 1440);
        int warmupLoads = number(given, "comparison.warmup.loads", 0, 100);
        return new Loading(users, warmupLoads, minLoads, maxLoads, bandPercent, minutes);
    }

    /** How many loads a pair gets until it is decided (the report replays it on the loads). */
    public StoppingRule rule() {
        return new StoppingRule(minLoads, maxLoads, bandPercent / 100.0);
    }
}
