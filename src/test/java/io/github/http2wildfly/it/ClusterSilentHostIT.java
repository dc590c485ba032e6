package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.servers.cluster.NodeLink;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A node whose host goes silent in the middle of a soak: node1 runs on a host of its own (a network namespace behind a
 * veth pair, NodeLink), and its link is cut while h2load goes through the balancer, so that every packet to it is
 * dropped and none answered, as when a machine dies or a cable is pulled; a killed process (ClusterHopIT) answers
 * every packet with a reset at once. The balancer learns of it only from its timeouts: a try that has not begun to
 * answer after the answer time (the test sets {@value #ANSWER_TIMEOUT_MILLIS} ms) is retried on node2. Every request
 * is answered 2xx; the test prints how long the longest took. With the link back, node1 serves again.
 */
@Tag("cluster")
class ClusterSilentHostIT {

    private static final String SILENT = "node1";
    private static final Duration NODE_BACK = Duration.ofSeconds(120);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    private static final int ANSWER_TIMEOUT_MILLIS = 1_000;
    private static final Duration SOAK = Duration.ofSeconds(8);
    private static final Duration SOAK_WARM_UP = Duration.ofSeconds(2);

    @Test
    void aNodeWhoseHostGoesSilentMidSoakLeavesEveryRequestToTheOtherAndServesAgainWhenItsLinkIsBack() throws Exception {
        assumeTrue(NodeLink.possible(), "a network namespace needs root and iproute2 (CI runs as root)");
        try (NodeLink link = NodeLink.open(SILENT);
             Cluster cluster = ClusterServers.start(ClusterServers.settings().hop(), link, "-Dh2demo.cluster.request.timeout=" + REQUEST_TIMEOUT.toMillis(),
                     "-Dh2demo.cluster.answer.timeout=" + ANSWER_TIMEOUT_MILLIS)) {
            cluster.awaitNodes(Set.of(SILENT), NODE_BACK); // it serves, from its own host, before its link is cut
            long givenUpBefore = ClusterServers.triesGivenUp(cluster);
            BalancerSoak soak = BalancerSoak.start(cluster, SOAK);
            Thread.sleep(SOAK_WARM_UP.toMillis());
            assertTrue(soak.isRunning(), "the soak still runs when the link is cut");
            link.silence();
            System.out.println("the soak, " + SILENT + "'s link cut after " + SOAK_WARM_UP.toSeconds() + " s: " + soak.assertEveryRequestSucceeded());

            assertTrue(ClusterServers.triesGivenUp(cluster) > givenUpBefore, "the balancer gave tries on " + SILENT + " up and sent them on");

            link.restore();
            cluster.awaitNodes(Set.of(SILENT), NODE_BACK);
        }
    }
}
