package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadTest {

    private static final URI LOGO = URI.create("https://localhost:8443/http2/logo.png");

    @Test
    void theSeedsLoadIsItsCommandLineOverHttp2AndWithH1OverHttp11() {
        assertEquals(List.of("-n", "10000", "-c", "100", "-m", "1", "-N", "30", "--log-file", "r.log", LOGO.toString()),
                Load.SEED_H2.arguments(10_000, LOGO, Path.of("uris"), Path.of("r.log")));
        assertEquals(List.of("-n", "10000", "-c", "100", "-m", "1", "-N", "30", "--log-file", "r.log", "--h1", LOGO.toString()),
                Load.SEED_H1.arguments(10_000, LOGO, Path.of("uris"), Path.of("r.log")));
    }

    @Test
    void thePageIsFetchedFromItsFileOfUris() {
        assertEquals(List.of("-n", "5010", "-c", "10", "-m", "100", "-N", "30", "--log-file", "r.log", "-i", "uris"),
                Load.PAGE_H2.arguments(5010, LOGO, Path.of("uris"), Path.of("r.log")));
    }

    @Test
    void aPageLoadMakesWholePagesForEveryClient() {
        assertEquals(10_020, Load.PAGE_H2.requests(10_000, 501), "two pages for each of ten clients");
        assertEquals(5010, Load.PAGE_H1.requests(2000, 501), "at least one page each");
        assertEquals(2000, Load.MULTIPLEXED_H2.requests(2000, 501), "the logo's loads as asked");
    }
}
