package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StaticOriginTest {

    private static final SiteCopy SITE = new SiteCopy(Path.of("/tmp/site"), List.of(
            new SiteCopy.Answer("/http2/logo.png", "image/png", Map.of("cache-control", "no-store, no-cache, max-age=0", "pragma", "no-cache")),
            new SiteCopy.Answer("/http2/logos", "text/html;charset=UTF-8", Map.of("cache-control", "no-store, no-cache, max-age=0"))),
            List.of("/http2/logo.png?1"));
    private static final Path[] PEM = {Path.of("/tmp/server.crt"), Path.of("/tmp/server.key")};

    @Test
    void nginxSendsEachCopyWithWildFlysTypeAndHeadersAndNoValidators() {
        String conf = StaticOrigin.nginxConf(SITE, Path.of("/tmp/nginx"), PEM, 20_001);
        assertTrue(conf.contains("""
                    location = /http2/logo.png {
                      default_type "image/png";
                      add_header Last-Modified "";
                """), conf);
        assertTrue(conf.contains("add_header cache-control \"no-store, no-cache, max-age=0\" always;"), conf);
        assertTrue(conf.contains("default_type \"text/html;charset=UTF-8\";"), conf);
        assertTrue(conf.contains("etag off;") && conf.contains("max_ranges 0;") && conf.contains("types { }"), conf);
        assertTrue(conf.contains("listen 127.0.0.1:20001 ssl http2;") && conf.contains("keepalive_requests 1000000;"), conf);
    }

    @Test
    void caddySendsTheSameAndDropsItsOwnServerValidatorsAndHttp3() {
        String conf = StaticOrigin.caddyfile(SITE, Path.of("/tmp/caddy"), PEM, 20_002);
        assertTrue(conf.contains("""
                  @answer0 path /http2/logo.png
                  header @answer0 {
                    Content-Type "image/png"
                """), conf);
        assertTrue(conf.contains("    cache-control \"no-store, no-cache, max-age=0\"\n"), conf);
        assertTrue(conf.contains("-Server") && conf.contains("-Last-Modified") && conf.contains("-Etag") && conf.contains("-Accept-Ranges"), conf);
        assertTrue(conf.contains("protocols h1 h2") && conf.contains("https://:20002 {"), conf);
    }
}
