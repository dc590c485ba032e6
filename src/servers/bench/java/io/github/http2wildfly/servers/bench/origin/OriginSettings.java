package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.FilledInSettings;
import io.github.http2wildfly.setting.Token;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * {@code src/servers/servers.properties} as the build filled it into {@code target/servers.properties}, with the
 * command line's {@code -Dservers.bench.*} over its defaults: the measured rounds, the requests each load makes in a
 * round, the warm-up rounds, the servers, the port offset of the project's WildFly (its stock copy's is 100 more),
 * whether the run records itself, and the requests of the profiled run after the rounds (0: none); then where the build's
 * files are. A value outside its rule is one line naming it.
 */
record OriginSettings(int rounds, int requests, int warmup, List<ServerKind> servers, int portOffset, boolean record, int profile, Path dir,
        Path docs, Path server, Path war, Path serverJvm, int httpPort, int httpsPort, int httpsHttp1Port, Path keystore,
        String keystorePassword, String keystoreAlias, Path patches, String wildFlyVersion) {

    static final String PREFIX = "servers.bench.";
    /** The stock copy's ports above the patched server's: both run at once, for rounds that interleave them. */
    static final int STOCK_OFFSET_STEP = 100;

    static OriginSettings read(Path file, Properties commandLine) throws IOException {
        Properties given = FilledInSettings.read(file, "./mvnw package");
        commandLine.stringPropertyNames().stream().filter(name -> name.startsWith(PREFIX))
                .forEach(name -> given.setProperty(name, commandLine.getProperty(name)));
        try {
            return of(given);
        } catch (IllegalArgumentException bad) {
            throw new BuildCheckFailure(bad.getMessage());
        }
    }

    static OriginSettings of(Properties given) {
        List<ServerKind> servers = Token.parseAll(ServerKind.class, PREFIX + "servers", given.getProperty(PREFIX + "servers", ""));
        if (servers.stream().noneMatch(ServerKind::wildFly)) {
            // nginx's and Caddy's copies are a WildFly's own answers, fetched from it at the start
            throw new IllegalArgumentException(PREFIX + "servers=" + given.getProperty(PREFIX + "servers")
                    + ": name wildfly or wildfly-stock too, whose answers nginx and Caddy serve a copy of");
        }
        return new OriginSettings(FilledInSettings.number(given, PREFIX + "rounds", 1, 100),
                // h2load refuses fewer requests than clients, and the seed's load has 100
                FilledInSettings.number(given, PREFIX + "requests", 100, 1_000_000), FilledInSettings.number(given, PREFIX + "warmup", 0, 10),
                servers, FilledInSettings.number(given, PREFIX + "port.offset", 0, 50_000), Boolean.parseBoolean(given.getProperty(PREFIX + "record", "false")),
                FilledInSettings.number(given, PREFIX + "profile", 0, 10_000_000),
                Path.of(given.getProperty("report.dir")), Path.of(given.getProperty("docs.dir")), Path.of(given.getProperty("server.dir")),
                Path.of(given.getProperty("war")), Path.of(given.getProperty("server.jvm")), Integer.parseInt(given.getProperty("http.port")),
                Integer.parseInt(given.getProperty("https.port")), Integer.parseInt(given.getProperty("https.http1.port")),
                Path.of(given.getProperty("keystore.file")), given.getProperty("keystore.password"), given.getProperty("keystore.alias"),
                Path.of(given.getProperty("undertow.patches")), given.getProperty("version.wildfly"));
    }

    /** The command that repeats this run, each setting that shapes its figures named. */
    String command() {
        return "./mvnw package exec:java@servers -D" + PREFIX + "rounds=" + rounds + " -D" + PREFIX + "requests=" + requests + " -D" + PREFIX
                + "warmup=" + warmup + " -D" + PREFIX + "servers=" + servers.stream().map(Token::token).collect(Collectors.joining(","))
                + (profile > 0 ? " -D" + PREFIX + "profile=" + profile : "") + (record ? " -D" + PREFIX + "record=true" : "");
    }
}
