package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.door.NetworkSetting;
import io.github.http2wildfly.door.SlowNetwork;
import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.page.LogoServlet;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import okhttp3.ConnectionPool;
import okhttp3.FormBody;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The slow doors that open with the application: each speaks its twin's protocol, costs a round trip
 * to set up, takes a new network (round trip, loss, bandwidth) from the page's POST and refuses
 * anything else, and comes and goes with the deployment without leaving a port or thread behind.
 */
class SlowDoorsIT extends DeployedWarTest {

    private static final Duration ROUND_TRIP = Duration.ofMillis(50);
    /** Enough for a leak of one thread or port per redeploy to add up past any timing noise. */
    private static final int REDEPLOYS = 5;

    /** One client for the class; each test ends with its connections closed (see the AfterEach). */
    private static final OkHttpClient client = new TrustedClients().okHttp();

    @AfterEach
    void networkAsTheServerStartedAndNoConnectionLeftOpen() throws IOException {
        FormBody.Builder started = new FormBody.Builder();
        for (NetworkSetting setting : NetworkSetting.values()) {
            started.add(setting.parameter(), doors.systemProperties().getProperty(setting.systemProperty()));
        }
        started.add(SlowNetwork.CC, doors.systemProperties().getProperty(SlowNetwork.CC_SYSTEM_PROPERTY));
        try (Response response = post(Door.HTTP_2_TLS, started.build(), null)) {
            assertEquals(200, response.code());
        }
        client.connectionPool().evictAll();
    }

    @ParameterizedTest
    @EnumSource(value = Door.class, mode = EnumSource.Mode.EXCLUDE, names = "HTTP_3") // door 4: Http3DoorIT, BrowserHttp3IT
    void eachSlowDoorServesThePageAndEveryImageInItsTwinsProtocol(Door door) throws Exception {
        Protocol protocol = door == Door.HTTP_2_TLS ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
        // What is served, not how long it takes (the comparison measures that): a short round trip.
        assertOkRoundTrip(Duration.ofMillis(1));
        // cleartext HTTP/1.1, as a browser speaks it: OkHttp would try h2c with prior knowledge only if told
        WallImages.fetchEvery(client, doors.slowUri(door, "/logos"), protocol);
    }

    @Test
    void theLandingPageLinksEachSlowDoorTheRaceAndShowsTheRoundTrip() throws IOException {
        String roundTrip = doors.systemProperties().getProperty("h2demo.slow.rtt");
        try (Response response = client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/").toString()).build())
                .execute()) {
            String page = response.body().string();
            for (Door door : Door.overTcp()) {
                String link = doors.slowUri(door, "/logos").toString();
                assertTrue(page.contains("href=\"" + link + "\""), "link to " + link);
            }
            assertTrue(page.contains("<a href=\"race\">"), "the race");
            assertTrue(page.contains("id=\"network-now-rtt\">" + roundTrip + "<"), "the round trip in effect");
        }
    }

