package io.github.http2wildfly.measure.browser;

import io.github.http2wildfly.edge.TlsIdentity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.devtools.Command;
import org.openqa.selenium.json.Json;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver: a real browser for the tests and the
 * comparison. Each instance has a fresh profile (no cache, no connections, no HSTS), trusts exactly
 * the project's certificate (by its public key's hash, not by ignoring every certificate error), and
 * is closed with its profile.
 */
public final class HeadlessChromium implements AutoCloseable {

    static final Path BROWSER = Path.of(System.getProperty("chromium.binary", "/usr/lib/chromium/chromium"));
    static final Path DRIVER = Path.of(System.getProperty("chromedriver.binary", "/usr/bin/chromedriver"));
    private static final Duration SETTLE = Duration.ofMillis(Long.getLong("chromium.settle.millis", 1000));
    private static final Path CERTIFICATE = Path.of(System.getProperty("keystore.certificate", "keystore/localhost.crt"));

    private final Path profile;
    private final ChromeDriver driver;

    public HeadlessChromium() throws IOException {
        this(true);
    }

    /**
     * @param trustProjectCertificate false: a browser that has never seen the project's certificate,
     *        as a person's is before they trust it
     */
    public HeadlessChromium(boolean trustProjectCertificate) throws IOException {
        this(List.of("--disable-quic"), trustProjectCertificate ? CERTIFICATE : null);
    }

    /**
     * A browser that speaks HTTP/3 to the given origins (host:port), as a person's Chromium started with
     * --origin-to-force-quic-on does: for a local origin, Alt-Svc alone is not enough. No origins: QUIC off.
     */
    public static HeadlessChromium forcingQuic(List<String> origins) throws IOException {
        return new HeadlessChromium(origins.isEmpty() ? List.of("--disable-quic")
                : List.of("--origin-to-force-quic-on=" + String.join(",", origins)), CERTIFICATE);
    }

    /**
     * A browser started with the given protocol flags, trusting the certificate in the given PEM file
     * besides the ones it trusts anyway (by its public key's hash), or no other where it is null.
     */
    public static HeadlessChromium withFlags(List<String> flags, Path trustedCertificate) throws IOException {
        return new HeadlessChromium(flags, trustedCertificate);
    }

    private HeadlessChromium(List<String> protocolFlags, Path trustedCertificate) throws IOException {
        requireInstalled();
        profile = Files.createTempDirectory("chromium-profile");
        ChromeOptions options = new ChromeOptions();
        // the browser itself: Debian's /usr/bin/chromium is a launcher script that adds its own flags
        options.setBinary(BROWSER.toFile());
        options.addArguments(protocolFlags);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1024",
                "--user-data-dir=" + profile);
        if (trustedCertificate != null) {
            options.addArguments("--ignore-certificate-errors-spki-list=" + spkiHash(trustedCertificate));
        }
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofMinutes(2));
        settle();
    }

    /**
     * A new browser keeps starting up (profile, network service, renderer) after it answers: let it
     * finish on an empty page, so that the first measured navigation does not share the CPU with it.
     */
    private void settle() {
        driver.get("about:blank");
        try {
            Thread.sleep(SETTLE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Fails with one line naming the packages when the browser or its driver is missing. */
    public static void requireInstalled() {
        if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("Headless Chromium is not installed (" + BROWSER + ", " + DRIVER
                    + "): apt-get install chromium chromium-driver");
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    /** The CPU time this browser's processes have spent so far: two snapshots give a page's cost. */
    public BrowserCpu cpu() {
        return BrowserCpu.of(profile.toString());
    }

    /**
     * Opens the page and waits for its own report (the script at the end of logos.jsp), then returns
     * the report's data-* attributes.
     */
    @SuppressWarnings("unchecked")
    public Map<String, String> loadWall(String url) {
        driver.get(url);
        new WebDriverWait(driver, Duration.ofMinutes(2)).until(d -> "done".equals(
                d.findElement(By.id("report")).getDomAttribute("data-state")));
        return (Map<String, String>) ((JavascriptExecutor) driver).executeScript(
                "var r = document.getElementById('report'); return Object.assign({text: r.textContent}, r.dataset);");
    }

    /** Saves a picture of the element, or of the window where it is null, as target/screenshots/NAME.png. */
    public Path screenshot(String name, By element) throws IOException {
        Path file = Path.of("target/screenshots", name + ".png");
        Files.createDirectories(file.getParent());
        if (element == null) {
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        } else {
            // chromedriver clips an element's picture to the viewport: bring all of it into view first
            WebElement found = driver.findElement(element);
            driver.executeScript("arguments[0].scrollIntoView({block: 'start'})", found);
            Files.write(file, found.getScreenshotAs(OutputType.BYTES));
        }
        return file;
    }

    /**
     * Opens a new browser context, as an incognito window is (its own cache, cookies, HSTS and connection
     * pools, nothing shared with other contexts), with one empty tab that the driver switches to. Closing
     * it closes the tab, disposes of the context and returns to the browser's first tab. A fresh context
     * is what a fresh browser is for a page load, without starting a browser (about two seconds each).
     */
    public FreshContext freshContext() {
        String firstTab = driver.getWindowHandle();
        String context = (String) browserCommand("Target.createBrowserContext", Map.of()).get("browserContextId");
        Set<String> before = driver.getWindowHandles();
        browserCommand("Target.createTarget", Map.of("url", "about:blank", "browserContextId", context));
        Set<String> after = new LinkedHashSet<>(driver.getWindowHandles());
        after.removeAll(before);
        driver.switchTo().window(after.iterator().next());
        return () -> {
            try {
                driver.close();
            } finally {
                driver.switchTo().window(firstTab);
                browserCommand("Target.disposeBrowserContext", Map.of("browserContextId", context));
            }
        };
    }

    /** A DevTools command to the browser itself: chromedriver's own CDP command reaches only the tab, where Target's are not allowed. */
    private Map<String, Object> browserCommand(String method, Map<String, Object> parameters) {
        return driver.getDevTools().send(new Command<Map<String, Object>>(method, parameters, Json.MAP_TYPE));
    }

    /** A browser context that {@link #freshContext()} opened; closing it throws nothing checked. */
    public interface FreshContext extends AutoCloseable {
        @Override
        void close();
    }

    public Object script(String javascript) {
        return ((JavascriptExecutor) driver).executeScript(javascript);
    }

    /** SHA-256 of the certificate's SubjectPublicKeyInfo, in base64: what Chromium's flag expects. */
    static String spkiHash(Path certificatePem) {
        try (InputStream in = Files.newInputStream(certificatePem)) {
            return TlsIdentity.spkiHash((X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot read the server certificate " + certificatePem.toAbsolutePath()
                    + ": run ./mvnw package first", e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }
}
