package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.setting.Token;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * What {@code ./mvnw verify -Pcheck} checks, from its {@code check.*} properties; each default is here and in
 * docs/check.md.
 *
 * @param url the page checked: https://host[:port]/path (TLS, ALPN, attacks, HTTP/3) or http://… (h2c alone)
 * @param clearTextUrl the same server's http:// URL, for h2c beside an https one; empty when not given
 * @param trust a PEM certificate the check trusts instead of the JDK's authorities (a self-signed server's)
 * @param attacks the attacks sent, gently, in this order (check.attacks: their tokens, or none)
 * @param attackTime how long each named attack may last at most
 * @param holdTime how long slow bodies and half-open handshakes hold what they take
 * @param h2spec whether h2spec's conformance run is part of the check
 * @param reports where the Markdown, HTML and JUnit reports go
 */
public record CheckSettings(
        URI url,
        Optional<URI> clearTextUrl,
        Optional<Path> trust,
        List<CheckedAttack> attacks,
        Duration attackTime,
        Duration holdTime,
        boolean h2spec,
        Path reports) {

    /**
     * The held attacks first, which hold a few connections, then the floods; rapid reset last, as the one a server
     * without its fix cannot end (stock Undertow 2.3.23 takes it whole): the check stops at the first sign of harm, so
     * the others are seen first.
     */
    static final String ATTACKS = "slow-bodies,half-open-handshakes,continuation-flood,made-you-reset,rapid-reset";

    /** The settings the properties give; a property that is missing or wrong is one line of CheckFailure. */
    public static CheckSettings read(Properties given) {
        String url = given.getProperty("check.url", "").strip();
        if (url.isEmpty()) {
            throw new CheckFailure("check.url is missing: ./mvnw verify -Pcheck -Dcheck.url=https://host:port/path");
        }
        String clearText = given.getProperty("check.http.url", "").strip();
        String trust = given.getProperty("check.trust", "").strip();
        if (!trust.isEmpty() && !Files.isReadable(Path.of(trust))) {
            throw new CheckFailure("check.trust=" + trust + " is not a readable file (a PEM certificate the check trusts)");
        }
        return new CheckSettings(
                uri("check.url", url),
                clearText.isEmpty() ? Optional.empty() : Optional.of(uri("check.http.url", clearText)),
                trust.isEmpty() ? Optional.empty() : Optional.of(Path.of(trust)),
                attacks(given.getProperty("check.attacks", ATTACKS)),
                seconds("check.attack.seconds", given.getProperty("check.attack.seconds", "3")),
                seconds("check.hold.seconds", given.getProperty("check.hold.seconds", "12")),
                bool("check.h2spec", given.getProperty("check.h2spec", "true")),
                reports(given));
    }

    /** Where the reports go, read apart: a run whose other settings are wrong still writes its one error there. */
    public static Path reports(Properties given) {
        return Path.of(given.getProperty("check.reports", "target/check").strip());
    }

    boolean tls() {
        return url.getScheme().equals("https");
    }

    /** The port the URL names, or its scheme's. */
    static int port(URI uri) {
        return uri.getPort() > 0 ? uri.getPort() : uri.getScheme().equals("https") ? 443 : 80;
    }

    /** The path and query to ask for: "/" where the URL names none. */
    static String path(URI uri) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }

    private static URI uri(String name, String value) {
        try {
            URI uri = new URI(value);
            if (uri.getScheme() == null || !List.of("http", "https").contains(uri.getScheme().toLowerCase(Locale.ROOT))
                    || uri.getHost() == null) {
                throw new CheckFailure(name + "=" + value + " is not an http:// or https:// URL with a host");
            }
            if (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65535)) {
                throw new CheckFailure(name + "=" + value + ": port " + uri.getPort() + " is not from 1 to 65535");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new CheckFailure(name + "=" + value + " is not a URL: " + e.getReason());
        }
    }

    /** The attacks check.attacks names, in its order; none names none. */
    private static List<CheckedAttack> attacks(String tokens) {
        try {
            // none names no attack: found, as nothing
            return Token.parseAll("check.attacks", tokens,
                    name -> name.equals("none") ? Optional.of(Optional.<CheckedAttack>empty()) : CheckedAttack.find(name).map(Optional::of),
                    "none, " + CheckedAttack.all()).stream().flatMap(Optional::stream).toList();
        } catch (IllegalArgumentException unknown) {
            throw new CheckFailure(unknown.getMessage());
        }
    }

    private static Duration seconds(String name, String value) {
        try {
            long seconds = Long.parseLong(value.strip());
            if (seconds >= 1 && seconds <= 60) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new CheckFailure(name + "=" + value + " is not a number of seconds from 1 to 60");
    }

    private static boolean bool(String name, String value) {
        return switch (value.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new CheckFailure(name + "=" + value + " is not true or false");
        };
    }
}
