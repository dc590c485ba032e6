package io.github.http2wildfly.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * src/patches/undertow-core/http2-gives-back-discarded-data.diff, red without it and green with it in the same run:
 * through Undertow's proxy, multiplexing its h2 connection to the backend (proxy-multiplexes-http2.diff), a small
 * downloads cancelled at their headers, each followed by a small request. Without the diff their unread data keeps the
 * connection's window: once it is used up, the next request's answer never comes, and the proxy answers 503 when its
 * request time is up (closing the connection, so that the next ones may pass again).
 */
@Isolated // its sockets on ephemeral ports: alone, so that no test that picked a free port loses it to them
class UndertowHttp2WindowPatchTest {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-gives-back-discarded-data.diff");
    private static final Path MULTIPLEXING = Path.of("src/patches/undertow-core/proxy-multiplexes-http2.diff");
    /**
     * Downloads cancelled at their headers: each leaves up to a stream's window (64 KB) unread, how much depends on how
     * far the backend got (8 left the connection's window open in 1 run of about 20 here); 24, well past it.
     */
    private static final int DOWNLOADS = 24;
    /** The proxy's request time: how long a stalled request waits before the proxy's error. */
    private static final int MAX_REQUEST_MILLIS = 3_000;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffAConnectionSharedWithCancelledDownloadsStillCarriesTheNextAnswer() throws Exception {
        List<Integer> statuses = statuses(undertow.with(List.of(MULTIPLEXING, DIFF), ProxyAfterACancelledDownload.class, work));
        assertEquals(List.of(200), statuses.stream().distinct().toList(), statuses.toString());
    }

    /** When this fails, Undertow gives discarded data back by itself: delete the diff. */
    @Test
    void withoutItTheCancelledDownloadsDataStallsTheSharedConnection() throws Exception {
        List<Integer> statuses = statuses(undertow.with(MULTIPLEXING, ProxyAfterACancelledDownload.class, work));
        assertTrue(statuses.stream().anyMatch(status -> Math.abs(status) >= 500), "some request got the proxy's error: " + statuses);
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> statuses(ClassLoader loader) throws Exception {
        return (List<Integer>) loader.loadClass(ProxyAfterACancelledDownload.class.getName())
                .getMethod("statusesAroundCancelledDownloads", int.class, String.class, String.class, int.class)
                .invoke(null, DOWNLOADS, "keystore/localhost.p12", "changeit", MAX_REQUEST_MILLIS);
    }
}
