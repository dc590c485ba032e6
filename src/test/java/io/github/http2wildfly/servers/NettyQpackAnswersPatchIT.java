package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http3.QpackEncoderStreamScenario;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/netty-codec-http3/qpack-answers-static-table.diff, red without it and green with it in the same run:
 * with the client's QPACK table offered, the answers' headers keep to the static table and literals.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class NettyQpackAnswersPatchIT {

    private static final Path DIFF = Path.of("src/patches/netty-codec-http3/qpack-answers-static-table.diff");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheAnswersNeverTouchTheClientsTable() throws Exception {
        assertEquals(List.of("answer: static table and literals", "answer: static table and literals",
                        "answer: static table and literals"),
                said(NettyQpackIncrementPatchIT.CODEC.with(DIFF, QpackEncoderStreamScenario.class, work)));
    }

    /**
     * Netty takes the client's table for the answers (the encoder nghttp3 could not follow once entries were evicted:
     * the diff's header). When this fails, Netty no longer does: see whether the diff can go.
     */
    @Test
    void nettysOwnEncoderWritesTheAnswersWithTheClientsTable() throws Exception {
        List<String> said = said(NettyQpackIncrementPatchIT.CODEC.without(QpackEncoderStreamScenario.class));
        assertEquals("capacity 4096", said.get(0), "the encoder stream's first instruction: " + said);
        assertTrue(said.contains("answer: dynamic table"), "no answer refers to the dynamic table: " + said);
    }

    @SuppressWarnings("unchecked")
    private static List<String> said(ClassLoader loader) throws Exception {
        return (List<String>) loader.loadClass(QpackEncoderStreamScenario.class.getName())
                .getMethod("threeAnswersAfterTheClientsSettings").invoke(null);
    }
}
