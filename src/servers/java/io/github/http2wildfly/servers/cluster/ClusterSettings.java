package io.github.http2wildfly.servers.cluster;

import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.FilledInSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * What the build filled into {@code target/cluster.properties} (from {@code src/servers/cluster.properties}): the port
 * offset, the two provisioned servers, the WAR and the files every server of this build starts with; and the hop,
 * read where the user sets it, the command line's {@code -Dcluster.hop} ({@link Hop#DEFAULT} without one).
 */
public record ClusterSettings(
        Hop hop,
        int portOffset,
        Path balancerHome,
        Path nodeHome,
        Path war,
        Path cliDir,
        Path serverJvm,
        String bindAddress,
        int httpPort,
        int httpsPort,
        Path certificate,
        int slowHttpsPort,
        int slowRoundTripMillis) {

    /** The user's setting of the hop: {@code -Dcluster.hop=ajp}, on Maven's command line (a system property here). */
    public static final String HOP = "cluster.hop";

    /**
     * @param file what the build filled in
     * @param commandLine the command line's {@code -D} (this JVM's system properties: exec:java's, Failsafe's)
     */
    public static ClusterSettings read(Path file, Properties commandLine) throws IOException {
        Properties p = FilledInSettings.read(file, "./mvnw -Pcluster package");
        try {
            return new ClusterSettings(
                    Hop.parse(commandLine.getProperty(HOP, Hop.DEFAULT.token())),
                    offset(p, "port.offset"),
                    Path.of(p.getProperty("balancer.home")),
                    Path.of(p.getProperty("node.home")),
                    Path.of(p.getProperty("war")),
                    Path.of(p.getProperty("cli.dir")),
                    Path.of(p.getProperty("server.jvm")),
                    p.getProperty("bind.address"),
                    Integer.parseInt(p.getProperty("http.port")),
                    Integer.parseInt(p.getProperty("https.port")),
                    Path.of(p.getProperty("certificate")),
                    Integer.parseInt(p.getProperty("slow.https.port")),
                    Integer.parseInt(p.getProperty("slow.rtt")));
        } catch (IllegalArgumentException bad) {
            throw new BuildCheckFailure(bad.getMessage());
        }
    }

    private static int offset(Properties p, String name) {
        return portOffset("cluster." + name, p.getProperty(name, ""));
    }

    /** A cluster's port offset as given to the Maven property {@code name}, or why it is none. */
    public static int portOffset(String name, String given) {
        String value = String.valueOf(given).strip();
        if (!value.matches("\\d{1,5}") || Integer.parseInt(value) > 50000) {
            throw new IllegalArgumentException(name + " must be a whole number from 0 to 50000, not '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    /** The same settings with another hop (the ITs run each). */
    public ClusterSettings withHop(Hop other) {
        return new ClusterSettings(other, portOffset, balancerHome, nodeHome, war, cliDir, serverJvm, bindAddress,
                httpPort, httpsPort, certificate, slowHttpsPort, slowRoundTripMillis);
    }

    /** The same cluster on other servers (the attack suite's stock ones: UndertowPatch.stock). */
    public ClusterSettings withHomes(Path balancer, Path node) {
        return new ClusterSettings(hop, portOffset, balancer, node, war, cliDir, serverJvm, bindAddress,
                httpPort, httpsPort, certificate, slowHttpsPort, slowRoundTripMillis);
    }
}
