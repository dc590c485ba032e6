package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-continuation.diff, red without it and green with it in the same run: a header block
 * whose CONTINUATION frame the server reads after its HEADERS frame.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowContinuationPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-continuation.diff");
    /** Between the two frames: long enough that the server has read the first on its own. */
    private static final int PAUSE_MILLIS = 200;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheRequestIsDispatchedOnlyOnceItsHeaderBlockHasEnded() throws Exception {
        assertEquals("yes", lateHeader(undertow.with(DIFF, HeaderBlockAcrossReads.class, work)));
    }

    /**
     * Dispatched with the headers read so far ("missing", in every run here), or the CONTINUATION refused (GOAWAY).
     * When this fails, Undertow waits for the block's end by itself: delete the diff.
     */
    @Test
    void undertowsOwnServerDispatchesTheRequestWithTheHeadersReadSoFar() throws Exception {
        String seen = lateHeader(undertow.without(HeaderBlockAcrossReads.class));
        assertTrue(seen.equals("missing") || seen.equals("GOAWAY"), "without the diff the server saw: " + seen);
    }

    private static String lateHeader(ClassLoader loader) throws Exception {
        return (String) loader.loadClass(HeaderBlockAcrossReads.class.getName())
                .getMethod("lateHeaderAsTheServerSawIt", String.class, String.class, int.class)
                .invoke(null, "keystore/localhost.p12", "changeit", PAUSE_MILLIS);
    }
}
