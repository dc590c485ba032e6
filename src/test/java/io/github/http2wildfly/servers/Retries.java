package io.github.http2wildfly.servers;

/**
 * What {@link ProxyEjectingOnEvidence#retriedWhenOneOfTwoFails} saw: requests at once through the proxy to a node that
 * never answers them and one that does. Public and outside the scenario's class, so that {@link PatchedLibrary}'s
 * loader takes it from the test's.
 *
 * @param retried the tries past the requests' first: those the proxy sent again
 * @param triesOnA the tries the node that never answers was given: each failed, and might have been sent again
 */
public record Retries(int retried, int triesOnA) {

    @Override
    public String toString() {
        return "retried " + retried + " of " + triesOnA;
    }
}
