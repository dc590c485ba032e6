package io.github.http2wildfly.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which Jetty alpn-boot a JDK 8 needs on its boot class path for HTTP/2 (ALPN) in WildFly 9 and 10.
 * alpn-boot replaces classes of sun.security.ssl, so it must match the JDK's update exactly: a wrong
 * one fails at the first TLS handshake (NoClassDefFoundError, NoSuchMethodError) or silently falls
 * back to http/1.1. From 8u252 the JDK has ALPN itself and alpn-boot must not be added.
 *
 * <p>Chosen at build time from the server JDK's {@code release} file, rather than by Jetty's
 * jetty-alpn-agent at run time, so that a JDK it cannot serve fails the build with one line, before
 * any server starts, and the command line shows exactly which jar the server boots with.
 *
 * <p>Run by {@link LegacyServer} first: the jar is copied to the boot jar's path from Maven's local repository, or
 * fetched from Maven Central ({@link CentralJar}) where the local repository does not have it.
 */
public final class AlpnBoot {

    /** The first update with ALPN in the JDK itself. */
    static final int ALPN_BUILT_IN_FROM = 252;

    /** Jetty's table: the JDK 8 updates each alpn-boot version serves, first and last. */
    record Range(int first, int last, String version) {
    }

    static final List<Range> TABLE = List.of(
            new Range(0, 20, "8.1.0.v20141016"),
            new Range(25, 25, "8.1.2.v20141202"),
            new Range(31, 45, "8.1.3.v20150130"),
            new Range(51, 51, "8.1.4.v20150727"),
            new Range(60, 60, "8.1.5.v20150921"),
            new Range(65, 66, "8.1.6.v20151105"),
            new Range(71, 77, "8.1.7.v20160121"),
            new Range(91, 92, "8.1.8.v20160420"),
            new Range(101, 102, "8.1.9.v20160720"),
            new Range(111, 112, "8.1.10.v20161026"),
            new Range(121, 152, "8.1.11.v20170118"),
            new Range(161, 181, "8.1.12.v20180117"),
            new Range(191, 242, "8.1.13.v20181017"));

    /** A JDK's version as its release file states it: 1.8.0_45 is feature 8, update 45. */
    record JdkVersion(int feature, int update, String text) {

        private static final Pattern JAVA_8 = Pattern.compile("1\\.8\\.0(?:_(\\d+))?(?:[-+].*)?");
        private static final Pattern MODERN = Pattern.compile("(\\d+)(?:\\.\\d+)*(?:[-+].*)?");
        private static final Pattern RELEASE_LINE = Pattern.compile("^JAVA_VERSION=\"([^\"]+)\"", Pattern.MULTILINE);

        static JdkVersion parse(String text) {
            Matcher java8 = JAVA_8.matcher(text);
            if (java8.matches()) {
                return new JdkVersion(8, java8.group(1) == null ? 0 : Integer.parseInt(java8.group(1)), text);
            }
            Matcher modern = MODERN.matcher(text);
            if (modern.matches()) {
                return new JdkVersion(Integer.parseInt(modern.group(1)), 0, text);
            }
            throw new BuildCheckFailure("Cannot read the JDK version '" + text + "'");
        }

        /** From {@code <javaHome>/release}, which every JDK 8 and later has. */
        static JdkVersion of(Path javaHome) {
            Path release = javaHome.resolve("release");
            try {
                Matcher line = RELEASE_LINE.matcher(Files.readString(release));
                if (line.find()) {
                    return parse(line.group(1));
                }
            } catch (IOException e) {
                throw new BuildCheckFailure("jdk8.home=" + javaHome + " is not a JDK: it has no readable " + release);
            }
            throw new BuildCheckFailure(release + " names no JAVA_VERSION");
        }
    }

    private AlpnBoot() {
    }

    /**
     * @return the alpn-boot version for this JDK 8 update, or empty from 8u252 on, where ALPN is built in
     * @throws BuildCheckFailure for a JDK that is not 8, or an update Jetty's table does not cover
     */
    static Optional<String> versionFor(JdkVersion jdk) {
        if (jdk.feature() != 8) {
            throw new BuildCheckFailure("jdk8.home is a JDK " + jdk.feature() + " (" + jdk.text() + "): the jdk8 profile"
                    + " runs the server on a JDK 8; newer JDKs have ALPN and need no profile");
        }
        if (jdk.update() >= ALPN_BUILT_IN_FROM) {
            return Optional.empty();
        }
        return Optional.of(TABLE.stream().filter(range -> jdk.update() >= range.first() && jdk.update() <= range.last())
                .findFirst().orElseThrow(() -> new BuildCheckFailure("No alpn-boot is known for JDK " + jdk.text()
                        + " (8u" + jdk.update() + "): Jetty's table covers 8u0 to 8u242 and ALPN is built in from 8u"
                        + ALPN_BUILT_IN_FROM + "; use a JDK 8 update from either"))
                .version());
    }

    /**
     * Puts this JDK's alpn-boot at the boot jar's path, or removes the jar of an earlier JDK where none is needed, so
     * the server's fixed {@code -Xbootclasspath/p:} path holds this JDK's jar or nothing (a JDK 8 ignores a boot class
     * path entry that does not exist). A fixed path keeps the server's command line the same for every JDK.
     *
     * @param jarOf where the jar of a version is (the local repository, or fetched into it)
     * @return the version put there, or empty where none is needed
     */
    static Optional<String> choose(JdkVersion jdk, Path bootJar, Function<String, Path> jarOf) throws IOException {
        Optional<String> version = versionFor(jdk);
        Files.deleteIfExists(bootJar);
        if (version.isPresent()) {
            Files.createDirectories(bootJar.toAbsolutePath().getParent());
            Files.copy(jarOf.apply(version.get()), bootJar);
        }
        return version;
    }

    static void prepare(Path jdk8, Path bootJar, CentralJar central) throws IOException {
        JdkVersion jdk = JdkVersion.of(jdk8);
        Optional<String> version = choose(jdk, bootJar, v -> central.resolve("org.mortbay.jetty.alpn", "alpn-boot", v));
        System.out.println(version.isPresent()
                ? "JDK " + jdk.text() + ": alpn-boot " + version.get() + " on the server's boot class path (-Xbootclasspath/p:"
                        + bootJar.toAbsolutePath() + ")"
                : "JDK " + jdk.text() + " has ALPN built in (8u" + ALPN_BUILT_IN_FROM + " and later): no alpn-boot");
    }
}
