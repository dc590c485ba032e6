package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/undertow-core/http2-refuses-malformed-fields.diff, red without it and green with it in the same run:
 * a request with CR, LF or NUL in a value, or keep-alive, proxy-connection or upgrade, is reset with PROTOCOL_ERROR, its
 * connection going on; connection and a TE other than "trailers" are refused by Undertow itself, with the diff or
 * without; "te: trailers" and a plain value are answered.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class UndertowMalformedFieldsPatchIT {

    private static final Path DIFF = Path.of("src/patches/undertow-core/http2-refuses-malformed-fields.diff");
    private static final String REFUSED = "reset PROTOCOL_ERROR, the next GET 200";
    private static final String ANSWERED = "200, the next GET 200";

    private final PatchedLibrary undertow = new PatchedLibrary(io.undertow.Undertow.class, "io.undertow.");

    @TempDir
    Path work;

    @Test
    void withTheDiffEveryMalformedRequestIsResetAndItsConnectionGoesOn() throws Exception {
        assertEquals(expected(REFUSED), outcomes(undertow.with(DIFF, MalformedFields.class, work)));
    }

    /** When this fails, Undertow refuses these malformed fields by itself: delete the diff. */
    @Test
    void undertowsOwnParserAnswersTheValuesAndTheFieldsItDoesNotKnow() throws Exception {
        assertEquals(expected(ANSWERED), outcomes(undertow.without(MalformedFields.class)));
    }

    /** The outcomes, the fields the diff refuses giving {@code whatTheDiffRefuses}. */
    private static Map<String, String> expected(String whatTheDiffRefuses) {
        Map<String, String> expected = new LinkedHashMap<>();
        for (String name : new String[] {"CR in a value", "LF in a value", "NUL in a value"}) {
            expected.put(name, whatTheDiffRefuses);
        }
        expected.put("connection", REFUSED);
        for (String name : new String[] {"keep-alive", "proxy-connection", "upgrade"}) {
            expected.put(name, whatTheDiffRefuses);
        }
        expected.put("te other than trailers", REFUSED);
        expected.put("te: trailers (allowed)", ANSWERED);
        expected.put("a plain value (allowed)", ANSWERED);
        return expected;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> outcomes(ClassLoader loader) throws Exception {
        return (Map<String, String>) loader.loadClass(MalformedFields.class.getName())
                .getMethod("outcomes", String.class, String.class)
                .invoke(null, "keystore/localhost.p12", "changeit");
    }
}
