package io.github.http2wildfly.measure.browser;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Not a JUnit test: a check to run by hand that {@link BareChromium} starts, loads a page three times in fresh
 * contexts, reads its report, and leaves neither a process nor its profile behind.
 */
public final class BareChromiumProbeCheck {

    private static final String WALL = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>wall</title></head>
            <body>
            <img src="/image/1.svg" alt="1"><img src="/image/2.svg" alt="2"><img src="/image/3.svg" alt="3">
            <p id="report" data-state="loading">loading</p>
            <script>
            addEventListener('load', () => setTimeout(() => {
                // after the load event's own task: only then is loadEventEnd set
                const navigation = performance.getEntriesByType('navigation')[0];
                const report = document.getElementById('report');
                report.dataset.loadMillis = Math.round(navigation.loadEventEnd - navigation.startTime);
                report.dataset.protocol = navigation.nextHopProtocol;
                report.dataset.images = 3;
                report.textContent = 'loaded in ' + report.dataset.loadMillis + ' ms';
                report.dataset.state = 'done';
            }, 0));
            </script>
            </body></html>
            """;
    private static final String IMAGE = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\">"
            + "<rect width=\"40\" height=\"40\" fill=\"teal\"/></svg>";

    private BareChromiumProbeCheck() {
    }

    public static void main(String[] args) {
        try {
            check();
            System.out.println("OK");
        } catch (Throwable e) {
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void check() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/wall", exchange -> respond(exchange, "text/html; charset=utf-8", WALL));
        server.createContext("/image/", exchange -> respond(exchange, "image/svg+xml", IMAGE));
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/wall";
            BareChromium chromium = BareChromium.start(List.of("--disable-quic"), null);
            ProcessHandle browser = chromium.process();
            List<ProcessHandle> children;
            Path profile;
            try {
                profile = profileOf(browser);
                require(Files.isDirectory(profile), "the profile " + profile + " exists while the browser runs");
                for (int load = 1; load <= 3; load++) {
                    Map<String, String> report = chromium.load(url, Duration.ofSeconds(60));
                    System.out.println("load " + load + ": " + report);
                    require("done".equals(report.get("state")), "state done: " + report);
                    require("3".equals(report.get("images")), "3 images: " + report);
                    require("http/1.1".equals(report.get("protocol")), "http/1.1: " + report);
                    require(Long.parseLong(report.get("loadMillis")) > 0, "a load time: " + report);
                }
                String client = chromium.client();
                System.out.println("client: " + client);
                require(client.matches("Chromium [0-9.]+ \\(headless, bare DevTools\\)"), "client: " + client);
                children = browser.descendants().toList();
                require(!children.isEmpty(), "the browser has child processes");
            } finally {
                chromium.close();
            }
            require(!browser.isAlive(), "the browser " + browser.pid() + " has exited");
            require(children.stream().noneMatch(ProcessHandle::isAlive), "its children have exited");
            require(Files.notExists(profile), "the profile " + profile + " is gone");
        } finally {
            server.stop(0);
        }
    }

    /** From the browser's own command line, so that the check relies on nothing the class tells about itself. */
    private static Path profileOf(ProcessHandle browser) throws IOException {
        String commandLine = Files.readString(Path.of("/proc", Long.toString(browser.pid()), "cmdline"));
        for (String argument : commandLine.split("\0")) {
            if (argument.startsWith("--user-data-dir=")) {
                return Path.of(argument.substring("--user-data-dir=".length()));
            }
        }
        throw new IllegalStateException("No --user-data-dir in " + commandLine.replace('\0', ' '));
    }

    private static void respond(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("Expected: " + what);
        }
    }
}
