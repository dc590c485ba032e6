package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-alpn-for-tls13-clients.diff, red without it and green with it in the same run: a
 * client that offers TLS 1.3 alone asks for h2 by ALPN.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowTls13AlpnPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-alpn-for-tls13-clients.diff");

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffATls13OnlyClientIsOfferedH2() throws Exception {
        assertEquals("TLSv1.3 h2", negotiated(undertow.with(DIFF, Tls13OnlyClient.class, work), "TLSv1.3"));
    }

    @Test
    void withTheDiffATls12ClientStillGetsH2AsBefore() throws Exception {
        assertEquals("TLSv1.2 h2", negotiated(undertow.with(DIFF, Tls13OnlyClient.class, work), "TLSv1.2"));
    }

    /** When this fails, Undertow offers h2 to TLS 1.3 clients by itself: delete the diff. */
    @Test
    void undertowsOwnListenerAnswersATls13OnlyClientWithHttp11() throws Exception {
        assertEquals("TLSv1.3 http/1.1", negotiated(undertow.without(Tls13OnlyClient.class), "TLSv1.3"));
    }

    private static String negotiated(ClassLoader loader, String clientProtocol) throws Exception {
        return (String) loader.loadClass(Tls13OnlyClient.class.getName())
                .getMethod("negotiated", String.class, String.class, String.class)
                .invoke(null, "keystore/localhost.p12", "changeit", clientProtocol);
    }
}
