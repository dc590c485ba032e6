package io.github.http2wildfly.project;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.servers.cluster.ClusterSettings;
import io.github.http2wildfly.servers.cluster.Hop;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md is the reference of the pom's knobs, the default grid's, the balancers' benchmark's and the
 * ITs': it cannot drift from them.
 */
class PropertiesTest {

    private static final Pattern PROPERTY = Pattern.compile("<([\\w.-]+)>([^<]*)</\\1>");
    static final Path DEFAULT_GRID = Path.of("gatling/grids/default.properties");
    private static final Path BENCH = Path.of("src/servers/balancers.properties");
    private static final Path SERVERS_BENCH = Path.of("src/servers/servers.properties");
    private static final Path IT_SETTINGS = Path.of("src/test/it.properties");
    /** A row of a table: `name` | default | ...; a pipe in the default is written \| (Markdown's escape). */
    private static final Pattern ROW = Pattern.compile("^\\| `([\\w.-]+)` \\| ((?:\\\\\\||[^|])*) \\|", Pattern.MULTILINE);

    private static String pom() throws IOException {
        return Files.readString(Path.of("pom.xml"));
    }

    /** The properties between the pom's "Knobs" and "Derived" headings, with their defaults. */
    static Map<String, String> knobs(String pom) {
        String section = pom.substring(pom.indexOf("= Knobs"), pom.indexOf("= Derived"));
        Map<String, String> knobs = new LinkedHashMap<>();
        Matcher property = PROPERTY.matcher(section);
        while (property.find()) {
            knobs.put(property.group(1), property.group(2));
        }
        return knobs;
    }

    /** The comparison's default grid (RunComparison reads it, a -D wins): knobs too. */
    static Map<String, String> defaultGrid() throws IOException {
        return settings(DEFAULT_GRID);
    }

    /** The balancers' and the servers' benchmarks' defaults (BalancerSettings, OriginSettings read them, a -D wins): knobs too. */
    private static Map<String, String> benchDefaults() throws IOException {
        Map<String, String> knobs = settings(BENCH);
        knobs.keySet().removeIf(name -> !name.startsWith("cluster.bench."));
        Map<String, String> servers = settings(SERVERS_BENCH);
        servers.keySet().removeIf(name -> !name.startsWith("servers.bench."));
        knobs.putAll(servers);
        return knobs;
    }

    /** The ITs' own knobs (ItSettings reads them, a -D wins): the settings the build does not fill in. */
    private static Map<String, String> itKnobs() throws IOException {
        Map<String, String> knobs = settings(IT_SETTINGS);
        knobs.values().removeIf(value -> value.contains("@"));
        return knobs;
    }

    private static Map<String, String> settings(Path file) throws IOException {
        Properties given = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            given.load(reader);
        }
        Map<String, String> knobs = new TreeMap<>();
        given.stringPropertyNames().forEach(name -> knobs.put(name, given.getProperty(name)));
        return knobs;
    }

    static Map<String, String> documented() throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        Matcher row = ROW.matcher(Files.readString(Path.of("docs/configuration.md")));
        while (row.find()) {
            rows.put(row.group(1), row.group(2).strip().replace("`", "").replace("\\|", "|"));
        }
        return rows;
    }

    @Test
    void everyKnobIsDocumentedWithItsDefault() throws IOException {
        Map<String, String> documented = documented();
        Map<String, String> knobs = new LinkedHashMap<>(knobs(pom()));
        knobs.putAll(defaultGrid());
        knobs.putAll(benchDefaults());
        knobs.putAll(itKnobs());
        knobs.forEach((name, value) -> {
            String shown = value.replace("${project.basedir}/", "").replace("${project.build.directory}", "target");
            assertEquals(shown, documented.get(name), name + " in docs/configuration.md");
        });
    }

    /**
     * A property of the pom, a setting of the grids or the benchmark, a system property the tests read themselves (the browsers' binaries), one a server's CLI
     * script reads (the balancer's), one a carried Undertow diff reads, or one the build's tools read from the command
     * line (the cluster's hop).
     */
    @Test
    void everyDocumentedPropertyIsThePomsOrReadByTheTests() throws IOException {
        String pom = pom();
        Set<String> grid = defaultGrid().keySet();
        Set<String> bench = benchDefaults().keySet();
        Set<String> its = itKnobs().keySet();
        String helpers = Files.readString(Path.of("src/measure/java/io/github/http2wildfly/measure/browser/HeadlessChromium.java"))
                + Files.readString(Path.of("src/measure/java/io/github/http2wildfly/measure/browser/HeadlessFirefox.java"));
        String scripts = contents(Path.of("wildfly"), ".cli");
        String diffs = contents(Path.of("src/patches"), ".diff");
        String serversCode = contents(Path.of("src/servers/java"), ".java");
        documented().keySet().forEach(name -> assertTrue(pom.contains("<" + name + ">") || pom.contains("<name>" + name + "</name>")
                || grid.contains(name) || bench.contains(name) || its.contains(name) || helpers.contains("System.getProperty(\"" + name + "\"") || scripts.contains("${" + name + ":")
                || diffs.contains("\"" + name + "\"") || serversCode.contains("\"" + name + "\""), name + " is in docs/configuration.md but nowhere in the build"));
    }

    /** The hop is read from the command line by ClusterSettings, its default Hop's: the row says the same. */
    @Test
    void theClusterHopsDocumentedDefaultIsTheOneItHas() throws IOException {
        assertEquals(Hop.DEFAULT.token(), documented().get(ClusterSettings.HOP));
    }

    private static String contents(Path folder, String suffix) throws IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.walk(folder)) {
            for (Path file : files.filter(f -> f.toString().endsWith(suffix)).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }

    /** The JVM flags of the tests' JVMs have one home, the pom's argLine: the ITs' server takes them from there too. */
    @Test
    void theTestServersJvmFlagsAreTheTestsOwnNotASecondCopy() throws IOException {
        String arquillian = Files.readString(Path.of("src/test/resources/arquillian.xml"));
        assertTrue(arquillian.contains("${server.jvm.flags:}"), "arquillian.xml takes the flags ItSettings sets");
        assertFalse(arquillian.contains("-XX:"), "arquillian.xml spells out no -XX flag of its own");
    }
}
