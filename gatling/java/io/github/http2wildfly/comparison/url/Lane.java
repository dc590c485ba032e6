package io.github.http2wildfly.comparison.url;

import java.util.List;

/**
 * One protocol a page is loaded over, and the Chromium flags that hold the browser to it: HTTP/1.1 with
 * HTTP/2 and QUIC switched off, HTTP/2 with QUIC off, HTTP/3 with QUIC forced to the page's origin (as
 * Chromium takes it to an origin only after a first visit otherwise, and never to a private root).
 */
public enum Lane {
    H1("h1", "http/1.1"), H2("h2", "h2"), H3("h3", "h3");

    private final String label;
    private final String protocol;

    Lane(String label, String protocol) {
        this.label = label;
        this.protocol = protocol;
    }

    public String label() {
        return label;
    }

    /** What Resource Timing's nextHopProtocol says for a response that came over this lane. */
    public String protocol() {
        return protocol;
    }

    /** @param origin host:port of the page, which QUIC is forced to on the h3 lane */
    List<String> chromiumFlags(String origin) {
        return switch (this) {
            case H1 -> List.of("--disable-http2", "--disable-quic");
            case H2 -> List.of("--disable-quic");
            case H3 -> List.of("--origin-to-force-quic-on=" + origin);
        };
    }
}
