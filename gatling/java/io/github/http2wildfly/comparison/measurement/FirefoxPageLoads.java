package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.measure.browser.HeadlessFirefox;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Headless Firefox as the comparison's second engine (BrowserPageLoads): a fresh user context per load (Firefox's
 * containers: their own cache and connections), as Chromium's fresh context. Firefox maps HTTP/3 per host (one UDP
 * port for 127.0.0.1), so the TCP cells share one browser without the mapping and each HTTP/3 cell's proxy has a
 * browser mapped to its port, each started once and let settle. Its CPU per page is every process of the browser;
 * none is the network's apart (Firefox runs HTTP in its parent process), so its net/pg is 0.
 */
public final class FirefoxPageLoads implements BrowserEngine {

    /** Firefox's HTTP/2 connection window: 12 MiB (gecko's ASpdySession::kInitialRwin). */
    static final long FIREFOX_HTTP2_WINDOW_BYTES = 12L * 1024 * 1024;
    /** As HeadlessChromium's settle: a new browser keeps starting up after it answers. */
    private static final Duration SETTLE = Duration.ofMillis(Long.getLong("firefox.settle.millis", 1000));

    /** The run's browsers: by the UDP port they map HTTP/3 to, 0 for the one without. */
    private final Map<Integer, HeadlessFirefox> browsers = new HashMap<>();
    private String version = "?";

    FirefoxPageLoads() {
        HeadlessFirefox.requireInstalled();
    }

    @Override
    public BrowserEngine.Visit visit(Cell cell, String url) throws IOException {
        URI page = URI.create(url);
        HeadlessFirefox firefox = browser(cell.door().overQuic() ? page.getHost() : null, cell.door().overQuic() ? page.getPort() : 0);
        return new BrowserEngine.Visit(firefox::loadWall, firefox::cpu, firefox.freshContext()::close);
    }

    /** The run's browser that maps HTTP/3 to this UDP port of this host (0: the one without), started on first use. */
    private HeadlessFirefox browser(String host, int mapped) throws IOException {
        HeadlessFirefox firefox = browsers.get(mapped);
        if (firefox == null) {
            firefox = mapped == 0 ? new HeadlessFirefox() : HeadlessFirefox.withHttp3(host, mapped);
            browsers.put(mapped, firefox);
            version = firefox.version();
            firefox.settle(SETTLE);
        }
        return firefox;
    }

    @Override
    public String client() {
        return "Firefox " + version + " (headless)";
    }

    @Override
    public long http2WindowBytes() {
        return FIREFOX_HTTP2_WINDOW_BYTES;
    }

    @Override
    public void close() throws IOException {
        IOException failed = null;
        for (HeadlessFirefox firefox : browsers.values()) {
            try {
                firefox.close();
            } catch (IOException e) {
                if (failed == null) {
                    failed = e;
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
