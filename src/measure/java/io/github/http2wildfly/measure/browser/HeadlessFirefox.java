package io.github.http2wildfly.measure.browser;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openqa.selenium.bidi.BiDi;
import org.openqa.selenium.bidi.Command;
import org.openqa.selenium.bidi.Connection;
import org.openqa.selenium.remote.http.ClientConfig;
import org.openqa.selenium.remote.http.HttpClient;

/**
 * Debian's Firefox ESR, headless, driven over WebDriver BiDi, which Firefox speaks itself: Debian, Maven Central
 * and npm carry no geckodriver, and Selenium's BiDi connection talks to Firefox's own endpoint
 * ({@code --remote-debugging-port}, then {@code ws://127.0.0.1:PORT/session}) without one. Each instance is a fresh
 * browser with a profile of its own (nothing cached, no connection, no Alt-Svc remembered), closed with it.
 * Certificates: the BiDi session's {@code acceptInsecureCerts}, as Firefox has no flag that trusts one key.
 */
public final class HeadlessFirefox implements AutoCloseable {

    static final Path BROWSER = Path.of(System.getProperty("firefox.binary", "/usr/bin/firefox-esr"));
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration COMMAND = Duration.ofMinutes(2);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path profile;
    private final Process process;
    private HttpClient client; // null until Firefox listens
    private BiDi bidi;
    private String version;
    private final String firstTab;
    private String context;

    /** A browser that speaks HTTP/1.1 and HTTP/2 only: what Firefox does on localhost without Alt-Svc. */
    public HeadlessFirefox() throws IOException {
        this(Map.of());
    }

    /**
     * A browser that goes to localhost over HTTP/3 at the given UDP port, as a person's Firefox with these
     * preferences does (about:config, the page's http3.jspf names them): the mapping, used from the first request
     * (else Firefox tries TCP first, where door 4 does not answer), and HTTP/3 kept on with a root of one's own
     * (Firefox turns it off when it finds one: measured, without it every load was h2). The mapping is per host,
     * not per port: every https load of localhost then goes there, so a browser that measures a TCP door must
     * not have it.
     */
    public static HeadlessFirefox withHttp3(int port) throws IOException {
        return withHttp3("localhost", port);
    }

    /** As {@link #withHttp3(int)}, for another host (the comparison's proxies: 127.0.0.1). */
    public static HeadlessFirefox withHttp3(String host, int port) throws IOException {
        return new HeadlessFirefox(Map.of("network.http.http3.enable", true,
                "network.http.http3.alt-svc-mapping-for-testing", host + ";h3=:" + port,
                "network.http.http3.force-use-alt-svc-mapping-for-testing", true,
                "network.http.http3.disable_when_third_party_roots_found", false));
    }

