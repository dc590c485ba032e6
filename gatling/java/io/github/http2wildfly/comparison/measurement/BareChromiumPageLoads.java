package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.measure.browser.BareChromium;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The harness's check (HarnessCheck): Chromium again, over a bare DevTools connection with nothing enabled
 * ({@link BareChromium}), loading the same cells the same way (a fresh context a load, the page's own report), so that
 * what Selenium, its driver and their polling add to a load shows as a difference between the two legs.
 */
public final class BareChromiumPageLoads implements BrowserEngine {

    private static final Path CERTIFICATE = Path.of(System.getProperty("keystore.certificate", "keystore/localhost.crt"));
    private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(2);

    private final BareChromium chromium;

    private BareChromiumPageLoads(ComparisonRun run) throws IOException {
        List<String> quic = run.quicOrigins();
        chromium = BareChromium.start(quic.isEmpty() ? List.of("--disable-quic")
                : List.of("--origin-to-force-quic-on=" + String.join(",", quic)), CERTIFICATE);
    }

    /** One bare Chromium for this run (QUIC forced to its HTTP/3 doors, as the harness's). */
    public static BrowserEngine.Starter starter(ComparisonRun run) {
        return () -> new BareChromiumPageLoads(run);
    }

    @Override
    public BrowserEngine.Visit visit(Cell cell, String url) {
        return new BrowserEngine.Visit(page -> {
            try {
                return chromium.load(page, LOAD_TIMEOUT);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, chromium::cpu, () -> { });
    }

    @Override
    public String client() {
        try {
            return chromium.client();
        } catch (IOException e) {
            return "Chromium (headless, bare DevTools; version unknown: " + e.getMessage() + ")";
        }
    }

    @Override
    public long http2WindowBytes() {
        return ChromiumPageLoads.CHROMIUM_HTTP2_WINDOW_BYTES;
    }

    @Override
    public void close() throws IOException {
        chromium.close();
    }
}
