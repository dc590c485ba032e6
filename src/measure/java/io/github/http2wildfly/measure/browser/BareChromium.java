package io.github.http2wildfly.measure.browser;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Headless Chromium driven over a bare DevTools WebSocket: a second, independent client for the harness's claim that
 * it does not change the load times it measures. Selenium and chromedriver add their own DevTools sessions, domains
 * and polling; this client enables no domain and sends only the few commands a load needs.
 * Hand-written because the CDP libraries for Java either wrap Selenium or pull a large generated API for five commands.
 */
public final class BareChromium implements AutoCloseable {

    private static final Path BROWSER = Path.of(System.getProperty("chromium.binary", "/usr/lib/chromium/chromium"));
    private static final Pattern DEVTOOLS_URL = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration EXIT_TIMEOUT = Duration.ofSeconds(5);
    /** As often as Selenium's WebDriverWait polls by default: the probe looks at the page no more than the harness. */
    private static final Duration POLL_INTERVAL = Duration.ofMillis(500);
    private static final int STDERR_LINES_KEPT = 20;
    private static final String REPORT_STATE = "document.getElementById('report')?.dataset.state";
    /** The same map as the harness's HeadlessChromium.loadWall returns. */
    private static final String REPORT = "(() => { const report = document.getElementById('report');"
            + " return Object.assign({text: report.textContent}, report.dataset); })()";

    private final ObjectMapper json = new ObjectMapper();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong lastId = new AtomicLong();
    private final Process browser;
    private final Path profile;
    private final WebSocket devTools;
    /** Set once the connection is gone: later commands fail at once instead of after their timeout. */
    private volatile IOException connectionLost;

    private BareChromium(Process browser, Path profile, URI devToolsUrl) throws IOException {
        this.browser = browser;
        this.profile = profile;
        this.devTools = await(HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(STARTUP_TIMEOUT)
                .buildAsync(devToolsUrl, new Messages()), STARTUP_TIMEOUT, "Connecting to " + devToolsUrl);
    }

