package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/proxy-survives-a-ping-that-closes-its-connection.diff, red without it and green with it
 * in the same run: an HTTP/2 client connection closed while it carries an exchange whose listener closes it too.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowExchangeFailsOncePatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/proxy-survives-a-ping-that-closes-its-connection.diff");

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffTheConnectionClosesAndItsExchangeFailsOnce() throws Exception {
        assertEquals(new ConnectionClosing("closed", 1), closing(undertow.with(DIFF, ExchangeClosingItsConnection.class, work)));
    }

    /**
     * Failed again at each close its listener makes, until the stack overflows (1,847 times in a run here, the error
     * caught on the way out). When this fails, Undertow fails each exchange once by itself: delete the diff.
     */
    @Test
    void undertowsOwnConnectionFailsTheExchangeAgainAndAgain() throws Exception {
        ConnectionClosing closing = closing(undertow.without(ExchangeClosingItsConnection.class));
        assertTrue(List.of("StackOverflowError", "closed").contains(closing.ending()), closing::toString);
        assertNotEquals(1, closing.exchangeFailures(), closing::toString);
    }

    private static ConnectionClosing closing(ClassLoader loader) throws Exception {
        return (ConnectionClosing) loader.loadClass(ExchangeClosingItsConnection.class.getName())
                .getMethod("closedWithAnExchangeWhoseListenerClosesItToo").invoke(null);
    }
}
