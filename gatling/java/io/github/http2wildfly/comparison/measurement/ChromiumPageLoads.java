package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.io.IOException;

/**
 * Headless Chromium as the comparison's browser (a BrowserEngine): one browser for the run, a fresh browser
 * context per load (as an incognito window: new connections, nothing cached, no TLS session to resume), which saves
 * starting a browser per load; HTTP/3 with QUIC forced to the run's HTTP/3 doors.
 */
public final class ChromiumPageLoads implements BrowserEngine {

    /** Chromium's HTTP/2 connection window: 15 MB (the stream window is 6 MB). */
    static final long CHROMIUM_HTTP2_WINDOW_BYTES = 15L * 1024 * 1024;

    private final HeadlessChromium chromium;

    private ChromiumPageLoads(ComparisonRun run) throws IOException {
        HeadlessChromium.requireInstalled();
        chromium = HeadlessChromium.forcingQuic(run.quicOrigins());
    }

    /** One Chromium for this run (QUIC forced to its HTTP/3 doors). */
    static BrowserEngine.Starter starter(ComparisonRun run) {
        return () -> new ChromiumPageLoads(run);
    }

    @Override
    public BrowserEngine.Visit visit(Cell cell, String url) {
        return new BrowserEngine.Visit(chromium::loadWall, chromium::cpu, chromium.freshContext()::close);
    }

    @Override
    public String client() {
        return "Chromium " + chromium.driver().getCapabilities().getBrowserVersion() + " (headless)";
    }

    @Override
    public long http2WindowBytes() {
        return CHROMIUM_HTTP2_WINDOW_BYTES;
    }

    @Override
    public void close() throws IOException {
        chromium.close();
    }
}
