package io.github.http2wildfly.comparison.url;

import java.util.List;

/**
 * What one lane's loads of one page add up to: medians and spreads of the counted loads, cold and warm
 * apart; loads that left their lane or did not finish are counted apart, never averaged in.
 *
 * @param roundTripMillis median of the cold loads' handshake of the page's own connection, where the page
 *        waited for it: TCP's (connection set-up minus TLS) on h1 and h2, QUIC's on h3; one round trip each
 */
public record LaneSummary(Lane lane, Spread coldLoad, Spread warmLoad, Spread coldLcp, Spread coldLastImage,
        Double roundTripMillis, int counted, int offLane, int failed) {

    /** Median, least and most of some loads; null fields where there was none. */
    public record Spread(Double median, Double min, Double max, int n) {

        static Spread of(List<Double> values) {
            List<Double> sorted = values.stream().filter(value -> value != null && !value.isNaN()).sorted().toList();
            if (sorted.isEmpty()) {
                return new Spread(null, null, null, 0);
            }
            int n = sorted.size();
            double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
            return new Spread(median, sorted.get(0), sorted.get(n - 1), n);
        }

        String text() {
            return median == null ? "-" : n == 1 ? String.format("%,.0f", median)
                    : String.format("%,.0f (%,.0f-%,.0f)", median, min, max);
        }
    }

    static LaneSummary of(Lane lane, List<PageLoad> loads) {
        List<PageLoad> mine = loads.stream().filter(load -> load.lane() == lane && load.round() >= 0).toList();
        List<PageLoad> good = mine.stream().filter(load -> load.finished() && load.flag() == null).toList();
        List<PageLoad> cold = good.stream().filter(PageLoad::cold).toList();
        List<PageLoad> warm = good.stream().filter(load -> !load.cold()).toList();
        List<Double> handshakes = cold.stream().map(load -> load.requests().isEmpty() ? null : handshake(lane, load.requests().get(0)))
                .toList();
        return new LaneSummary(lane, Spread.of(cold.stream().map(PageLoad::loadEventMillis).toList()),
                Spread.of(warm.stream().map(PageLoad::loadEventMillis).toList()),
                Spread.of(cold.stream().map(PageLoad::lcpMillis).toList()),
                Spread.of(cold.stream().map(PageLoad::lastImageMillis).toList()),
                Spread.of(handshakes).median(), good.size(),
                (int) mine.stream().filter(load -> load.finished() && load.flag() != null).count(),
                (int) mine.stream().filter(load -> !load.finished()).count());
    }

    private static Double handshake(Lane lane, PageLoad.Request document) {
        double handshake = lane == Lane.H3 ? document.connectMillis() : document.connectMillis() - document.sslMillis();
        return document.connectMillis() > 0 ? handshake : null;
    }
}
