package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriverException;

/**
 * One lane's browser for one page: Chromium held to the lane's protocol, its first tab the kept
 * profile for warm loads (primed by an uncounted load), a fresh browser context for each cold load.
 */
final class LaneBrowser implements AutoCloseable {

    private final Lane lane;
    private final Site site;
    private final HeadlessChromium chromium;

    LaneBrowser(Lane lane, Site site, Path trustedCertificate, Duration timeout) throws IOException {
        this.lane = lane;
        this.site = site;
        chromium = HeadlessChromium.withFlags(lane.chromiumFlags(site.quicOrigin()), trustedCertificate);
        chromium.driver().manage().timeouts().pageLoadTimeout(timeout).scriptTimeout(Duration.ofSeconds(10));
        keepEveryEntry();
        load(-1, false); // primes the kept profile: its cache, its connections
    }

    String browserVersion() {
        return chromium.driver().getCapabilities().getBrowserVersion();
    }

    PageLoad load(int round, boolean cold) {
        if (!cold) {
            return loadHere(round, false);
        }
        try (HeadlessChromium.FreshContext context = chromium.freshContext()) {
            keepEveryEntry();
            return loadHere(round, true);
        }
    }

    @SuppressWarnings("unchecked")
    private PageLoad loadHere(int round, boolean cold) {
        String url = site.page().toString();
        try {
            chromium.driver().get(url);
        } catch (TimeoutException e) {
            return PageLoad.failed(lane, round, cold, url, "no load event within the timeout (comparison.url.timeout)");
        } catch (WebDriverException e) {
            return PageLoad.failed(lane, round, cold, url, "Chromium: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        String where = chromium.driver().getCurrentUrl();
        if (where.startsWith("chrome-error:")) {
            return PageLoad.failed(lane, round, cold, url, "Chromium showed its error page: "
                    + chromium.driver().findElement(org.openqa.selenium.By.tagName("body")).getText().lines()
                            .filter(line -> line.startsWith("ERR_")).findFirst().orElse("no error code"));
        }
        try {
            Map<String, Object> collected = (Map<String, Object>) chromium.driver().executeAsyncScript(PageLoad.COLLECT);
            return PageLoad.from(collected, lane, round, cold, site.origin());
        } catch (WebDriverException e) {
            return PageLoad.failed(lane, round, cold, url, "the page's timing could not be read: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
    }

    /** Before the page's own scripts, in every new document of this tab. */
    private void keepEveryEntry() {
        chromium.driver().executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", PageLoad.KEEP_EVERY_ENTRY));
    }

    @Override
    public void close() throws IOException {
        chromium.close();
    }
}
