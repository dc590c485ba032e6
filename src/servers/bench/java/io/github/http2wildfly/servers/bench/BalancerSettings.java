package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.measure.statistics.StoppingRule;
import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.FilledInSettings;
import io.github.http2wildfly.servers.cluster.Hop;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code src/servers/balancers.properties} as the build filled it into {@code target/balancers.properties}, with the
 * command line's {@code -Dcluster.bench.*} over its defaults: the cluster's own settings, where the report goes, the loads per pair, the h2load
 * rounds and the kills, the fronts (WildFly's hops, its TLS on OpenSSL, the other balancers), the key store the others serve
 * and the folder of the Undertow diffs WildFly's servers carry. A value outside its rule is one line naming it.
 */
record BalancerSettings(Path cluster, Path dir, StoppingRule rule, int h2loadRounds, int kills, List<String> fronts,
        Path keystore, String keystorePassword, String keystoreAlias, Path patches) {

    /** The front that is WildFly's balancer over the last hop with its TLS on OpenSSL (wildfly/cluster/tls-openssl.cli). */
    static final String OPENSSL = "wildfly-openssl";

    /** Level within 5 %, as the comparison's pairs (docs/comparison.md). */
    private static final double BAND = 0.05;

    /**
     * @param file what the build filled in
     * @param commandLine the command line's {@code -D} (exec:java runs in Maven's JVM: its system properties)
     */
    static BalancerSettings read(Path file, Properties commandLine) throws IOException {
        Properties given = given(file, commandLine);
        try {
            return of(given);
        } catch (IllegalArgumentException bad) {
            throw new BuildCheckFailure(bad.getMessage());
        }
    }

    /** The file as the build filled it in, the command line's {@code -Dcluster.bench.*} over it (the attack suite's too). */
    static Properties given(Path file, Properties commandLine) throws IOException {
        Properties given = FilledInSettings.read(file, "./mvnw -Pcluster package");
        commandLine.stringPropertyNames().stream().filter(name -> name.startsWith("cluster.bench."))
                .forEach(name -> given.setProperty(name, commandLine.getProperty(name)));
        return given;
    }

    static BalancerSettings of(Properties given) {
        int loads = FilledInSettings.number(given, "cluster.bench.loads", 1, 1000);
        List<String> fronts = List.of(given.getProperty("cluster.bench.fronts", "").strip().split("\\s*,\\s*"));
        if (hops(fronts).size() + others(fronts).size() + (fronts.contains(OPENSSL) ? 1 : 0) != fronts.size()) {
            throw new IllegalArgumentException("cluster.bench.fronts takes " + Stream.concat(Stream.concat(Stream.of(Hop.values()).map(Hop::token),
                    Stream.of(OPENSSL)), Stream.of(ExternalFront.Kind.values()).map(ExternalFront.Kind::token)).collect(Collectors.joining(", "))
                    + ", each once: " + given.getProperty("cluster.bench.fronts"));
        }
        return new BalancerSettings(Path.of(given.getProperty("cluster.settings")), Path.of(given.getProperty("report.dir")),
                new StoppingRule(loads, FilledInSettings.number(given, "cluster.bench.loads.max", loads, 1000), BAND),
                FilledInSettings.number(given, "cluster.bench.h2load.rounds", 1, 100),
                FilledInSettings.number(given, "cluster.bench.kills", 0, 100), fronts,
                Path.of(given.getProperty("keystore.file")), given.getProperty("keystore.password"),
                given.getProperty("keystore.alias"), Path.of(given.getProperty("undertow.patches")));
    }

    /** WildFly's hops among the fronts, in the order of {@link Hop}. */
    List<Hop> hops() {
        return hops(fronts);
    }

    /** Whether WildFly's balancer is measured again with its TLS on OpenSSL. */
    boolean openSsl() {
        return fronts.contains(OPENSSL);
    }

    /** The other balancers among the fronts. */
    List<ExternalFront.Kind> others() {
        return others(fronts);
    }

    private static List<Hop> hops(List<String> fronts) {
        return Stream.of(Hop.values()).filter(hop -> fronts.contains(hop.token())).toList();
    }

    private static List<ExternalFront.Kind> others(List<String> fronts) {
        return Stream.of(ExternalFront.Kind.values()).filter(kind -> fronts.contains(kind.token())).toList();
    }
}
