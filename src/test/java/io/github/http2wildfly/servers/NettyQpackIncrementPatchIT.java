package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http3.QpackDecoderStreamScenario;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/netty-codec-http3/qpack-increment-after-section-ack.diff, red without it and green with it in the same
 * run: the Insert Count Increment after a Section Acknowledgment (RFC 9204 sections 4.4.1 and 4.4.3).
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class NettyQpackIncrementPatchIT {

    private static final Path DIFF = Path.of("src/patches/netty-codec-http3/qpack-increment-after-section-ack.diff");

    /** An unpatched class of the codec: where its jar is. */
    static final PatchedLibrary CODEC = new PatchedLibrary(io.netty.handler.codec.http3.Http3.class,
            "io.netty.handler.codec.http3.");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheIncrementCountsFromWhatTheAcknowledgmentRaised() throws Exception {
        assertEquals(List.of("increment 1", "increment 1", "section ack 0", "decoded c: 3", "increment 1"),
                instructions(CODEC.with(DIFF, QpackDecoderStreamScenario.class, work)));
    }

    /**
     * Netty counts from its last increment: 2, which tells the encoder of an entry that was never inserted
     * (Chromium closes the connection). When this fails, Netty counts right: delete the diff.
     */
    @Test
    void nettysOwnDecoderOvershootsAfterTheAcknowledgment() throws Exception {
        assertEquals(List.of("increment 1", "increment 1", "section ack 0", "decoded c: 3", "increment 2"),
                instructions(CODEC.without(QpackDecoderStreamScenario.class)));
    }

    @SuppressWarnings("unchecked")
    private static List<String> instructions(ClassLoader loader) throws Exception {
        return (List<String>) loader.loadClass(QpackDecoderStreamScenario.class.getName())
                .getMethod("insertsAroundABlockedSection").invoke(null);
    }
}
