package io.github.http2wildfly.comparison.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentTest {

    @TempDir
    Path dir;

    @Test
    void theReportNamesTheServerAsItNamedItselfWhenItBooted() throws IOException {
        Path log = Files.writeString(dir.resolve("comparison-server.log"), "11:27:05,220 INFO  [org.jboss.as.server] WFLYSRV0212: Resuming server\n"
                + "11:27:05,246 INFO  [org.jboss.as] (Controller Boot Thread) WFLYSRV0025: WildFly 41.0.0.Final"
                + " (WildFly Core 32.0.0.Final) started in 5620ms - Started 118 of 123 services\n");
        assertEquals("WildFly 41.0.0.Final (WildFly Core 32.0.0.Final)", Environment.runningServer(log));
    }

    @Test
    void aServerThatNeverBootedIsUnknown() throws IOException {
        Path log = Files.writeString(dir.resolve("comparison-server.log"), "ERROR WFLYCTL0013: Operation failed\n");
        assertEquals("unknown (no boot line in " + log + ")", Environment.runningServer(log));
        assertEquals("unknown (" + dir.resolve("missing.log") + " unreadable)", Environment.runningServer(dir.resolve("missing.log")));
    }

    @Test
    void theProcessorIsNamedAsLinuxNamesItOrSaidUnknown() throws Exception {
        Path cpuinfo = java.nio.file.Files.writeString(dir.resolve("cpuinfo"),
                "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n");
        assertEquals("AMD EPYC 7B13", Environment.processor(cpuinfo));
        assertEquals("model unknown", Environment.processor(dir.resolve("none")));
    }
}
