package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * src/patches/undertow-core/proxy-takes-a-node-out-on-evidence.diff, red without it and green with it in the same
 * run, on Undertow's proxy with the diffs before it: two nodes, tries on node A given up for want of an answer, then
 * small requests counted per node.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
// the answer and ejection times: system properties, read when the patched proxy's classes load; no other test may read or change them meanwhile
@ResourceLock(Resources.SYSTEM_PROPERTIES)
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowEjectionPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/proxy-takes-a-node-out-on-evidence.diff");
    private static final List<Path> BEFORE = Stream.of("http2-flow-control-per-stream", "http2-goaway-keeps-streams-below-its-last",
            "proxy-multiplexes-http2", "proxy-retries-when-a-node-dies", "proxy-sends-again-what-a-node-never-processed",
            "proxy-stops-abandoned-tries").map(name -> Path.of("src/patches/undertow-core/" + name + ".diff")).toList();
    private static final int ANSWER_MILLIS = 300;
    private static final int EJECTION_MILLIS = 500;
    /** The diff's default: failures in a row that take a node out. */
    private static final int EVIDENCE = 3;
    /** The small requests the scenarios count (ProxyEjectingOnEvidence's). */
    private static final int SMALL = 20;
    /** The retry budget set for its scenario (Envoy's, where one is configured; none by default). */
    private static final int BUDGET_PERCENT = 20;
    /** Requests in flight at once for the retry budget. */
    private static final int AT_ONCE = 40;
    /** An ejection that lasts past the scenario: what it counts happens while the node is out. */
    private static final int LONGER_THAN_THE_TEST_MILLIS = 60_000;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffOneSlowRequestDoesNotTakeTheNodeOut() throws Exception {
        ServedAfterFailures served = served(withIt(), 1);
        assertNotEquals(0, served.servedByA(), "node A served after one failure: " + served);
    }

    @Test
    void withTheDiffFailuresInARowTakeTheNodeOutForItsEjectionTimeThenItServesAgain() throws Exception {
        ServedAfterFailures served = served(withIt(), EVIDENCE);
        assertEquals(0, served.servedByA(), served::toString);
        assertTrue(served.backAfterItsEjection(), served::toString);
    }

    /** When this fails, Undertow waits for more than one failure by itself. */
    @Test
    void withoutItOneSlowRequestTakesTheNodeOut() throws Exception {
        ServedAfterFailures served = served(undertow.with(BEFORE, ProxyEjectingOnEvidence.class, work), 1);
        assertEquals(0, served.servedByA(), "node A served after one failure: " + served);
    }

    /**
     * Two of three nodes fail as often: one is taken out, the other kept in and serving its share of the small requests
     * (the ceiling on the share out: one in three is past 10 %, though one may always be out).
     */
    @Test
    void withTheDiffTwoOfThreeNodesFailingInARowLeaveOneOfThemInRotation() throws Exception {
        assertNotEquals(0, twoOfThreeFailed(withIt()), "both taken out: A and B served 0 of " + SMALL);
    }

    /** When this fails, Undertow keeps a failing node in rotation by itself when others are out. */
    @Test
    void withoutItTwoOfThreeNodesFailingAreBothTakenOut() throws Exception {
        assertEquals(0, twoOfThreeFailed(undertow.with(BEFORE, ProxyEjectingOnEvidence.class, work)),
                "of " + SMALL + " small requests, those A and B served");
    }

    /** A node that answers everything 503, with the proxy's failure statuses set: out after {@value #EVIDENCE} of them. */
    @Test
    void withTheDiffANodeAnswering503IsTakenOutWhereFailureStatusesSaySo() throws Exception {
        assertEquals(EVIDENCE, unavailable(withIt(work.resolve("statuses")), "502,503,504"), "503s of " + SMALL);
        assertEquals(SMALL / 2, unavailable(withIt(work.resolve("none")), ""),
                "503s of " + SMALL + ", no failure statuses: an answer is an answer");
    }

    /** When this fails, Undertow counts a backend's 5xx toward its ejection by itself. */
    @Test
    void withoutItANodeAnswering503KeepsItsShare() throws Exception {
        assertEquals(SMALL / 2, unavailable(undertow.with(BEFORE, ProxyEjectingOnEvidence.class, work), "502,503,504"), "503s of " + SMALL);
    }

    /**
     * {@value #AT_ONCE} requests at once, half of their first tries on a node that never answers, the other node slow:
     * with a retry budget of 20 % the retries are the budget, 20 % of the requests in flight (at least 3), where each
     * failed try was retried before.
     */
    @Test
    void withTheDiffRetriesStayWithinTheBudget() throws Exception {
        Retries retries = retries(withIt());
        assertEquals(AT_ONCE * BUDGET_PERCENT / 100, retries.retried(), retries::toString);
    }

    /** When this fails, Undertow keeps a retry budget by itself. */
    @Test
    void withoutItEveryFailedTryIsRetried() throws Exception {
        Retries retries = retries(undertow.with(BEFORE, ProxyEjectingOnEvidence.class, work));
        assertEquals(retries.triesOnA(), retries.retried(), retries::toString);
    }

    private static Retries retries(ClassLoader loader) throws Exception {
        return (Retries) loader.loadClass(ProxyEjectingOnEvidence.class.getName()).getMethod("retriedWhenOneOfTwoFails", int.class, int.class, int.class)
                .invoke(null, AT_ONCE, ANSWER_MILLIS, BUDGET_PERCENT);
    }

    /** Of the small requests after A and B failed, how many they served. */
    private static int twoOfThreeFailed(ClassLoader loader) throws Exception {
        return (int) loader.loadClass(ProxyEjectingOnEvidence.class.getName()).getMethod("servedByTwoOfThreeAfterTheyFailed", int.class, int.class, int.class)
                .invoke(null, EVIDENCE, ANSWER_MILLIS, LONGER_THAN_THE_TEST_MILLIS);
    }

    /** Of the small requests, how many were answered 503. */
    private static int unavailable(ClassLoader loader, String failureStatuses) throws Exception {
        return (int) loader.loadClass(ProxyEjectingOnEvidence.class.getName()).getMethod("unavailableAnswersWithFailureStatuses", String.class, int.class)
                .invoke(null, failureStatuses, LONGER_THAN_THE_TEST_MILLIS);
    }

    private ClassLoader withIt() throws Exception {
        return withIt(work);
    }

    private ClassLoader withIt(Path dir) throws Exception {
        return undertow.with(Stream.concat(BEFORE.stream(), Stream.of(DIFF)).toList(), ProxyEjectingOnEvidence.class, dir);
    }

    private static ServedAfterFailures served(ClassLoader loader, int failures) throws Exception {
        return (ServedAfterFailures) loader.loadClass(ProxyEjectingOnEvidence.class.getName()).getMethod("servedAfterFailuresOnA", int.class, int.class, int.class)
                .invoke(null, failures, ANSWER_MILLIS, EJECTION_MILLIS);
    }
}
