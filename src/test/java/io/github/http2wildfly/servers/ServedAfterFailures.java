package io.github.http2wildfly.servers;

/**
 * What {@link ProxyEjectingOnEvidence#servedAfterFailuresOnA} saw: after tries given up on node A, how many of the small
 * requests that followed each node served, and, where A served none (the proxy took it out), whether it served again
 * once its ejection time was over. Public and outside the scenario's class, so that {@link PatchedLibrary}'s loader
 * takes it from the test's.
 *
 * @param servedByA the small requests A served
 * @param servedByB the small requests B served
 * @param backAfterItsEjection whether A, out, served again after its ejection time (false where it never was out)
 */
public record ServedAfterFailures(int servedByA, int servedByB, boolean backAfterItsEjection) {

    @Override
    public String toString() {
        String served = "A " + servedByA + ", B " + servedByB;
        return servedByA > 0 ? served : served + (backAfterItsEjection ? ", back" : ", not back");
    }
}
