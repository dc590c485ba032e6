package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-stream-gone-unsent-holds-no-other.diff, red without it and green with it in the
 * same run: Undertow's HTTP/2 client channel, a stream that never sends its HEADERS, and the streams after it.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowStreamTurnPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-stream-gone-unsent-holds-no-other.diff");
    /** Streams given up while they wait: more than the 200 resets a window that Undertow's server takes before GOAWAY. */
    private static final int HELD = 250;
    /** How long the last request may take: a bound on the test's length, its answer comes in milliseconds. */
    private static final long WAIT_MILLIS = 5_000;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffARequestAfterStreamsGoneUnsentIsAnsweredOnTheSameConnection() throws Exception {
        assertEquals("204, no GOAWAY", lastGet(undertow.with(DIFF, StreamsGoneBeforeTheirTurn.class, work)));
    }

    /** When this fails, Undertow passes a dead stream's turn on by itself: delete the diff. */
    @Test
    void undertowsOwnClientHoldsEveryLaterRequestForAStreamThatNeverSent() throws Exception {
        String last = lastGet(undertow.without(StreamsGoneBeforeTheirTurn.class));
        assertNotEquals("204, no GOAWAY", last);
        System.out.println("without the diff: " + last);
    }

    private static String lastGet(ClassLoader loader) throws Exception {
        return (String) loader.loadClass(StreamsGoneBeforeTheirTurn.class.getName())
                .getMethod("lastGetAfterStreamsGoneUnsent", int.class, long.class)
                .invoke(null, HELD, WAIT_MILLIS);
    }
}