    /**
     * Starts headless Chromium with these extra flags (e.g. "--disable-quic"), trusting the certificate in this PEM
     * (by its SPKI hash), or no extra certificate where it is null.
     */
    public static BareChromium start(List<String> flags, Path trustedCertificatePem) throws IOException {
        if (!Files.isExecutable(BROWSER)) {
            throw new IllegalStateException("Headless Chromium is not installed (" + BROWSER + "): apt-get install chromium");
        }
        Path profile = Files.createTempDirectory("bare-chromium-profile");
        List<String> command = new ArrayList<>(List.of(BROWSER.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1280,1024", "--remote-debugging-port=0",
                "--user-data-dir=" + profile));
        command.addAll(flags);
        if (trustedCertificatePem != null) {
            command.add("--ignore-certificate-errors-spki-list=" + HeadlessChromium.spkiHash(trustedCertificatePem));
        }
        command.add("about:blank");
        Process browser = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            return new BareChromium(browser, profile, URI.create(devToolsUrl(browser)));
        } catch (IOException | RuntimeException e) {
            destroy(browser, browser.descendants().toList(), Duration.ZERO);
            deleteProfile(profile);
            throw e;
        }
    }

    /**
     * With port 0, Chromium chooses its port and says which only on stderr. The reader keeps draining stderr after
     * that, so that a full pipe never blocks the browser.
     */
    private static String devToolsUrl(Process browser) throws IOException {
        CompletableFuture<String> url = new CompletableFuture<>();
        Deque<String> lastLines = new ArrayDeque<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader stderr = new BufferedReader(
                    new InputStreamReader(browser.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = stderr.readLine(); line != null; line = stderr.readLine()) {
                    synchronized (lastLines) {
                        lastLines.addLast(line);
                        if (lastLines.size() > STDERR_LINES_KEPT) {
                            lastLines.removeFirst();
                        }
                    }
                    Matcher found = DEVTOOLS_URL.matcher(line);
                    if (found.find()) {
                        url.complete(found.group(1));
                    }
                }
            } catch (IOException e) {
                // the stream closes when the browser is destroyed: nothing left to drain
            }
            if (!url.isDone()) {
                url.completeExceptionally(new IOException("Chromium exited (" + exitCode(browser) + ")"));
            }
        }, "bare-chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            return url.get(STARTUP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            String reason = e instanceof ExecutionException ? e.getCause().getMessage()
                    : "not within " + STARTUP_TIMEOUT.toSeconds() + " s";
            synchronized (lastLines) {
                throw new IOException("Chromium did not say its DevTools address (" + reason
                        + "); its last lines on stderr:\n" + String.join("\n", lastLines));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while Chromium started");
        }
    }

    private static String exitCode(Process browser) {
        try {
            return "exit code " + browser.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * One first visit: a new browser context, a tab opened on the URL in it, then the page's report polled until
     * its state is "done"; returns the report's data-* attributes and its text. The context is disposed of in any case.
     */
    public Map<String, String> load(String url, Duration timeout) throws IOException {
        String context = browserCommand("Target.createBrowserContext", Map.of()).path("browserContextId").asText();
        // try-with-resources: a failure to dispose of the context is added to the load's own failure, not put in its place
        try (ContextDisposal disposal = () -> browserCommand("Target.disposeBrowserContext",
                Map.of("browserContextId", context))) {
            String target = browserCommand("Target.createTarget", Map.of("url", url, "browserContextId", context))
                    .path("targetId").asText();
            String session = browserCommand("Target.attachToTarget", Map.of("targetId", target, "flatten", true))
                    .path("sessionId").asText();
            awaitReport(session, url, timeout);
            Map<String, String> report = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> attribute : evaluate(session, REPORT).properties()) {
                report.put(attribute.getKey(), attribute.getValue().asText());
            }
            return report;
        }
    }

    private void awaitReport(String session, String url, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        IOException lastFailure = null;
        while (true) {
            try {
                if ("done".equals(evaluate(session, REPORT_STATE).asText())) {
                    return;
                }
            } catch (IOException e) {
                if (connectionLost != null) {
                    throw e;
                }
                // while the tab navigates away from its first empty document, there can be no context to evaluate in
                lastFailure = e;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new IOException("The page " + url + " did not report done in " + timeout.toMillis() + " ms",
                        lastFailure);
            }
            try {
                Thread.sleep(POLL_INTERVAL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("Interrupted while loading " + url);
            }
        }
    }

    /** The expression's value; undefined and null: a missing node. */
    private JsonNode evaluate(String session, String expression) throws IOException {
        return command(session, "Runtime.evaluate", Map.of("expression", expression, "returnByValue", true))
                .path("result").path("value");
    }

    /** "Chromium 156.0.8078.108 (headless, bare DevTools)" from Browser.getVersion's product. */
    public String client() throws IOException {
        String product = browserCommand("Browser.getVersion", Map.of()).path("product").asText();
        return "Chromium " + product.substring(product.indexOf('/') + 1) + " (headless, bare DevTools)";
    }

    /** The browser's own process (its children are the renderer, network service, etc.). */
    public ProcessHandle process() {
        return browser.toHandle();
    }

    /** The CPU time this browser's processes have spent so far: two snapshots give a page's cost. */
    public BrowserCpu cpu() {
        return BrowserCpu.ofProcess(process());
    }

    /** Browser.close over DevTools; a browser still running 5 s later is destroyed; then the profile is deleted. */
    @Override
    public void close() throws IOException {
        // taken now: once the browser has exited, its children are no longer its descendants
        List<ProcessHandle> children = browser.descendants().toList();
        try {
            browserCommand("Browser.close", Map.of());
        } catch (IOException e) {
            // the browser may close the connection before it answers; whether it exited is checked below anyway
        }
        try {
            destroy(browser, children, EXIT_TIMEOUT);
        } finally {
            devTools.abort();
            deleteProfile(profile);
        }
    }

    /** Gives the browser and its children this long to exit, then kills those still running and waits for them. */
    private static void destroy(Process browser, List<ProcessHandle> children, Duration grace) throws IOException {
        List<ProcessHandle> all = Stream.concat(Stream.of(browser.toHandle()), children.stream()).toList();
        try {
            long deadline = System.nanoTime() + grace.toNanos();
            for (ProcessHandle process : all) {
                awaitExit(process, Math.max(0, deadline - System.nanoTime()));
            }
            all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle process : all) {
                awaitExit(process, EXIT_TIMEOUT.toNanos());
            }
        } catch (InterruptedException e) {
            all.forEach(ProcessHandle::destroyForcibly);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while Chromium exited");
        }
    }

    private static void awaitExit(ProcessHandle process, long nanos) throws InterruptedException {
        try {
            process.onExit().get(nanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // still running: the caller decides
        }
    }

    private static void deleteProfile(Path profile) throws IOException {
        if (Files.notExists(profile)) {
            return; // closed twice
        }
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private JsonNode browserCommand(String method, Map<String, Object> params) throws IOException {
        return command(null, method, params);
    }

    /** Sends one command, to the browser or to an attached tab's session, and waits for its answer's result. */
    private JsonNode command(String session, String method, Map<String, Object> params) throws IOException {
        long id = lastId.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            if (connectionLost != null) {
                throw new IOException(method + ": " + connectionLost.getMessage(), connectionLost);
            }
            ObjectNode message = json.createObjectNode().put("id", id).put("method", method);
            message.set("params", json.valueToTree(params));
            if (session != null) {
                message.put("sessionId", session);
            }
            send(json.writeValueAsString(message));
            JsonNode response = await(answer, COMMAND_TIMEOUT, method);
            if (response.has("error")) {
                throw new IOException(method + " failed: " + response.get("error").path("message").asText());
            }
            return response.path("result");
        } finally {
            pending.remove(id);
        }
    }

    /** One message at a time: the WebSocket refuses a send while the previous one is still under way. */
    private synchronized void send(String message) throws IOException {
        await(devTools.sendText(message, true), COMMAND_TIMEOUT, "Sending to DevTools");
    }

    private static <T> T await(CompletableFuture<T> future, Duration timeout, String what) throws IOException {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(what + ": no answer in " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException(what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(what + ": interrupted");
        }
    }

    /** Answers matched to their commands by id; events (no id) ignored. */
    private final class Messages implements WebSocket.Listener {

        /** A large message (a screenshot, a big value) arrives in several frames. */
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String message = partial.toString();
                partial.setLength(0);
                answer(message);
            }
            webSocket.request(1);
            return null;
        }

        private void answer(String message) {
            try {
                JsonNode parsed = json.readTree(message);
                if (parsed.has("id")) {
                    CompletableFuture<JsonNode> answer = pending.get(parsed.get("id").asLong());
                    if (answer != null) {
                        answer.complete(parsed);
                    }
                }
            } catch (IOException e) {
                pending.values().forEach(answer -> answer.completeExceptionally(
                        new IOException("Unreadable DevTools message: " + e.getMessage(), e)));
            }
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            failAll(new IOException("DevTools connection closed (" + statusCode + " " + reason + ")"));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            failAll(new IOException("DevTools connection failed", error));
        }

        /** The connection is gone: the commands waiting for an answer fail now, later ones as they are sent. */
        private void failAll(IOException failure) {
            connectionLost = failure;
            pending.values().forEach(answer -> answer.completeExceptionally(failure));
        }
    }

    /** Disposes of a browser context; a failure is an IOException. */
    private interface ContextDisposal extends AutoCloseable {
        @Override
        void close() throws IOException;
    }
}
