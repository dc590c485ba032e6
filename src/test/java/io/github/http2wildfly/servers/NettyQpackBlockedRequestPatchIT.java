package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http3.QpackBlockedRequestScenario;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/netty-codec-http3/qpack-end-of-input-while-suspended.diff, red without it and green with it in the same
 * run: a request whose HEADERS wait for a QPACK entry and whose stream ends at once.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class NettyQpackBlockedRequestPatchIT {

    private static final Path DIFF = Path.of("src/patches/netty-codec-http3/qpack-end-of-input-while-suspended.diff");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheRequestIsPassedOnBeforeItsStreamsEnd() throws Exception {
        assertEquals(List.of("headers b: 2", "end of input", "end of input read"),
                passedOn(NettyQpackIncrementPatchIT.CODEC.with(DIFF, QpackBlockedRequestScenario.class, work)));
    }

    /**
     * Netty lets the end through while the HEADERS wait: they are dropped, and the request is never answered. When
     * this fails, Netty holds the end back itself: delete the diff.
     */
    @Test
    void nettysOwnCodecDropsTheRequestAndPassesOnlyTheEnd() throws Exception {
        assertEquals(List.of("end of input", "end of input read"),
                passedOn(NettyQpackIncrementPatchIT.CODEC.without(QpackBlockedRequestScenario.class)));
    }

    @SuppressWarnings("unchecked")
    private static List<String> passedOn(ClassLoader loader) throws Exception {
        return (List<String>) loader.loadClass(QpackBlockedRequestScenario.class.getName())
                .getMethod("headersAndEndBeforeTheEntryTheyNeed").invoke(null);
    }
}
