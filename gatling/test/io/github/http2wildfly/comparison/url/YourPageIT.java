package io.github.http2wildfly.comparison.url;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import de.sstoehr.harreader.HarReader;
import de.sstoehr.harreader.model.Har;
import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.measure.net.RefusedPort;
import io.github.http2wildfly.servers.LocalWebServers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Your page's comparison against servers nobody here wrote: Caddy offers HTTP/3 (its lane is h3, every
 * request of the page's own origin proven by Resource Timing), nginx does not (its lane says so), and
 * every bad input is one line (the probe gives up after 5 s to connect, 10 s to answer) while the other URLs still run. Runs with -Pbrowser.
 */
@Tag("browser") // needs Chromium, nginx and Caddy
@Tag("comparison") // the comparison's own ITs: CI runs them beside the cluster's
class YourPageIT {

    @TempDir
    static Path directory;

    private static LocalWebServers servers;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(LocalWebServers.installed(), "nginx and Caddy: apt-get install nginx-light caddy");
        servers = new LocalWebServers(directory);
    }

    @AfterAll
    static void stop() {
        if (servers != null) {
            servers.close();
        }
    }

    private static UrlSettings settings(Path certificate, String... urls) {
        // one round (a cold and a warm load per lane): what is tested is each lane's protocol, not a median
        return new UrlSettings(Stream.of(urls).map(URI::create).toList(), 1, Duration.ofSeconds(30), certificate,
                directory.resolve("report"));
    }

    /** The run's lines, and the reports it wrote. */
    private record Run(List<String> lines, List<Path> reports) {
    }

    private static Run run(UrlSettings settings) throws IOException {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Path> reports = UrlComparison.run(settings, new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8);
        System.out.print(text);
        return new Run(text.lines().toList(), reports);
    }

    private static Map<String, Object> loads(Path report) throws IOException {
        @SuppressWarnings("unchecked")
        Map<String, Object> all = new com.fasterxml.jackson.databind.ObjectMapper().readValue(report.resolveSibling("loads.json").toFile(), Map.class);
        return all;
    }

    @Test
    void caddysPageIsMeasuredOverHttp11Http2AndHttp3WithTheReportAndAHarPerLoad() throws Exception {
        Run run = run(settings(servers.certificate, servers.caddy("/index.html")));

        for (String lane : List.of("h1", "h2", "h3")) {
            String row = run.lines().stream().filter(line -> line.strip().startsWith(lane + " ")).findFirst().orElseThrow();
            assertTrue(row.contains("2 counted") && !row.contains("off lane") && !row.contains("failed"), row);
        }
        Path report = run.reports().get(0);
        assertTrue(Files.isRegularFile(report.resolveSibling("chart.umd.min.js")) && Files.readString(report).contains("\"lanes\" : ["),
                "the report, its data and its chart library");
        try (Stream<Path> files = Files.list(report.resolveSibling("har"))) {
            List<Path> hars = files.sorted().toList();
            assertEquals(6, hars.size(), "three lanes, one round, cold and warm");
            for (Path file : hars) {
                Har har = new HarReader().readFromFile(file.toFile());
                String lane = file.getFileName().toString().substring(0, 2);
                String protocol = Lane.valueOf(lane.toUpperCase()).protocol();
                assertEquals(protocol, har.log().entries().get(0).request().httpVersion(), file + ": the document");
                if (file.toString().endsWith("-cold.har")) {
                    assertEquals(LocalWebServers.IMAGES + 1, har.log().entries().stream()
                            .filter(entry -> entry.request().httpVersion().equals(protocol)).count(), file + ": the page and every image");
                }
            }
        }
    }

    @Test
    void nginxsPageHasTwoLanesAndSaysHttp3IsNotOffered() throws Exception {
        Run run = run(settings(servers.certificate, servers.nginx("/index.html")));

        assertTrue(run.lines().contains("  h3 not offered: localhost sends no h3 in Alt-Svc"), run.lines().toString());
        assertTrue(run.lines().stream().anyMatch(line -> line.strip().equals("h3   not offered")), run.lines().toString());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lanes = (List<Map<String, Object>>) loads(run.reports().get(0)).get("lanes");
        List<Map<String, Object>> offered = lanes.stream().filter(lane -> Boolean.TRUE.equals(lane.get("offered"))).toList();
        assertEquals(List.of("h1", "h2"), offered.stream().map(lane -> lane.get("lane")).toList());
        offered.forEach(lane -> assertEquals(2, lane.get("counted"), lane.toString()));
    }

    @Test
    void eachBadInputIsOneLineAndTheOtherUrlsStillRun() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress()); // accepts, never answers
                RefusedPort closed = new RefusedPort()) {
            int refused = closed.address().getPort();
            Map<String, String> expected = Map.of(
                    "https://no-such-host.invalid/", "(DNS)",
                    "https://localhost:" + refused + "/", "refused the connection: nothing listens there",
                    "https://localhost:" + silent.getLocalPort() + "/", "within 5 s (TCP and TLS): is it reachable from here",
                    "http://localhost:" + silent.getLocalPort() + "/", "accepted the connection but sent no answer within 10 s",
                    servers.caddy("/logo.png"), "is not an HTML page (Content-Type: image/png)",
                    servers.nginx("/nothing-here.html"), "answered 404: give the URL of a page that loads");
            SiteProbe probe = new SiteProbe(servers.certificate);
            for (Map.Entry<String, String> bad : expected.entrySet()) {
                // the probe's own limits are 5 s to connect and 10 s to answer; a minute only tells a hang from a slow machine
                SiteProblem problem = assertTimeoutPreemptively(Duration.ofMinutes(1),
                        () -> assertThrows(SiteProblem.class, () -> probe.probe(URI.create(bad.getKey()))), bad.getKey() + " hung");
                assertTrue(problem.getMessage().contains(bad.getValue()), problem.getMessage());
            }
            // the run: the quick ones alone fail it; beside a page that loads, each is its line and the page is measured
            List<String> quick = List.of("https://no-such-host.invalid/", "https://localhost:" + refused + "/",
                    servers.caddy("/logo.png"), servers.nginx("/nothing-here.html"));
            ComparisonFailure none = assertThrows(ComparisonFailure.class, () -> run(settings(servers.certificate, quick.toArray(String[]::new))));
            assertEquals("No page could be measured (see the lines above)", none.getMessage());
            Run run = run(settings(servers.certificate, Stream.concat(quick.stream(), Stream.of(servers.nginx("/empty.html")))
                    .toArray(String[]::new)));
            for (String url : quick) {
                String said = run.lines().get(run.lines().indexOf("Your page: " + url) + 1);
                assertTrue(said.contains(expected.get(url)), said);
            }
            assertEquals(1, run.reports().size(), "the page without images is measured");
            assertTrue(run.lines().stream().anyMatch(line -> line.contains("the page has no images")), run.lines().toString());
        }
    }

    @Test
    void anUntrustedCertificateIsSaidWithTheOptionThatTrustsIt() {
        SiteProblem untrusted = assertThrows(SiteProblem.class, () -> new SiteProbe(null).probe(URI.create(servers.caddy("/"))));
        assertEquals("The certificate of localhost:" + servers.caddy + " is not trusted here: trust that one with"
                + " -Dcomparison.trust=cert.pem (its PEM file), or give the server a chain to a public root", untrusted.getMessage());
    }

    @Test
    void plainHttpIsTheH1LaneOnlyAndARedirectIsFollowedAndSaid() {
        SiteProbe probe = new SiteProbe(servers.certificate);
        Site plain = probe.probe(URI.create("http://localhost:" + servers.nginxPlain + "/index.html"));
        assertEquals(List.of(Lane.H1), plain.lanes());
        assertTrue(plain.notes().get(0).endsWith("browsers speak HTTP/2 and HTTP/3 only over TLS: the h1 lane only"
                + " (give the https:// URL for all three)"), plain.notes().toString());

        Site redirected = probe.probe(URI.create(servers.nginx("/old")));
        assertEquals(URI.create(servers.nginx("/index.html")), redirected.page());
        assertEquals("redirected (301) from " + servers.nginx("/old") + " to " + servers.nginx("/index.html") + ": the lanes load "
                + servers.nginx("/index.html"), redirected.notes().get(0));
    }
}
