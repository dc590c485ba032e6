package io.github.http2wildfly.servers;

/**
 * What {@link ProxyWithStalledReaders#stalledReadersBesideASlowOne} saw once the slow reader had its answer and the
 * proxy's stream idle timeout had passed twice more. Public and outside the scenario's class, so that
 * {@link PatchedLibrary}'s loader takes it from the test's.
 *
 * @param openAtTheNode the streams still open at the node: those of stalled readers the proxy never gave up
 * @param stalledReset the stalled readers whose stream the proxy reset
 * @param stalled the stalled readers
 * @param slowReaderBytes the bytes of its {@value ScriptedNode#LARGE}-byte answer the slow reader received
 */
public record StalledAndSlowReaders(int openAtTheNode, int stalledReset, int stalled, long slowReaderBytes) {

    @Override
    public String toString() {
        return "open at the node: " + openAtTheNode + ", stalled reset: " + stalledReset + " of " + stalled + "; slow reader: " + slowReaderBytes
                + " of " + ScriptedNode.LARGE;
    }
}
