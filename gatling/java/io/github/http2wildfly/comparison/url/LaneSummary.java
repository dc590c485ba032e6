package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.measure.statistics.Spread;
import java.util.List;

/**
 * What one lane's loads of one page add up to: medians and spreads ({@link Spread}) of the counted loads, cold and warm
 * apart; loads that left their lane or did not finish are counted apart, never averaged in.
 *
 * @param roundTripMillis median of the cold loads' handshake of the page's own connection, where the page
 *        waited for it: TCP's (connection set-up minus TLS) on h1 and h2, QUIC's on h3; one round trip each
 */
public record LaneSummary(Lane lane, Spread coldLoad, Spread warmLoad, Spread coldLcp, Spread coldLastImage,
        Double roundTripMillis, int counted, int offLane, int failed) {

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
                Spread.of(handshakes).isEmpty() ? null : Spread.of(handshakes).median(), good.size(),
                (int) mine.stream().filter(load -> load.finished() && load.flag() != null).count(),
                (int) mine.stream().filter(load -> !load.finished()).count());
    }

    private static Double handshake(Lane lane, PageLoad.Request document) {
        double handshake = lane == Lane.H3 ? document.connectMillis() : document.connectMillis() - document.sslMillis();
        return document.connectMillis() > 0 ? handshake : null;
    }
}
