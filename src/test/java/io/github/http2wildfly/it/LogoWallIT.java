package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.page.ImageSize;
import io.github.http2wildfly.page.LogoCount;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The page: exactly count distinct, uncacheable logo URLs, each one a real PNG; bad counts refused cleanly.
 */
class LogoWallIT extends DeployedWarTest {

    /** One client for the class, as a browser keeps one: these tests check what is served, not how it connects. */
    private static final OkHttpClient client = new TrustedClients().okHttp();

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
            WallImages.assertNoStore(page);
            assertTrue(page.body().string().contains("<link rel=\"icon\" href=\"data:,\">"),
                    "an inline icon, so no /favicon.ico request");
        }
    }

    @Test
    void everyImageOfThePageIsTheLogoAndNeverCached() throws Exception {
        WallImages.fetchEvery(client, doors.uri(Door.HTTP_2_TLS, "/logos"), Protocol.HTTP_2);
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
    @EnumSource(value = ImageSize.class, mode = EnumSource.Mode.EXCLUDE, names = "LOGO")
    void aLargerSizeIsAWallOfFreshTilesOfThatSize(ImageSize size) throws Exception {
        byte[] tile = size.drawTile();
        String wall = "/logos?count=20&size=" + size.parameter();
        List<String> sources = imageSources(wall);
        assertEquals(20, new HashSet<>(sources).size());
        assertTrue(sources.stream().allMatch(src -> src.startsWith(size.relativePath() + "?")), sources.get(0));
        WallImages.fetchEvery(client, doors.uri(Door.HTTP_2_TLS, wall), Protocol.HTTP_2, tile);
        WallImages.fetchEvery(client, doors.uri(Door.HTTP_1_1_TLS, wall), Protocol.HTTP_1_1, tile);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "LOGO", "20K", "2M", "200k%0Ax", "logo&size=20k", "20k&size=20k"})
    void aBadSizeIsRefusedWithOneLineOnEveryDoorAndPage(String size) throws IOException {
        for (Door door : Door.overTcp()) {
            for (String page : List.of("/logos", "/race")) {
                try (Response response = get(doors.uri(door, page).toString() + "?size=" + size)) {
                    assertEquals(400, response.code(), door.label() + " " + page + "?size=" + size);
                    assertEquals("text/plain;charset=UTF-8", response.header("Content-Type"));
                    assertEquals(ImageSize.RULE + "\n", response.body().string());
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "2001", "99999999999", "abc", "", "1e3", "5%0Ax"})
    void badCountIsRefusedWithOneLine(String count) throws IOException {
        for (Door door : Door.overTcp()) {
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
            for (Door door : Door.overTcp()) {
                String link = doors.uri(door, "/logos").toString();
                assertTrue(page.contains("href=\"" + link + "\""), "link to " + link + " in\n" + page);
                assertTrue(page.contains(door.label()), door.label());
            }
        }
    }

    private List<String> imageSources(String path) throws IOException {
        return WallImages.sources(client, doors.uri(Door.HTTP_2_TLS, path));
    }

    private Response get(String url) throws IOException {
        return client.newCall(new Request.Builder().url(url).build()).execute();
    }
}
