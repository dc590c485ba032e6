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
 * src/patches/undertow-core/proxy-retries-when-a-node-dies.diff, red without it and green with it in the same run:
 * Undertow's proxy in front of backends that die in the middle of an answer.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Isolated // hundreds of sockets on ephemeral ports: alone, so that no test that picked a free port loses it to them
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowProxyFailoverPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/proxy-retries-when-a-node-dies.diff");
    private static final Path MULTIPLEXING = Path.of("src/patches/undertow-core/proxy-multiplexes-http2.diff");
    private static final Path FLOW = Path.of("src/patches/undertow-core/http2-flow-control-per-stream.diff");
    private static final int REQUESTS = 10;
    private static final int H2_REQUESTS = 300;
    private static final int STOP_AFTER = 60;
    /** A try's time in the h2 scenario: an answer cut short in its last frame never ends, and waits this long for its retry. */
    private static final int STOP_ANSWER_TIMEOUT_MILLIS = 2_000;
    private static final int HUNG_REQUESTS = 6;
    /** The proxy's time for a request, and for a try to begin its answer (answerTimeout): a hung try costs the latter. */
    private static final int HUNG_REQUEST_MILLIS = 2_000;
    private static final int ANSWER_TIMEOUT_MILLIS = 300;
    private static final int MUTE_REQUESTS = 20;
    /**
     * The mute host's scenario: a try's time for its connection and answer, and the request's. At 300 ms half the requests
     * failed once (CI, Java 25, a cold JVM), most likely with the healthy host's 20 TLS handshakes still under way.
     */
    private static final int MUTE_ANSWER_TIMEOUT_MILLIS = 1_000;
    private static final int MUTE_REQUEST_MILLIS = 4_000;
    private static final int POSTS = 5;
    /** The proxy's time for a request: the POSTs go half of it after the GET that times out. */
    private static final int TIMEOUT_MILLIS = 2_000;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffEveryAnswerComesWholeFromTheBackendThatLives() throws Exception {
        assertEquals(REQUESTS, wholeAnswers(undertow.with(DIFF, ProxyToDyingBackend.class, work)));
    }

    @Test
    void withTheDiffAnHttp2StreamNoBackendCouldAnswerIsRefusedSoTheClientMayRetryIt() throws Exception {
        assertEquals("REFUSED_STREAM", reset(undertow.with(DIFF, ProxyToDyingBackend.class, work)));
    }

    @Test
    void withTheDiffsNoAnswerIsLostWhenAnH2BackendStopsMidLoad() throws Exception {
        Path both = work.resolve("both");
        assertEquals(H2_REQUESTS, h2Stop(undertow.with(List.of(FLOW, MULTIPLEXING, DIFF), ProxyToDyingBackend.class, both)));
    }

    @Test
    void withTheDiffARequestTheHungBackendDoesNotAnswerInTimeIsAnsweredByTheOther() throws Exception {
        assertEquals(HUNG_REQUESTS, besideAHungBackend(undertow.with(DIFF, ProxyToDyingBackend.class, work)));
    }

    /** Without the diff the setting means nothing: the requests sent to the hung backend wait out their time. */
    @Test
    void undertowsOwnProxyLetsTheHungBackendHoldItsRequestsForTheirWholeTime() throws Exception {
        int whole = besideAHungBackend(undertow.without(ProxyToDyingBackend.class));
        assertTrue(whole < HUNG_REQUESTS, whole + " of " + HUNG_REQUESTS + " answered");
    }

    @Test
    void withTheDiffsARequestThatTimesOutLeavesTheOthersOnItsSharedConnectionAlone() throws Exception {
        assertEquals(POSTS, postsBesideATimeout(undertow.with(List.of(FLOW, MULTIPLEXING, DIFF), ProxyToH2cBackend.class, work)));
    }

    /** The timed-out request's cancel closed the connection it shared: the POSTs on it, not retried, are lost. */
    @Test
    void withoutItTheTimedOutRequestTakesItsSharedConnectionDown() throws Exception {
        int answered = postsBesideATimeout(undertow.with(List.of(FLOW, MULTIPLEXING), ProxyToH2cBackend.class, work));
        assertTrue(answered < POSTS, answered + " of " + POSTS + " POSTs answered");
    }

    @Test
    void withTheDiffsARequestIsAnsweredBesideAHostThatNeverCompletesAConnection() throws Exception {
        assertEquals(MUTE_REQUESTS, besideAMuteHost(undertow.with(List.of(FLOW, MULTIPLEXING, DIFF), ProxyToDyingBackend.class, work)));
    }

    /** The requests sent to the mute host wait for their connection, and those queued behind it, their whole time. */
    @Test
    void withoutItTheRequestsForAHostThatNeverCompletesAConnectionWaitTheirWholeTime() throws Exception {
        int whole = besideAMuteHost(undertow.with(List.of(FLOW, MULTIPLEXING), ProxyToDyingBackend.class, work));
        assertTrue(whole < MUTE_REQUESTS, whole + " of " + MUTE_REQUESTS + " answered");
    }

    /** When these fail, Undertow retries by itself: delete the diff (the build also stops once it no longer applies). */
    @Test
    void undertowsOwnProxyLosesTheAnswersOfTheBackendThatDiesAndCancelsTheStream() throws Exception {
        ClassLoader own = undertow.without(ProxyToDyingBackend.class);
        int whole = wholeAnswers(own);
        assertTrue(whole < REQUESTS, whole + " of " + REQUESTS + " whole");
        assertEquals("CANCEL", reset(own));
    }

    private static int wholeAnswers(ClassLoader loader) throws Exception {
        Method scenario = loader.loadClass(ProxyToDyingBackend.class.getName()).getMethod("wholeAnswers", int.class);
        return (int) scenario.invoke(null, REQUESTS);
    }

    private static int besideAHungBackend(ClassLoader loader) throws Exception {
        return (int) loader.loadClass(ProxyToDyingBackend.class.getName()).getMethod("answersBesideAHungBackend", int.class, int.class, int.class)
                .invoke(null, HUNG_REQUESTS, HUNG_REQUEST_MILLIS, ANSWER_TIMEOUT_MILLIS);
    }

    private static int postsBesideATimeout(ClassLoader loader) throws Exception {
        return (int) loader.loadClass(ProxyToH2cBackend.class.getName()).getMethod("postsAnsweredBesideARequestThatTimesOut", int.class, int.class)
                .invoke(null, POSTS, TIMEOUT_MILLIS);
    }

    private static int besideAMuteHost(ClassLoader loader) throws Exception {
        return (int) loader.loadClass(ProxyToDyingBackend.class.getName())
                .getMethod("answersBesideAHostThatNeverHandshakes", int.class, int.class, int.class, String.class, String.class)
                .invoke(null, MUTE_REQUESTS, MUTE_REQUEST_MILLIS, MUTE_ANSWER_TIMEOUT_MILLIS, "keystore/localhost.p12", "changeit");
    }

    private static int h2Stop(ClassLoader loader) throws Exception {
        return (int) loader.loadClass(ProxyToDyingBackend.class.getName())
                .getMethod("wholeAnswersWhenAnH2BackendStops", int.class, int.class, int.class, String.class, String.class)
                .invoke(null, H2_REQUESTS, STOP_AFTER, STOP_ANSWER_TIMEOUT_MILLIS, "keystore/localhost.p12", "changeit");
    }

    private static String reset(ClassLoader loader) throws Exception {
        return (String) loader.loadClass(ProxyToDyingBackend.class.getName()).getMethod("resetWhenEveryBackendDies").invoke(null);
    }
}
