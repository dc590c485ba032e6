package io.github.http2wildfly.comparison;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    @Test
    void yourPageComesFirstThenTheLabWhereItCanRunElseTheModel() {
        assertEquals(RunComparison.Mode.URL, RunComparison.mode(true, true, Optional.empty(), System.out));
        assertEquals(RunComparison.Mode.LAB, RunComparison.mode(false, true, Optional.empty(), System.out));
        assertEquals(RunComparison.Mode.MODEL, RunComparison.mode(false, false, Optional.empty(), System.out));
    }

    @Test
    void aLabThisMachineCannotRunIsOneLineAndTheModelRunsAlone() {
        // its own stream, not System.out: tests in parallel print there too
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        assertEquals(RunComparison.Mode.MODEL, RunComparison.mode(false, true,
                Optional.of("The lab needs root (network namespaces, TUN devices and congestion controls are root's)"),
                new PrintStream(printed, true, StandardCharsets.UTF_8)));
        String line = printed.toString(StandardCharsets.UTF_8);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("The lab needs root (") && line.strip().endsWith(": the model runs alone"), line);
    }
}
