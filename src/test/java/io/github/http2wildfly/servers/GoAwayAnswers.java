package io.github.http2wildfly.servers;

/**
 * What {@link ProxyToGoingAwayNode} saw of requests sent through the proxy to a node that goes away gracefully.
 * Public and outside the scenario's class, so that {@link PatchedLibrary}'s loader takes it from the test's: the IT
 * reads the same class the scenario returns.
 *
 * @param answered the requests answered 200 whole
 * @param sent the requests sent
 * @param connections the connections the node took: one more for each GOAWAY it sent
 */
public record GoAwayAnswers(int answered, int sent, int connections) {

    /** Whether every request sent was answered. */
    public boolean allAnswered() {
        return answered == sent;
    }

    @Override
    public String toString() {
        return answered + " of " + sent + ", connections " + connections;
    }
}
