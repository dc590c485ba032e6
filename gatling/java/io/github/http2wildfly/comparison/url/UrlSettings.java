package io.github.http2wildfly.comparison.url;

import io.github.http2wildfly.comparison.ComparisonFailure;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.servers.FilledInSettings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * What a comparison against your own page measures, from the same settings file as the demo's run
 * (gatling/comparison.properties): the pages (comparison.url, comma-separated), the rounds, the time a
 * load may take, and a certificate to trust besides the ones Java and Chromium trust anyway.
 *
 * @param urls the pages, each http:// or https://
 * @param rounds how often each lane loads each page, cold and warm
 * @param trustedCertificate a PEM certificate to trust (by its public key), or null
 */
public record UrlSettings(List<URI> urls, int rounds, Duration timeout, Path trustedCertificate, Path outputDirectory) {

    public static final int MAX_ROUNDS = 20;

    /** The settings, or null when no comparison.url is set: then the demo's comparison runs. */
    public static UrlSettings load(Path file) {
        try {
            return from(ComparisonSettings.read(file));
        } catch (IllegalArgumentException bad) {
            throw new ComparisonFailure(bad.getMessage());
        }
    }

    static UrlSettings from(Properties given) {
        String urls = given.getProperty("comparison.url", "").strip();
        if (urls.isEmpty()) {
            return null;
        }
        String trust = given.getProperty("comparison.trust", "").strip();
        Path certificate = trust.isEmpty() ? null : Path.of(trust);
        if (certificate != null && !Files.isReadable(certificate)) {
            throw new IllegalArgumentException("comparison.trust=" + trust + ": no readable file there (give the PEM file of the"
                    + " server's certificate)");
        }
        return new UrlSettings(urls(urls), FilledInSettings.number(given, "comparison.url.rounds", 1, MAX_ROUNDS),
                Duration.ofSeconds(FilledInSettings.number(given, "comparison.url.timeout", 5, 600)), certificate,
                Path.of(given.getProperty("comparison.dir", "target/comparison")).resolve("url"));
    }

    static List<URI> urls(String value) {
        List<URI> urls = new ArrayList<>();
        for (String one : value.split(",")) {
            String url = one.strip();
            URI uri;
            try {
                uri = new URI(url);
            } catch (java.net.URISyntaxException e) {
                throw new IllegalArgumentException("comparison.url: '" + url + "' is not a URL (" + e.getReason() + ")");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("https") && !scheme.equals("http") || uri.getHost() == null) {
                throw new IllegalArgumentException("comparison.url: '" + url + "' is not an http:// or https:// URL with a host"
                        + " (e.g. https://example.org/)");
            }
            urls.add(uri.getPath().isEmpty() ? uri.resolve("/") : uri);
        }
        return List.copyOf(urls);
    }
}
