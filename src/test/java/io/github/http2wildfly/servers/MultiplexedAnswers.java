package io.github.http2wildfly.servers;

/**
 * What {@link ProxyToNodeOf100Streams} saw of requests sent at once through the proxy to a node that allows 100
 * concurrent streams a connection. Public and outside the scenario's class, so that {@link PatchedLibrary}'s loader
 * takes it from the test's.
 *
 * @param answered the requests answered 200 whole
 * @param sent the requests sent
 * @param nodeReceived the requests the node received, the one that opened the client's connection among them
 * @param connections the connections the node took
 * @param mostOpenStreams the most streams open at once on one of them
 * @param waited the answers that came long after their request went: it waited for something else than its answer
 */
public record MultiplexedAnswers(int answered, int sent, int nodeReceived, int connections, int mostOpenStreams, int waited) {

    /** Whether every request sent was answered. */
    public boolean allAnswered() {
        return answered == sent;
    }

    @Override
    public String toString() {
        return answered + " of " + sent + ", node had " + nodeReceived + ", connections " + connections + ", most streams " + mostOpenStreams
                + ", waited " + waited;
    }
}
