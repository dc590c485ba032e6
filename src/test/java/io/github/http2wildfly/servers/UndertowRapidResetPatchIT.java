package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-counts-resets-of-complete-requests.diff, red without it and green with it in the
 * same run: 1,000 requests opened and reset at once end their connection with GOAWAY ENHANCE_YOUR_CALM whether each
 * request ended with its HEADERS (the canonical rapid reset) or was still sending; without the diff only the second.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowRapidResetPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-counts-resets-of-complete-requests.diff");
    private static final String CALMED = "GOAWAY ENHANCE_YOUR_CALM";

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffBothShapesOfTheRapidResetEndTheirConnection() throws Exception {
        assertEquals(Map.of(RapidReset.CANONICAL, CALMED, RapidReset.WHILE_SENDING, CALMED),
                outcomes(undertow.with(DIFF, RapidReset.class, work)));
    }

    /** When this fails, Undertow counts the canonical rapid reset by itself: delete the diff. */
    @Test
    void undertowCountsOnlyTheResetsOfRequestsStillSending() throws Exception {
        assertEquals(Map.of(RapidReset.CANONICAL, "connection kept", RapidReset.WHILE_SENDING, CALMED),
                outcomes(undertow.without(RapidReset.class)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> outcomes(ClassLoader loader) throws Exception {
        return (Map<String, String>) loader.loadClass(RapidReset.class.getName())
                .getMethod("outcomes", String.class, String.class)
                .invoke(null, "keystore/localhost.p12", "changeit");
    }
}
