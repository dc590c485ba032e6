package io.github.http2wildfly.latency;

import io.github.http2wildfly.setting.Token;

/**
 * How a sender answers loss: the dimension that decides where HTTP/2 stops winning. Named as Linux names
 * them ({@code net.ipv4.tcp_congestion_control}), so a value here is also what the lab writes into its
 * server's namespace and what a WildFly user sets on their own machine.
 */
public enum CongestionControl implements Token {

    /** Linux's "reno" is NewReno with SACK (RFC 5681, RFC 6582): halves on a loss, then one segment a round trip. */
    RENO("reno", "NewReno"),
    /** Linux's default on most distributions (RFC 9438): down to 0.7 on a loss, then back along a cubic curve. */
    CUBIC("cubic", "CUBIC"),
    /** Linux's BBR (v1 in the mainline kernel): paces at the bandwidth it measures and does not read loss as congestion. */
    BBR("bbr", "BBR");

    private final String parameter;
    private final String label;

    CongestionControl(String parameter, String label) {
        this.parameter = parameter;
        this.label = label;
    }

    /** Linux's name, the form and property value: "reno", "cubic", "bbr". */
    public String parameter() {
        return parameter;
    }

    /** As a setting names it: Linux's name. */
    @Override
    public String token() {
        return parameter;
    }

    /** For people: "NewReno", "CUBIC", "BBR". */
    public String label() {
        return label;
    }

    /** The message of every rejected value: one line, no echo of the input. */
    public static String rule() {
        return "cc must be one of " + names();
    }

    /** "reno, cubic, bbr". */
    public static String names() {
        return Token.all(CongestionControl.class);
    }

    /** @throws IllegalArgumentException with {@link #rule()} for anything but a name of {@link #parameter()} */
    public static CongestionControl parse(String raw) {
        return Token.find(CongestionControl.class, raw).orElseThrow(() -> new IllegalArgumentException(rule()));
    }
}
