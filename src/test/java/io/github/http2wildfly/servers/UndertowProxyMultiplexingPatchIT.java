package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * src/patches/undertow-core/proxy-multiplexes-http2.diff, red without it and green with it in the same run: twenty
 * requests in flight at once through Undertow's proxy to an h2c backend; and 250 at once to a node that allows 100
 * streams a connection (many servers' default), which a connection cannot carry alone.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Isolated // hundreds of sockets on ephemeral ports: alone, so that no test that picked a free port loses it to them
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowProxyMultiplexingPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/proxy-multiplexes-http2.diff");
    private static final int REQUESTS = 20;
    private static final int PROXY_IO_THREADS = 2;
    /** Past two connections' worth of the node's 100 streams. */
    private static final int BEYOND_ONE_CONNECTION = 250;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheProxyCarriesRequestsInFlightOnNoMoreConnectionsThanItHasIoThreads() throws Exception {
        int connections = connections(undertow.with(DIFF, ProxyToH2cBackend.class, work));
        assertTrue(connections <= PROXY_IO_THREADS, connections + " connections for " + REQUESTS + " requests");
    }

    /** When this fails, Undertow multiplexes by itself: delete the diff (the build also stops once it no longer applies). */
    @Test
    void undertowsOwnProxyOpensAConnectionForEachRequestInFlight() throws Exception {
        assertEquals(REQUESTS, connections(undertow.without(ProxyToH2cBackend.class)));
    }

    /**
     * Three connections where all 250 are in flight at once; two where a busy machine answered the first before it sent
     * the last (a fresh-clone build on 2026-11-27): never one, and never more than 100 streams on any.
     */
    @Test
    void withTheDiffANodeOf100StreamsGetsAConnectionForEach100AndNoRequestWaits() throws Exception {
        MultiplexedAnswers answers = beyondOneConnection(undertow.with(DIFF, ProxyToNodeOf100Streams.class, work));
        assertTrue(answers.allAnswered(), answers::toString);
        assertEquals(BEYOND_ONE_CONNECTION + 1, answers.nodeReceived(), answers::toString); // and the small GET sent first
        assertTrue(List.of(2, 3).contains(answers.connections()), answers::toString);
        assertEquals(100, answers.mostOpenStreams(), answers::toString);
        assertEquals(0, answers.waited(), answers::toString);
    }

    /**
     * Never a second stream on a connection: how many connections that takes depends on how many requests are in
     * flight at once, which a busy machine lowers (188 of 250 on a CI run whose first requests were answered before
     * the last were sent).
     */
    @Test
    void undertowsOwnProxyCarriesOneStreamAtATimeOnEachConnection() throws Exception {
        MultiplexedAnswers answers = beyondOneConnection(undertow.without(ProxyToNodeOf100Streams.class));
        assertTrue(answers.allAnswered(), answers::toString);
        assertEquals(1, answers.mostOpenStreams(), answers::toString);
    }

    private static MultiplexedAnswers beyondOneConnection(ClassLoader loader) throws Exception {
        return (MultiplexedAnswers) loader.loadClass(ProxyToNodeOf100Streams.class.getName()).getMethod("answersAtOnce", int.class)
                .invoke(null, BEYOND_ONE_CONNECTION);
    }

    private static int connections(ClassLoader loader) throws Exception {
        Method scenario = loader.loadClass(ProxyToH2cBackend.class.getName())
                .getMethod("connectionsForRequestsInFlight", int.class, int.class);
        return (int) scenario.invoke(null, REQUESTS, PROXY_IO_THREADS);
    }
}
