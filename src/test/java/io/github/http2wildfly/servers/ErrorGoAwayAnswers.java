package io.github.http2wildfly.servers;

/**
 * What {@link ProxyToGoingAwayNode#afterAnErrorGoAway} saw when one of two nodes failed with GOAWAY(INTERNAL_ERROR):
 * of the requests the failing node never processed (above the GOAWAY's last-stream-id, or sent to the other node),
 * how many were answered; of the POSTs it processed, how many were answered (none may be: sent again, a POST the node
 * acted on would be acted on twice). Public and outside the scenario's class, so that {@link PatchedLibrary}'s loader
 * takes it from the test's.
 *
 * @param notProcessedAnswered the requests the failing node never processed that were answered 200 whole
 * @param notProcessed the requests the failing node never processed
 * @param processedPostsAnswered the POSTs the failing node processed that were answered 200 whole
 * @param processedPosts the POSTs the failing node processed
 * @param failingNodeConnections the connections the failing node took: more than one, it did go away
 */
public record ErrorGoAwayAnswers(int notProcessedAnswered, int notProcessed, int processedPostsAnswered, int processedPosts,
        int failingNodeConnections) {

    @Override
    public String toString() {
        return "not processed: " + notProcessedAnswered + " of " + notProcessed + "; processed POSTs: " + processedPostsAnswered + " of "
                + processedPosts + "; the failing node's connections: " + failingNodeConnections;
    }
}
