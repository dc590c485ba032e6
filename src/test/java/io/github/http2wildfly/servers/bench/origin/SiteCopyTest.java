package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpHeaders;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SiteCopyTest {

    @Test
    void theCopyRepeatsWildFlysHeadersButThoseEachServerMakesItself() {
        HttpHeaders logo = HttpHeaders.of(Map.of("Cache-Control", List.of("no-store, no-cache, max-age=0"), "Pragma", List.of("no-cache"),
                "Expires", List.of("Thu, 01 Jan 1970 00:00:00 GMT"), "Content-Type", List.of("image/png"), "Content-Length", List.of("670"),
                "Date", List.of("Wed, 02 Dec 2026 06:40:00 GMT"), "Connection", List.of("keep-alive")), (name, value) -> true);
        assertEquals(Map.of("Cache-Control", "no-store, no-cache, max-age=0", "Pragma", "no-cache", "Expires", "Thu, 01 Jan 1970 00:00:00 GMT"),
                SiteCopy.toRepeat(logo));
        assertEquals(List.of("Cache-Control", "Expires", "Pragma"), List.copyOf(SiteCopy.toRepeat(logo).keySet()), "named as WildFly names them");
    }

    @Test
    void thePagesLogosAreResolvedAgainstThePageInItsOrder() {
        String page = "<div class=\"wall\"><img src=\"logo.png?1000\" alt=\"\"><img src=\"logo.png?1001\" alt=\"\"></div>";
        assertEquals(List.of("/http2/logo.png?1000", "/http2/logo.png?1001"), SiteCopy.logoPaths(page, "/http2/logos"));
    }
}
