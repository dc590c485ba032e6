package io.github.http2wildfly.servers.bench.origin;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What nginx and Caddy serve: WildFly's own answers for the logo and for the 500-logo page, fetched once from its door
 * 3, their bytes in files under {@code root} and the headers to send with them. So the same bytes go out with the same
 * headers by construction, not by a list written here that WildFly's could drift from (NoStoreFilter's Cache-Control,
 * Pragma and Expires today). The page's logo paths, each with its own query string, are what a browser would fetch.
 *
 * @param answers the copied answers by path
 * @param logoPaths the page's images, as the page names them, resolved against it
 */
record SiteCopy(Path root, List<Answer> answers, List<String> logoPaths) {

    /** Headers the server makes for each answer itself, or that belong to one connection: not copied. */
    private static final Set<String> OWN = Set.of("date", "content-length", "content-type", "connection", "keep-alive", "transfer-encoding");
    private static final Pattern IMAGE = Pattern.compile("<img src=\"([^\"]+)\"");

    /**
     * One copied answer.
     *
     * @param headers what to send besides the server's own, by name (one value each: WildFly sends no header twice
     *                here)
     */
    record Answer(String path, String contentType, Map<String, String> headers) {
    }

    /** Fetches the logo and the page from {@code door} (a TLS door, HTTP/1.1) and writes them under {@code root}. */
    static SiteCopy of(HttpClient client, URI door, Path root) throws IOException, InterruptedException {
        Answer logo = copy(client, door, OriginBenchmark.LOGO, root);
        Answer page = copy(client, door, OriginBenchmark.PAGE, root);
        return new SiteCopy(root, List.of(logo, page), logoPaths(Files.readString(file(root, OriginBenchmark.PAGE)), OriginBenchmark.PAGE));
    }

    private static Answer copy(HttpClient client, URI door, String path, Path root) throws IOException, InterruptedException {
        HttpResponse<byte[]> answer = client.send(HttpRequest.newBuilder(door.resolve(path)).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(door.resolve(path) + " answered " + answer.statusCode() + ": nothing to copy");
        }
        Files.createDirectories(file(root, path).getParent());
        Files.write(file(root, path), answer.body());
        return new Answer(path, answer.headers().firstValue("content-type").orElse("application/octet-stream"), toRepeat(answer.headers()));
    }

    /** Where a path's copy lies under the root. */
    static Path file(Path root, String path) {
        return root.resolve(path.substring(1));
    }

    /** An answer's headers but those its server makes itself, named as WildFly names them. */
    static Map<String, String> toRepeat(HttpHeaders headers) {
        Map<String, String> repeat = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.map().forEach((name, values) -> {
            if (!OWN.contains(name.toLowerCase(Locale.ROOT))) {
                repeat.put(name, String.join(", ", values));
            }
        });
        return repeat;
    }

    /** The page's images in its order, each resolved against the page's path: "/http2/logo.png?1234". */
    static List<String> logoPaths(String page, String pagePath) {
        URI base = URI.create(pagePath);
        return IMAGE.matcher(page).results().map(image -> base.resolve(image.group(1)).toString()).toList();
    }
}
