package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.Door;
import io.github.http2wildfly.LogoCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page: exactly count distinct, uncacheable logo URLs, each one a real PNG; bad counts refused cleanly.
 */
class LogoWallIT extends DeployedWarTest {

    private static final Pattern IMG_SRC = Pattern.compile("<img src=\"([^\"]+)\"");
    private static final Path LOGO = Path.of("src/main/webapp/WEB-INF/logo.png");

    private final OkHttpClient client = new TrustedClients().okHttp();

    @Test
    void defaultPageHas500DistinctImageUrls() throws IOException {
        List<String> sources = imageSources("/logos");
        assertEquals(LogoCount.DEFAULT, sources.size());
        assertEquals(LogoCount.DEFAULT, new HashSet<>(sources).size(), "every src is unique");
    }

    @Test
    void countChangesTheNumberOfImages() throws IOException {
        assertEquals(7, new HashSet<>(imageSources("/logos?count=7")).size());
        assertEquals(LogoCount.MAX, new HashSet<>(imageSources("/logos?count=" + LogoCount.MAX)).size());
    }

    @Test
    void twoRendersShareNoImageUrl() throws IOException {
        Set<String> first = new HashSet<>(imageSources("/logos?count=50"));
        first.retainAll(imageSources("/logos?count=50"));
        assertTrue(first.isEmpty(), "a second load must not find anything of the first in a cache: " + first);
    }

    @Test
    void pageIsNeitherStoredNorValidated() throws IOException {
        try (Response page = get(doors.uri(Door.HTTP_2_TLS, "/logos").toString())) {
            assertNoStore(page);
            assertTrue(page.body().string().contains("<link rel=\"icon\" href=\"data:,\">"),
                    "an inline icon, so no /favicon.ico request");
        }
    }

    @Test
    void everyImageOfThePageIsTheLogoAndNeverCached() throws Exception {
        byte[] logo = Files.readAllBytes(LOGO);
        String base = doors.uri(Door.HTTP_2_TLS, "/").toString();
        List<CompletableFuture<Void>> loads = new ArrayList<>();
        for (String src : imageSources("/logos")) {
            CompletableFuture<Void> load = new CompletableFuture<>();
            client.newCall(new Request.Builder().url(base + src).build()).enqueue(new Callback() {
                @Override
                public void onResponse(Call call, Response response) {
                    try (response) {
                        assertEquals(200, response.code(), src);
                        assertEquals(Protocol.HTTP_2, response.protocol(), src);
                        assertEquals("image/png", response.header("Content-Type"), src);
                        assertNoStore(response);
                        assertArrayEquals(logo, response.body().bytes(), src);
                        load.complete(null);
                    } catch (Throwable failed) {
                        load.completeExceptionally(failed);
                    }
                }

                @Override
                public void onFailure(Call call, IOException e) {
                    load.completeExceptionally(e);
                }
            });
            loads.add(load);
        }
        CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    }

    @Test
    void conditionalRequestsStillGetTheWholeLogo() throws IOException {
        Request conditional = new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, "/logo.png?1").toString())
                .header("If-Modified-Since", "Thu, 01 Jan 2099 00:00:00 GMT")
                .header("If-None-Match", "*")
                .build();
        try (Response response = client.newCall(conditional).execute()) {
            assertEquals(200, response.code(), "never a 304");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "2001", "99999999999", "abc", "", "1e3", "5%0Ax"})
    void badCountIsRefusedWithOneLine(String count) throws IOException {
        for (Door door : Door.values()) {
            try (Response response = get(doors.uri(door, "/logos").toString() + "?count=" + count)) {
                assertEquals(400, response.code(), door.label() + " count=" + count);
                assertEquals("text/plain;charset=UTF-8", response.header("Content-Type"));
                assertEquals(LogoCount.RULE + "\n", response.body().string());
            }
        }
    }

    @Test
    void landingPageLinksTheThreeDoors() throws IOException {
        try (Response response = get(doors.uri(Door.HTTP_2_TLS, "/").toString())) {
            assertEquals(200, response.code());
            String page = response.body().string();
            for (Door door : Door.values()) {
                String link = doors.uri(door, "/logos").toString();
                assertTrue(page.contains("href=\"" + link + "\""), "link to " + link + " in\n" + page);
                assertTrue(page.contains(door.label()), door.label());
            }
        }
    }

    private List<String> imageSources(String path) throws IOException {
        try (Response response = get(doors.uri(Door.HTTP_2_TLS, path).toString())) {
            assertEquals(200, response.code(), path);
            Matcher img = IMG_SRC.matcher(response.body().string());
            List<String> sources = new ArrayList<>();
            while (img.find()) {
                sources.add(img.group(1));
            }
            assertFalse(sources.isEmpty(), "no <img> in " + path);
            return sources;
        }
    }

    private Response get(String url) throws IOException {
        return client.newCall(new Request.Builder().url(url).build()).execute();
    }

    private static void assertNoStore(Response response) {
        assertTrue(String.valueOf(response.header("Cache-Control")).contains("no-store"),
                "Cache-Control: " + response.header("Cache-Control"));
        assertNull(response.header("ETag"), "no validator");
        assertNull(response.header("Last-Modified"), "no validator");
    }
}
