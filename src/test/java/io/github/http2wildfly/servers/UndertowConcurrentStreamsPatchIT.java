package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-refuses-streams-past-its-limit.diff, red without it and green with it in the same run:
 * a client that opens 50 streams on a connection whose server allows 10.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowConcurrentStreamsPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-refuses-streams-past-its-limit.diff");
    private static final int STREAMS = 50;
    private static final int LIMIT = 10;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheStreamsPastTheAdvertisedLimitAreRefused() throws Exception {
        assertEquals("held " + LIMIT + ", refused " + (STREAMS - LIMIT), open(undertow.with(DIFF, StreamsPastTheLimit.class, work)));
    }

    /** When this fails, Undertow holds a client to its advertised limit by itself: delete the diff. */
    @Test
    void withoutItEveryStreamIsTakenWhateverTheLimit() throws Exception {
        assertEquals("held " + STREAMS + ", refused 0", open(undertow.without(StreamsPastTheLimit.class)));
    }

    private static String open(ClassLoader loader) throws Exception {
        return (String) loader.loadClass(StreamsPastTheLimit.class.getName()).getMethod("open", int.class, int.class)
                .invoke(null, STREAMS, LIMIT);
    }
}