    @Test
    void theRacePageOffersEverySizeWithItsWeightAndASelectorForEverySetting() throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/race?size=200k").toString())
                .build()).execute()) {
            assertEquals(200, response.code());
            String page = response.body().string();
            for (ImageSize size : ImageSize.values()) {
                long bytes = size == ImageSize.LOGO ? Files.size(Path.of("src/main/webapp/WEB-INF/logo.png")) : size.drawTile().length;
                assertTrue(page.contains("<option value=\"" + size.parameter() + "\" data-bytes=\"" + bytes + "\""
                        + (size == ImageSize.KB200 ? " selected>" : ">")), size + " in\n" + page);
            }
            for (NetworkSetting setting : NetworkSetting.values()) {
                for (int preset : setting.presets()) {
                    assertTrue(page.contains("<button type=\"submit\" name=\"" + setting.parameter() + "\" value=\"" + preset
                            + "\">"), setting.parameter() + "=" + preset);
                }
                assertTrue(page.contains("<input name=\"" + setting.parameter() + "\" type=\"number\" min=\"0\" max=\""
                        + setting.max() + "\""), setting.parameter());
            }
        }
    }

    @Test
    void theWallReportsOnlyToAnOriginOfThisServersDoors() throws IOException {
        String raceOrigin = doors.uri(Door.HTTP_2_TLS, "").toString().replaceFirst("/[^/]*$", "");
        String slowOrigin = doors.slowUri(Door.HTTP_2_TLS, "").toString().replaceFirst("/[^/]*$", "");
        for (String origin : List.of(raceOrigin, slowOrigin)) {
            try (Response accepted = getWall("?report-to=" + origin)) {
                assertEquals(200, accepted.code(), origin);
                assertTrue(accepted.body().string().contains("data-report-to=\"" + origin + "\""), origin);
            }
        }
        for (String bad : List.of("https://evil.example", "https://localhost:1", raceOrigin + "/", "",
                raceOrigin + "&report-to=" + slowOrigin)) {
            try (Response refused = getWall("?report-to=" + bad)) {
                assertEquals(400, refused.code(), bad);
                assertEquals("report-to must be the origin of one of this server's doors\n", refused.body().string());
            }
        }
    }

    private Response getWall(String query) throws IOException {
        return client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/logos").toString() + query).build()).execute();
    }

    @Test
    void aNewConnectionPaysTheSetUpRoundTripBeforeItsAnswer() throws IOException {
        assertOkRoundTrip(ROUND_TRIP);
        URI page = doors.slowUri(Door.HTTP_1_1, "/logos?count=1");
        long start = System.nanoTime();
        try (Socket socket = new Socket(page.getHost(), page.getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("GET " + page.getRawPath() + "?" + page.getRawQuery() + " HTTP/1.1\r\nHost: "
                    + page.getAuthority() + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            assertTrue(in.read() >= 0, "an answer");
            Duration firstByte = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(firstByte.compareTo(ROUND_TRIP.multipliedBy(2)) >= 0,
                    "set-up and request, two round trips at the least: " + firstByte);
        }
    }

    @Test
    void aChangedRoundTripAppliesToTheNextConnection() throws IOException {
        Duration longer = ROUND_TRIP.multipliedBy(4);
        assertOkRoundTrip(longer);
        OkHttpClient fresh = new TrustedClients().okHttp();
        long start = System.nanoTime();
        try (Response response = fresh.newCall(new Request.Builder().url(doors.slowUri(Door.HTTP_2_TLS, "/logos?count=1").toString())
                .build()).execute()) {
            assertEquals(200, response.code());
        } finally {
            fresh.connectionPool().evictAll();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // TCP set-up, TLS 1.3 and the request: three round trips at the least
        assertTrue(took.compareTo(longer.multipliedBy(3)) >= 0, "took " + took);
    }

    @Test
    void lossAndBandwidthChangeWithTheRoundTripKept() throws IOException {
        assertOkNetwork("rtt", "20", "{\"rtt\":20,\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\"}");
        assertOkNetwork("loss", "5", "{\"rtt\":20,\"loss\":5,\"bandwidth\":0,\"cc\":\"reno\"}");
        assertOkNetwork("bandwidth", "10", "{\"rtt\":20,\"loss\":5,\"bandwidth\":10,\"cc\":\"reno\"}");
    }

    @Test
    @Tag("slow")
    void underHeavyLossEveryImageStillArrivesIntact() throws Exception {
        assertOkNetwork("rtt", "1", "{\"rtt\":1,\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\"}");
        assertOkNetwork("loss", "20", "{\"rtt\":1,\"loss\":20,\"bandwidth\":0,\"cc\":\"reno\"}");
        String wall = "/logos?count=30&size=20k";
        WallImages.fetchEvery(client, doors.slowUri(Door.HTTP_2_TLS, wall), Protocol.HTTP_2, ImageSize.KB20.drawTile());
        WallImages.fetchEvery(client, doors.slowUri(Door.HTTP_1_1_TLS, wall), Protocol.HTTP_1_1, ImageSize.KB20.drawTile());
    }

    @Test
    @Tag("slow")
    void aSlowLinkTakesAtLeastTheTimeItsBytesNeed() throws IOException {
        assertOkNetwork("rtt", "0", "{\"rtt\":0,\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\"}");
        assertOkNetwork("bandwidth", "2", "{\"rtt\":0,\"loss\":0,\"bandwidth\":2,\"cc\":\"reno\"}");
        byte[] tile = ImageSize.KB200.drawTile();
        long start = System.nanoTime();
        try (Response response = client.newCall(new Request.Builder().url(doors.slowUri(Door.HTTP_1_1, "/tile-200k.png?1")
                .toString()).build()).execute()) {
            assertEquals(tile.length, response.body().bytes().length);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // a lower bound only (a busy machine is slower, never faster): the tile's bits at 2 Mbit/s
        Duration bytesAtTheRate = Duration.ofMillis(tile.length * 8L / 2_000);
        assertTrue(took.compareTo(bytesAtTheRate) >= 0, "took " + took + " for " + tile.length + " bytes");
    }

    static Stream<Arguments> badValues() {
        return Stream.of(NetworkSetting.values()).flatMap(setting -> Stream.of("-1", "99999", "abc", "", "1.5", "+5", "05",
                "99999999999", setting == NetworkSetting.LOSS ? "21" : "1001").map(bad -> Arguments.of(setting, bad)));
    }

    @Tag("slow")
    @ParameterizedTest
    @MethodSource("badValues")
    void aBadSettingIsRefusedWithOneLineOnEveryDoor(NetworkSetting setting, String value) throws IOException {
        for (Door door : Door.overTcp()) {
            try (Response response = post(door, new FormBody.Builder().add(setting.parameter(), value).build(), null)) {
                assertEquals(400, response.code(), door.label() + " " + setting.parameter() + "=" + value);
                assertEquals(setting.rule() + "\n", response.body().string());
            }
        }
    }

    @Test
    void aSettingGivenTwiceOrNothingGivenIsRefused() throws IOException {
        try (Response twice = post(Door.HTTP_2_TLS, new FormBody.Builder().add("loss", "2").add("loss", "3").build(), null);
                Response none = post(Door.HTTP_2_TLS, new FormBody.Builder().add("jitter", "3").build(), null)) {
            assertEquals(400, twice.code());
            assertEquals(NetworkSetting.LOSS.rule() + "\n", twice.body().string());
            assertEquals(400, none.code());
            assertEquals("the network changes with rtt, loss, bandwidth, cc (one or more, each once)\n", none.body().string());
        }
    }

    @Test
    void theCongestionControlChangesWithTheRestKeptAndAnUnknownOneIsRefusedOnEveryDoor() throws IOException {
        assertOkNetwork("loss", "2", "{\"rtt\":50,\"loss\":2,\"bandwidth\":0,\"cc\":\"reno\"}");
        assertOkNetwork("cc", "bbr", "{\"rtt\":50,\"loss\":2,\"bandwidth\":0,\"cc\":\"bbr\"}");
        assertOkNetwork("cc", "cubic", "{\"rtt\":50,\"loss\":2,\"bandwidth\":0,\"cc\":\"cubic\"}");
        for (Door door : Door.overTcp()) {
            for (String bad : List.of("vegas", "BBR", "", "reno,bbr")) {
                try (Response response = post(door, new FormBody.Builder().add("cc", bad).build(), null)) {
                    assertEquals(400, response.code(), door.label() + " cc=" + bad);
                    assertEquals("cc must be one of reno, cubic, bbr\n", response.body().string());
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PUT", "DELETE", "PATCH", "OPTIONS"})
    void onlyAPostChangesTheNetwork(String method) throws IOException {
        RequestBody body = List.of("GET", "OPTIONS").contains(method) ? null : new FormBody.Builder().add("rtt", "20").build();
        try (Response response = client.newCall(new Request.Builder().url(networkUrl(Door.HTTP_2_TLS)).method(method, body)
                .build()).execute()) {
            assertEquals(405, response.code(), method);
            assertEquals("POST", response.header("Allow"));
            assertEquals("the network changes with a POST\n", response.body().string());
        }
    }

    /** What the race page asks before each load: the slow doors' idle connections closed, so that a load makes its own. */
    @Test
    void aPostClosesTheSlowDoorsIdleConnectionsSoTheNextRequestOpensANewOne() throws Exception {
        OkHttpClient keepsAlive = new TrustedClients().okHttp().newBuilder().connectionPool(new ConnectionPool()).build();
        String logo = doors.slowUri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH).toString();
        try (Response first = keepsAlive.newCall(new Request.Builder().url(logo).build()).execute()) {
            assertEquals(200, first.code());
        }
        Thread.sleep(600); // past the 500 ms that make a connection idle
        String before = fresh();
        try (Response second = keepsAlive.newCall(new Request.Builder().url(logo).build()).execute()) {
            assertEquals(200, second.code());
        }
        String after = fresh();
        long madeBefore = accepted(before, Door.HTTP_2_TLS);
        assertTrue(before.startsWith("{\"closed\":") && !before.startsWith("{\"closed\":0,"), "the first connection was closed: " + before);
        assertEquals(madeBefore + 1, accepted(after, Door.HTTP_2_TLS), "the second request came on a new connection: " + before + " then " + after);
        try (Response get = client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/network/fresh").toString()).build()).execute();
                Response crossSite = client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/network/fresh").toString())
                        .header("Sec-Fetch-Site", "cross-site").post(RequestBody.create(new byte[0])).build()).execute()) {
            assertEquals(405, get.code());
            assertEquals("the slow doors' idle connections are closed with a POST\n", get.body().string());
            assertEquals(403, crossSite.code());
        }
    }

    private String fresh() throws IOException {
        try (Response answer = client.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/network/fresh").toString())
                .post(RequestBody.create(new byte[0])).build()).execute()) {
            assertEquals(200, answer.code());
            return answer.body().string();
        }
    }

    private static long accepted(String answer, Door door) {
        Matcher count = Pattern.compile("\"" + door.name() + "\":(\\d+)").matcher(answer);
        assertTrue(count.find(), door.name() + " in " + answer);
        return Long.parseLong(count.group(1));
    }

    @Test
    void anotherSiteCannotChangeTheNetwork() throws IOException {
        FormBody body = new FormBody.Builder().add("rtt", "0").build();
        try (Response origin = post(Door.HTTP_2_TLS, body, "Origin: https://evil.example");
                Response fetchSite = post(Door.HTTP_2_TLS, body, "Sec-Fetch-Site: cross-site");
                Response otherDoor = post(Door.HTTP_2_TLS, body, "Sec-Fetch-Site: same-site")) {
            for (Response refused : List.of(origin, fetchSite, otherDoor)) {
                assertEquals(403, refused.code());
                assertEquals("the network changes only from this server's own pages\n", refused.body().string());
            }
        }
    }

    @Test
    @Tag("slow")
    void theSlowDoorsComeAndGoWithTheDeploymentLeavingNoThreadOrPortBehind() throws IOException {
        assumeFalse(Boolean.getBoolean("it.reuse.server"),
                "against a running dev server: the tests never undeploy your deployment");
        URI slow = doors.slowUri(Door.HTTP_1_1, "/logos?count=1");
        // Not asserted before the redeploys: another test's client may still hold a pooled connection through a slow
        // door (OkHttp keeps idle ones five minutes); an undeploy ends every connection, so afterwards the count is exact.
        try (Socket open = new Socket(slow.getHost(), slow.getPort())) {
            open.setSoTimeout(30_000);
            for (int cycle = 0; cycle < REDEPLOYS; cycle++) {
                doors.deployment("undeploy");
                for (Door door : Door.overTcp()) {
                    URI closed = doors.slowUri(door, "/");
                    assertThrows(ConnectException.class, () -> new Socket(closed.getHost(), closed.getPort()).close(),
                            door.label() + " closed while undeployed, cycle " + cycle);
                }
                assertThrows(ConnectException.class, () -> new Socket(slow.getHost(), clusterSlowDoorPort()).close(),
                        "the cluster's slow door closed while undeployed, cycle " + cycle);
                if (cycle == 0) {
                    assertEquals(-1, open.getInputStream().read(), "a connection through a slow door ends with it");
                }
                doors.deployment("deploy");
                try (Response answer = client.newCall(new Request.Builder().url(slow.toString()).build()).execute()) {
                    assertEquals(200, answer.code(), "open again, cycle " + cycle);
                }
            }
        }
        client.connectionPool().evictAll();
        assertEquals(SLOW_TCP_DOORS, proxyThreadsOnceConnectionsClosed(),
                () -> "one acceptor per slow door (and the cluster's) after " + REDEPLOYS + " redeploys, nobody connected: "
                        + doors.threadNames().stream().filter(name -> name.startsWith("delay-proxy-")).toList());
    }

    /** The three doors' slow twins and the cluster's slow door (slow.cluster.port), each a TCP delay proxy. */
    private static final int SLOW_TCP_DOORS = Door.overTcp().size() + 1;

    private int clusterSlowDoorPort() {
        Properties system = doors.systemProperties();
        return Integer.parseInt(system.getProperty("h2demo.slow.cluster.port"))
                + Integer.parseInt(system.getProperty("jboss.socket.binding.port-offset", "0"));
    }

    private long proxyThreads() {
        return doors.threadNames().stream().filter(name -> name.startsWith("delay-proxy-")).count();
    }

    /** A connection the client just closed ends in the proxy a moment later, when its threads read the close. */
    private long proxyThreadsOnceConnectionsClosed() {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        long threads = proxyThreads();
        while (threads != SLOW_TCP_DOORS && System.nanoTime() < deadline) {
            sleep(Duration.ofMillis(100));
            threads = proxyThreads();
        }
        return threads;
    }

    /** Sets the round trip, the tests' loss, bandwidth and congestion control being the server's start values (0, 0, reno). */
    private void assertOkRoundTrip(Duration roundTrip) throws IOException {
        assertOkNetwork("rtt", Long.toString(roundTrip.toMillis()), "{\"rtt\":" + roundTrip.toMillis()
                + ",\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\"}");
    }

    private void assertOkNetwork(String parameter, String value, String expected) throws IOException {
        try (Response response = post(Door.HTTP_2_TLS, new FormBody.Builder().add(parameter, value).build(), null)) {
            assertEquals(200, response.code());
            assertEquals(expected + "\n", response.body().string());
        }
    }

    private Response post(Door door, RequestBody body, String header) throws IOException {
        Request.Builder request = new Request.Builder().url(networkUrl(door)).post(body);
        if (header != null) {
            String[] nameAndValue = header.split(": ", 2);
            request.header(nameAndValue[0], nameAndValue[1]);
        }
        return client.newCall(request.build()).execute();
    }

    private String networkUrl(Door door) {
        return doors.uri(door, "/network").toString();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