    private HeadlessFirefox(Map<String, Object> preferences) throws IOException {
        requireInstalled();
        profile = Files.createTempDirectory("firefox-profile");
        Files.write(profile.resolve("user.js"), userJs(preferences));
        process = new ProcessBuilder(BROWSER.toString(), "--headless", "--no-remote", "--profile", profile.toString(),
                "--remote-debugging-port=0", "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("firefox.log").toFile()).start();
        try {
            firstTab = connect();
            context = firstTab;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A BiDi session that accepts the project's certificate (Firefox has no flag that trusts one key), and its tab. */
    @SuppressWarnings("unchecked")
    private String connect() throws IOException {
        URI endpoint = URI.create("ws://127.0.0.1:" + bidiPort() + "/session");
        client = HttpClient.Factory.createDefault().createClient(ClientConfig.defaultConfig().baseUri(endpoint));
        bidi = new BiDi(new Connection(client, endpoint.toString()), COMMAND);
        Map<String, Object> session = send("session.new", Map.of("capabilities", Map.of("alwaysMatch", Map.of("acceptInsecureCerts", true))));
        version = String.valueOf(((Map<String, Object>) session.get("capabilities")).get("browserVersion"));
        List<Map<String, Object>> contexts = (List<Map<String, Object>>) send("browsingContext.getTree", Map.of()).get("contexts");
        return (String) contexts.get(0).get("context");
    }

    /** Fails with one line naming the package when the browser is missing. */
    public static void requireInstalled() {
        if (!Files.isExecutable(BROWSER)) {
            throw new IllegalStateException("Firefox is not installed (" + BROWSER + "): apt-get install firefox-esr");
        }
    }

    /** Firefox writes its BiDi port into the profile once it listens (WebDriverBiDiServer.json). */
    private int bidiPort() throws IOException {
        Path server = profile.resolve("WebDriverBiDiServer.json");
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("Firefox ended at start: " + Files.readString(profile.resolve("firefox.log")).strip());
            }
            if (Files.exists(server)) {
                try {
                    if (JSON.readValue(server.toFile(), Map.class).get("ws_port") instanceof Number port) {
                        return port.intValue();
                    }
                } catch (IOException halfWritten) {
                    // read again: Firefox may be writing it
                }
            }
            sleep(Duration.ofMillis(100));
        }
        throw new IOException("Firefox did not open its WebDriver BiDi port within " + START.toSeconds() + " s");
    }

    /** Firefox's version, as the BiDi session names it. */
    public String version() {
        return version;
    }

    /** The CPU time this browser's processes have spent so far: two snapshots give a page's cost. */
    public BrowserCpu cpu() {
        return BrowserCpu.ofProcess(process.toHandle());
    }

    /**
     * A new browser keeps starting up after it answers: let it finish on an empty page, so that the first
     * measured navigation does not share the CPU with it (as HeadlessChromium does).
     */
    public void settle(Duration duration) {
        open("about:blank");
        sleep(duration);
    }

    /**
     * Opens a new user context (Firefox's container: its own cache, cookies and connection pools, keyed apart from
     * every other context's) with one tab, which the browser's commands go to until it is closed. A fresh context is
     * what a fresh browser is for a page load, without starting a browser (FirefoxIT counts its connections).
     */
    public FreshContext freshContext() {
        String userContext = (String) send("browser.createUserContext", Map.of()).get("userContext");
        String tab = (String) send("browsingContext.create", Map.of("type", "tab", "userContext", userContext)).get("context");
        context = tab;
        return () -> {
            try {
                send("browsingContext.close", Map.of("context", tab));
            } finally {
                context = firstTab;
                send("browser.removeUserContext", Map.of("userContext", userContext));
            }
        };
    }

    /** A user context that {@link #freshContext()} opened; closing it throws nothing checked. */
    public interface FreshContext extends AutoCloseable {
        @Override
        void close();
    }

    /** Opens the URL and waits until it has loaded (the window's load event). */
    public void open(String url) {
        send("browsingContext.navigate", Map.of("context", context, "url", url, "wait", "complete"));
    }

    /**
     * Opens the logo wall and waits for its own report (the script at the end of logos.jsp), then returns the
     * report's data-* attributes and its text, as {@link HeadlessChromium#loadWall} does.
     */
    @SuppressWarnings("unchecked")
    public Map<String, String> loadWall(String url) {
        open(url);
        waitFor("document.getElementById('report').dataset.state === 'done'", Duration.ofMinutes(2));
        return (Map<String, String>) script("Object.assign({text: document.getElementById('report').textContent},"
                + " document.getElementById('report').dataset)");
    }

    /** Waits until the expression is true in the page. */
    public void waitFor(String condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Boolean.TRUE.equals(script("Boolean(" + condition + ")"))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Firefox: not " + condition + " within " + timeout.toSeconds() + " s at " + script("location.href"));
            }
            sleep(Duration.ofMillis(200));
        }
    }

    /**
     * The expression's value in the page, through JSON: strings, numbers, booleans, lists and maps. BiDi's own
     * serialization types every value; JSON is what the tests compare.
     */
    public Object script(String expression) {
        Map<String, Object> answer = send("script.evaluate", Map.of("expression", "JSON.stringify(" + expression + ")",
                "target", Map.of("context", context), "awaitPromise", true));
        if (!"success".equals(answer.get("type"))) {
            throw new AssertionError("Firefox: " + expression + " threw " + answer.get("exceptionDetails"));
        }
        Object json = ((Map<?, ?>) answer.get("result")).get("value");
        try {
            return json == null ? null : JSON.readValue((String) json, Object.class);
        } catch (IOException e) {
            throw new IllegalStateException("Firefox answered no JSON: " + json, e);
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> send(String method, Map<String, Object> parameters) {
        return bidi.send(new Command<>(method, parameters, Map.class));
    }

    /**
     * The connection first, while Firefox still holds it (closed after the browser, as after BiDi's browser.close,
     * Selenium fails to close it and logs a stack trace), then the browser (SIGTERM: Firefox ends as it would on
     * browser.close) and its profile.
     */
    @Override
    public void close() throws IOException {
        try {
            if (bidi != null) {
                bidi.close();
            }
            if (client != null) {
                client.close();
            }
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** The profile's preferences: the given ones, and a browser that stays quiet and keeps nothing. */
    static List<String> userJs(Map<String, Object> preferences) throws IOException {
        List<String> lines = new ArrayList<>();
        Map<String, Object> all = new TreeMap<>(preferences);
        all.putIfAbsent("browser.cache.disk.enable", false);
        all.putIfAbsent("app.update.disabledForTesting", true);
        all.putIfAbsent("datareporting.policy.dataSubmissionEnabled", false);
        all.putIfAbsent("toolkit.telemetry.reportingpolicy.firstRun", false);
        all.putIfAbsent("browser.shell.checkDefaultBrowser", false);
        for (Map.Entry<String, Object> preference : all.entrySet()) {
            lines.add("user_pref(" + JSON.writeValueAsString(preference.getKey()) + ", " + JSON.writeValueAsString(preference.getValue()) + ");");
        }
        return lines;
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
