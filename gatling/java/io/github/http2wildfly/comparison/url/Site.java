package io.github.http2wildfly.comparison.url;

import java.net.URI;
import java.util.List;

/**
 * A page as its server describes it before any browser loads it.
 *
 * @param requested the URL as given
 * @param page where it leads after redirects: what the lanes load
 * @param lanes the protocols the page can be loaded over
 * @param notes one line each, said before the loads: redirects, lanes left out and why
 * @param roundTripMillis the network's round trip to the page's server, as TCP's handshake from Java takes it
 */
public record Site(URI requested, URI page, List<Lane> lanes, List<String> notes, double roundTripMillis) {

    /** scheme://host:port of the page: its requests are the ones its server decides the protocol of. */
    public String origin() {
        return page.getScheme().toLowerCase(java.util.Locale.ROOT) + "://" + quicOrigin();
    }

    /** host:port of the page, as Chromium's --origin-to-force-quic-on names an origin. */
    public String quicOrigin() {
        return page.getHost() + ":" + port(page);
    }

    static int port(URI uri) {
        return uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** A name for the page's files: host and port. */
    public String fileName() {
        return page.getHost().replaceAll("[^A-Za-z0-9.-]", "_") + "_" + port(page);
    }
}
