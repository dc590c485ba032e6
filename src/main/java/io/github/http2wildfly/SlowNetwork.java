package io.github.http2wildfly;

import io.github.http2wildfly.latency.Network;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.function.Function;

/** The slow doors' network as a person sets it: a value for every {@link NetworkSetting}. */
public record SlowNetwork(Map<NetworkSetting, Integer> values) {

    public SlowNetwork {
        values = Map.copyOf(values);
        if (!values.keySet().containsAll(EnumSet.allOf(NetworkSetting.class))) {
            throw new IllegalArgumentException("every network setting needs a value: " + values);
        }
    }

    /** Each setting from its text, for example the server's system properties; the first bad one's rule. */
    public static SlowNetwork parse(Function<NetworkSetting, String> text) {
        Map<NetworkSetting, Integer> values = new EnumMap<>(NetworkSetting.class);
        for (NetworkSetting setting : NetworkSetting.values()) {
            String raw = text.apply(setting);
            values.put(setting, setting.parse(raw == null ? null : raw.strip()));
        }
        return new SlowNetwork(values);
    }

    public int get(NetworkSetting setting) {
        return values.get(setting);
    }

    /** This network with some settings changed. */
    public SlowNetwork with(Map<NetworkSetting, Integer> changes) {
        Map<NetworkSetting, Integer> changed = new EnumMap<>(values);
        changed.putAll(changes);
        return new SlowNetwork(changed);
    }

    /** What the delay proxies emulate. */
    public Network emulated() {
        return new Network(Duration.ofMillis(get(NetworkSetting.ROUND_TRIP)), get(NetworkSetting.LOSS) / 100.0,
                get(NetworkSetting.BANDWIDTH) * 1_000_000L);
    }

    /** The answer of a change, and what a page reads: {"rtt":50,"loss":0,"bandwidth":0}. */
    public String json() {
        StringBuilder json = new StringBuilder("{");
        for (NetworkSetting setting : NetworkSetting.values()) {
            json.append(json.length() > 1 ? "," : "").append('"').append(setting.parameter()).append("\":").append(get(setting));
        }
        return json.append('}').toString();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (NetworkSetting setting : NetworkSetting.values()) {
            text.append(text.isEmpty() ? "" : ", ").append(setting.parameter()).append(' ')
                    .append(setting == NetworkSetting.BANDWIDTH && get(setting) == 0 ? "no limit" : get(setting) + " " + setting.shortUnit());
        }
        return text.toString();
    }
}
