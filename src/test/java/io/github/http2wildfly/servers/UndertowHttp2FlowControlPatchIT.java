package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * src/patches/undertow-core/http2-flow-control-per-stream.diff, red without it and green with it in the same run, on
 * Undertow's proxy multiplexing its connection to a backend (proxy-multiplexes-http2.diff): small answers beside
 * clients that stopped reading large ones, and small answers after downloads cancelled at their headers. Without the
 * diff the stalled or dropped streams hold the shared connection's window, and the next answer never comes.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
// the patched proxy reads its answer time from a system property when its classes load: not while another test sets it
@ResourceLock(value = Resources.SYSTEM_PROPERTIES, mode = ResourceAccessMode.READ)
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowHttp2FlowControlPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-flow-control-per-stream.diff");
    private static final Path MULTIPLEXING = Path.of("src/patches/undertow-core/proxy-multiplexes-http2.diff");
    /** Eight stalled readers, as the issue that found it had; one is enough without the diff. */
    private static final int STALLED = 8;
    private static final int SMALL = 50;
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
    void withTheDiffEverySmallAnswerComesBesideClientsThatStoppedReading() throws Exception {
        List<Integer> statuses = besideStalledReaders(undertow.with(List.of(DIFF, MULTIPLEXING), ProxyWithStalledReaders.class, work));
        assertEquals(SMALL, statuses.size(), statuses.toString());
        assertEquals(List.of(200), statuses.stream().distinct().toList(), statuses.toString());
    }

    /** When this fails, Undertow sets the connection's window apart by itself: delete the diff. */
    @Test
    void withoutItTheStalledStreamsHoldTheSharedConnectionAndTheNextAnswerNeverComes() throws Exception {
        List<Integer> statuses = besideStalledReaders(undertow.with(MULTIPLEXING, ProxyWithStalledReaders.class, work));
        assertTrue(statuses.get(statuses.size() - 1) != 200, "a small answer waited on the stalled ones: " + statuses);
    }

    @Test
    void withTheDiffAConnectionSharedWithCancelledDownloadsStillCarriesTheNextAnswer() throws Exception {
        List<Integer> statuses = afterCancelledDownloads(undertow.with(List.of(DIFF, MULTIPLEXING), ProxyAfterACancelledDownload.class, work));
        assertEquals(List.of(200), statuses.stream().distinct().toList(), statuses.toString());
    }

    /** When this fails, Undertow gives discarded data back by itself. */
    @Test
    void withoutItTheCancelledDownloadsDataStallsTheSharedConnection() throws Exception {
        List<Integer> statuses = afterCancelledDownloads(undertow.with(MULTIPLEXING, ProxyAfterACancelledDownload.class, work));
        assertTrue(statuses.stream().anyMatch(status -> Math.abs(status) >= 500), "some request got the proxy's error: " + statuses);
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> besideStalledReaders(ClassLoader loader) throws Exception {
        return (List<Integer>) loader.loadClass(ProxyWithStalledReaders.class.getName())
                .getMethod("smallAnswersBesideStalledReaders", int.class, int.class)
                .invoke(null, STALLED, SMALL);
    }

    @SuppressWarnings("unchecked")
    private static List<Integer> afterCancelledDownloads(ClassLoader loader) throws Exception {
        return (List<Integer>) loader.loadClass(ProxyAfterACancelledDownload.class.getName())
                .getMethod("statusesAroundCancelledDownloads", int.class, String.class, String.class, int.class)
                .invoke(null, DOWNLOADS, "keystore/localhost.p12", "changeit", MAX_REQUEST_MILLIS);
    }
}
