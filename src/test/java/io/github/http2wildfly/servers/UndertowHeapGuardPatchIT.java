package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * src/patches/undertow-core/proxy-turns-away-work-when-its-heap-is-full.diff, red without it and green with it in the
 * same run, on Undertow's proxy with every diff before it: this JVM's heap filled past the proxy's threshold with live
 * arrays, then let go.
 */
// it fills this JVM's heap, and measures what is live after a collection: no other test beside it
@Isolated
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowHeapGuardPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/proxy-turns-away-work-when-its-heap-is-full.diff");
    private static final int REQUESTS = 5;

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffRequestsAreTurnedAwayWhileTheHeapIsFullAndTakenAgainAfter() throws Exception {
        assertEquals("while full: 0 of " + REQUESTS + ", after: " + REQUESTS + " of " + REQUESTS, answered(withIt()));
    }

    /** When this fails, Undertow's proxy sheds work under heap pressure by itself. */
    @Test
    void withoutItRequestsAreTakenWhateverTheHeap() throws Exception {
        assertEquals("while full: " + REQUESTS + " of " + REQUESTS + ", after: " + REQUESTS + " of " + REQUESTS,
                answered(undertow.with(before(), ProxyWhenItsHeapIsFull.class, work)));
    }

    /** Every diff that comes before it in the build's order. */
    private static List<Path> before() throws IOException {
        try (Stream<Path> diffs = Files.list(DIFF.getParent())) {
            return diffs.filter(diff -> diff.toString().endsWith(".diff") && diff.getFileName().toString().compareTo(DIFF.getFileName().toString()) < 0)
                    .sorted().toList();
        }
    }

    private ClassLoader withIt() throws Exception {
        return undertow.with(Stream.concat(before().stream(), Stream.of(DIFF)).toList(), ProxyWhenItsHeapIsFull.class, work);
    }

    private static String answered(ClassLoader loader) throws Exception {
        return (String) loader.loadClass(ProxyWhenItsHeapIsFull.class.getName()).getMethod("answeredWhileTheHeapIsFullThenAfter", int.class)
                .invoke(null, REQUESTS);
    }
}
