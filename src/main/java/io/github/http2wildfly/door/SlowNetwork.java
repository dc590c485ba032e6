package io.github.http2wildfly.door;

import io.github.http2wildfly.latency.CongestionControl;
import io.github.http2wildfly.latency.Network;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.function.Function;

/**
 * The slow doors' network as a person sets it: a value for every {@link NetworkSetting}, and the senders'
 * congestion control (which door 4's QUIC runs too).
 */
public record SlowNetwork(Map<NetworkSetting, Integer> values, CongestionControl congestionControl) {

    /** The form parameter and JSON name of the congestion control. */
    public static final String CC = "cc";
    /** The pom property that sets it when the server starts (wildfly/slow-doors.cli), and the server's. */
    public static final String CC_MAVEN_PROPERTY = "slow.cc";
    public static final String CC_SYSTEM_PROPERTY = Door.PROPERTY_PREFIX + CC_MAVEN_PROPERTY;

    public SlowNetwork {
        values = Map.copyOf(values);
        if (!values.keySet().containsAll(EnumSet.allOf(NetworkSetting.class)) || congestionControl == null) {
            throw new IllegalArgumentException("every network setting needs a value: " + values + ", " + congestionControl);
        }
    }

    /**
     * Each setting from its text, for example the server's system properties (the congestion control under
     * {@link #CC_SYSTEM_PROPERTY}); the first bad one's rule.
     */
    public static SlowNetwork parse(Function<String, String> systemProperties) {
        Map<NetworkSetting, Integer> values = new EnumMap<>(NetworkSetting.class);
        for (NetworkSetting setting : NetworkSetting.values()) {
            String raw = systemProperties.apply(setting.systemProperty());
            values.put(setting, setting.parse(raw == null ? null : raw.strip()));
        }
        String cc = systemProperties.apply(CC_SYSTEM_PROPERTY);
        return new SlowNetwork(values, CongestionControl.parse(cc == null ? null : cc.strip()));
    }

    public int get(NetworkSetting setting) {
        return values.get(setting);
    }

    /** This network with some settings changed, and the congestion control where {@code cc} is not null. */
    public SlowNetwork with(Map<NetworkSetting, Integer> changes, CongestionControl cc) {
        Map<NetworkSetting, Integer> changed = new EnumMap<>(values);
        changed.putAll(changes);
        return new SlowNetwork(changed, cc == null ? congestionControl : cc);
    }

    /** What the delay proxies emulate. */
    public Network emulated() {
        return new Network(Duration.ofMillis(get(NetworkSetting.ROUND_TRIP)), get(NetworkSetting.LOSS) / 100.0,
                get(NetworkSetting.BANDWIDTH) * 1_000_000L, congestionControl);
    }

    /** The answer of a change, and what a page reads: {"rtt":50,"loss":0,"bandwidth":0,"cc":"reno"}. */
    public String json() {
        StringBuilder json = new StringBuilder("{");
        for (NetworkSetting setting : NetworkSetting.values()) {
            json.append('"').append(setting.parameter()).append("\":").append(get(setting)).append(',');
        }
        return json.append('"').append(CC).append("\":\"").append(congestionControl.parameter()).append("\"}").toString();
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (NetworkSetting setting : NetworkSetting.values()) {
            text.append(setting.parameter()).append(' ')
                    .append(setting == NetworkSetting.BANDWIDTH && get(setting) == 0 ? "no limit" : get(setting) + " " + setting.shortUnit())
                    .append(", ");
        }
        return text.append(congestionControl.label()).toString();
    }
}
