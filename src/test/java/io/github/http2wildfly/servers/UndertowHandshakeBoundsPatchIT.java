package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * src/patches/undertow-core/tls-handshakes-bounded-per-address-and-in-time.diff, red without it and green with it in
 * the same run: half-open TLS connections from one address past its cap are closed as they come, and one that never
 * finishes its handshake is closed after the timeout. The waits are guards: without the diff nothing closes at all.
 */
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
@ResourceLock("system properties") // the listener reads its limits from them as it starts
class UndertowHandshakeBoundsPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/tls-handshakes-bounded-per-address-and-in-time.diff");
    private static final int PATIENCE_MILLIS = 2_000;
    private static final int GUARD_MILLIS = 10_000;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffAnAddressPastItsCapIsClosedAsItComesAndAnotherAddressIsServed() throws Exception {
        assertArrayEquals(new int[] {6, 1}, againstACap(undertow.with(DIFF, HalfOpenHandshakes.class, work)));
    }

    /** When this fails, Undertow caps connections per address by itself: delete the diff. */
    @Test
    void undertowsOwnListenerKeepsEveryHalfOpenConnection() throws Exception {
        assertArrayEquals(new int[] {0, 1}, againstACap(undertow.without(HalfOpenHandshakes.class)));
    }

    @Test
    void withTheDiffAHandshakeThatNeverEndsIsClosedAfterTheTimeout() throws Exception {
        assertTrue(closedAfterATimeout(undertow.with(DIFF, HalfOpenHandshakes.class, work)));
    }

    @Test
    void undertowsOwnListenerWaitsForAHandshakeForEver() throws Exception {
        assertFalse(closedAfterATimeout(undertow.without(HalfOpenHandshakes.class)));
    }

    /** Ten half-open connections against a cap of 4 an address: [closed by the server, the other address served]. */
    private static int[] againstACap(ClassLoader loader) throws Exception {
        return (int[]) loader.loadClass(HalfOpenHandshakes.class.getName())
                .getMethod("againstACapPerAddress", String.class, String.class, int.class, int.class, int.class)
                .invoke(null, "keystore/localhost.p12", "changeit", 4, 10, PATIENCE_MILLIS);
    }

    private static boolean closedAfterATimeout(ClassLoader loader) throws Exception {
        return (boolean) loader.loadClass(HalfOpenHandshakes.class.getName())
                .getMethod("closedAfterAHandshakeTimeout", String.class, String.class, long.class, int.class)
                .invoke(null, "keystore/localhost.p12", "changeit", 500L, GUARD_MILLIS);
    }
}
