package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/** A wall page and the images it names, loaded as a browser loads them: every image at once. */
final class WallImages {

    private static final Pattern IMG_SRC = Pattern.compile("<img src=\"([^\"]+)\"");
    private static final Path LOGO = Path.of("src/main/webapp/WEB-INF/logo.png");
    private static final int BROWSER_HTTP1_CONNECTIONS = 6;
    private static final int BROWSER_HTTP2_STREAMS = 100;

    private WallImages() {
    }

    /** The page's image sources, as written in it. */
    static List<String> sources(OkHttpClient client, URI page) throws IOException {
        try (Response response = client.newCall(new Request.Builder().url(page.toString()).build()).execute()) {
            assertEquals(200, response.code(), page.toString());
            Matcher img = IMG_SRC.matcher(response.body().string());
            List<String> sources = new ArrayList<>();
            while (img.find()) {
                sources.add(img.group(1));
            }
            assertFalse(sources.isEmpty(), "no <img> in " + page);
            return sources;
        }
    }

    /** Loads the page and every image in it, all requests at once; each must be the logo, fresh, over the protocol. */
    static void fetchEvery(OkHttpClient client, URI page, Protocol protocol) throws Exception {
        fetchEvery(client, page, protocol, Files.readAllBytes(LOGO));
    }

    /** The same for a page whose every image must be {@code image}. */
    static void fetchEvery(OkHttpClient client, URI page, Protocol protocol, byte[] image) throws Exception {
        // A browser's concurrency: OkHttp allows 5 calls per host by default, even on one HTTP/2 connection.
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(BROWSER_HTTP2_STREAMS);
        dispatcher.setMaxRequestsPerHost(protocol == Protocol.HTTP_2 ? BROWSER_HTTP2_STREAMS : BROWSER_HTTP1_CONNECTIONS);
        OkHttpClient browserLike = client.newBuilder().dispatcher(dispatcher).build();
        List<CompletableFuture<Void>> loads = new ArrayList<>();
        for (String src : sources(browserLike, page)) {
            CompletableFuture<Void> load = new CompletableFuture<>();
            browserLike.newCall(new Request.Builder().url(page.resolve(src).toString()).build()).enqueue(new Callback() {
                @Override
                public void onResponse(Call call, Response response) {
                    try (response) {
                        assertEquals(200, response.code(), src);
                        assertEquals(protocol, response.protocol(), src);
                        assertEquals("image/png", response.header("Content-Type"), src);
                        assertNoStore(response);
                        assertArrayEquals(image, response.body().bytes(), src);
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
        CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
    }

    static void assertNoStore(Response response) {
        assertTrue(String.valueOf(response.header("Cache-Control")).contains("no-store"),
                "Cache-Control: " + response.header("Cache-Control"));
        assertNull(response.header("ETag"), "no validator");
        assertNull(response.header("Last-Modified"), "no validator");
    }
}
