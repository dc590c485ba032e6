package io.github.http2wildfly.servers.bench.origin;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What h2load asks of a server in one run: the seed article's {@code -c 100 -m 1} over HTTP/2 and over HTTP/1.1
 * ({@code --h1}), the same logo multiplexed ({@code -c 10 -m 100}, HTTP/2 only: HTTP/1.1 has no streams), and the 500-logo
 * page as a browser fetches it, the page then its logos each with its own query string, over both. The page's clients
 * are ten, each one connection: over h2 with up to 100 streams at once, as a browser's one connection; over HTTP/1.1
 * one request at a time (a browser would open six, but h2load cannot share one page's requests among connections).
 */
enum Load {
    SEED_H2("the logo, `-c 100 -m 1` (the seed's), h2", false, 100, 1, false),
    SEED_H1("the logo, `-c 100 -m 1` (the seed's), HTTP/1.1", true, 100, 1, false),
    MULTIPLEXED_H2("the logo, `-c 10 -m 100`, h2", false, 10, 100, false),
    PAGE_H2("the page and its 500 logos, `-c 10 -m 100`, h2", false, 10, 100, true),
    PAGE_H1("the page and its 500 logos, `-c 10 -m 1`, HTTP/1.1", true, 10, 1, true);

    static final int STALLED_SECONDS = 30;

    private final String label;
    private final boolean http1;
    private final int clients;
    private final int streams;
    private final boolean page;

    Load(String label, boolean http1, int clients, int streams, boolean page) {
        this.label = label;
        this.http1 = http1;
        this.clients = clients;
        this.streams = streams;
        this.page = page;
    }

    String label() {
        return label;
    }

    boolean http1() {
        return http1;
    }

    boolean page() {
        return page;
    }

    /**
     * The requests of one run: as asked; for the page, whole pages for every client, at least one each, so that each
     * run has the page's own mix (one page to 500 logos).
     *
     * @param pageRequests the page's requests: itself and its images
     */
    int requests(int asked, int pageRequests) {
        if (!page) {
            return asked;
        }
        int pagesEach = Math.max(1, (int) Math.ceil((double) asked / (clients * pageRequests)));
        return pagesEach * clients * pageRequests;
    }

    /**
     * h2load's arguments: every request timed into {@code log}; the logo at {@code logo}, or the page's URIs from
     * {@code uris} (h2load takes the first one's scheme, host and port for all). A connection that sees nothing for
     * {@value #STALLED_SECONDS} s is given up, its requests failed: a server that stops answering fails the run, not
     * hangs it (h2load waits for ever without).
     */
    List<String> arguments(int requests, URI logo, Path uris, Path log) {
        List<String> arguments = new ArrayList<>(List.of("-n", String.valueOf(requests), "-c", String.valueOf(clients), "-m",
                String.valueOf(streams), "-N", String.valueOf(STALLED_SECONDS), "--log-file", log.toString()));
        if (http1) {
            arguments.add("--h1");
        }
        arguments.addAll(page ? List.of("-i", uris.toString()) : List.of(logo.toString()));
        return arguments;
    }
}
