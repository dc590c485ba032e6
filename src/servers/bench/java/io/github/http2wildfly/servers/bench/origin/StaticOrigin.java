package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.net.FreePorts;
import io.github.http2wildfly.servers.bench.ForegroundServer;
import io.github.http2wildfly.servers.bench.NginxConfiguration;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * nginx or Caddy serving the site copy from files, over TLS with the project's key and certificate, HTTP/2 and
 * HTTP/1.1 on one port (ALPN decides, as h2load's --h1 asks). Each sends the copied answers' headers and as few of its
 * own as it lets go of: no ETag, Last-Modified or Accept-Ranges (WildFly's LogoServlet sends none), and no HTTP/3
 * Alt-Svc; nginx-light cannot leave out its Server header (it needs a module Debian's light build has not), Caddy can.
 */
final class StaticOrigin implements Origin {

    static final Path NGINX = Path.of("/usr/sbin/nginx");
    static final Path CADDY = Path.of("/usr/bin/caddy");

    private final String name;
    private final ForegroundServer server;
    private final int port;

    private StaticOrigin(String name, ForegroundServer server, int port) {
        this.name = name;
        this.server = server;
        this.port = port;
    }

    static StaticOrigin nginx(SiteCopy site, TlsIdentity identity, Path dir) throws IOException, InterruptedException {
        Path home = Files.createDirectories(dir.resolve("nginx"));
        int port = FreePorts.next();
        Path conf = home.resolve("nginx.conf");
        Files.writeString(conf, nginxConf(site, home, pem(identity, home), port));
        return start("nginx", NGINX, List.of(NGINX.toString(), "-p", home.toString(), "-c", conf.toString()), Map.of(), home, port);
    }

    static StaticOrigin caddy(SiteCopy site, TlsIdentity identity, Path dir) throws IOException, InterruptedException {
        Path home = Files.createDirectories(dir.resolve("caddy"));
        int port = FreePorts.next();
        Path conf = home.resolve("Caddyfile");
        Files.writeString(conf, caddyfile(site, home, pem(identity, home), port));
        // where Caddy would keep its state: in its folder, not the user's home
        return start("Caddy", CADDY, List.of(CADDY.toString(), "run", "--config", conf.toString(), "--adapter", "caddyfile"),
                Map.of("HOME", home.toString(), "XDG_DATA_HOME", home.toString(), "XDG_CONFIG_HOME", home.toString()), home, port);
    }

    private static StaticOrigin start(String name, Path binary, List<String> command, Map<String, String> environment, Path home, int port)
            throws IOException, InterruptedException {
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException(name + " needs " + binary + " (Debian: apt-get install nginx-light caddy)");
        }
        return new StaticOrigin(name, ForegroundServer.start(name, command, environment, home.resolve(name.toLowerCase() + ".log"), port), port);
    }

    /** The certificate chain and key as PEM files in {@code home}: [certificate, key]. */
    private static Path[] pem(TlsIdentity identity, Path home) throws IOException {
        Path certificate = home.resolve("server.crt");
        Path key = home.resolve("server.key");
        identity.writePem(certificate, key);
        return new Path[] {certificate, key};
    }

    /** The benchmarks' nginx ({@link NginxConfiguration}): the copies from files, TLS 1.2 and 1.3 as WildFly's doors. */
    static String nginxConf(SiteCopy site, Path home, Path[] pem, int port) {
        StringBuilder locations = new StringBuilder();
        for (SiteCopy.Answer answer : site.answers()) {
            locations.append("    location = ").append(answer.path()).append(" {\n      default_type ").append(quoted(answer.contentType()))
                    .append(";\n      add_header Last-Modified \"\";\n"); // an empty Last-Modified is nginx's way to send none
            answer.headers().forEach((name, value) -> locations.append("      add_header ").append(name).append(' ').append(quoted(value))
                    .append(" always;\n"));
            locations.append("    }\n");
        }
        return NginxConfiguration.of(home, """
                  server_tokens off;
                  etag off;
                  max_ranges 0;
                  types { }
                  server {
                    listen 127.0.0.1:%1$d ssl http2;
                    ssl_certificate %2$s;
                    ssl_certificate_key %3$s;
                    ssl_protocols TLSv1.2 TLSv1.3;
                    root %4$s;
                %5$s  }
                """.formatted(port, pem[0], pem[1], site.root(), locations));
    }

    /** No admin endpoint, no certificates of its own, no HTTP/3 (so no Alt-Svc), no access log (Caddy's default). */
    static String caddyfile(SiteCopy site, Path home, Path[] pem, int port) {
        StringBuilder answers = new StringBuilder();
        int n = 0;
        for (SiteCopy.Answer answer : site.answers()) {
            String matcher = "@answer" + n++;
            answers.append("  ").append(matcher).append(" path ").append(answer.path()).append("\n  header ").append(matcher)
                    .append(" {\n    Content-Type ").append(quoted(answer.contentType())).append('\n');
            answer.headers().forEach((name, value) -> answers.append("    ").append(name).append(' ').append(quoted(value)).append('\n'));
            answers.append("  }\n");
        }
        return """
                {
                  admin off
                  auto_https off
                  storage file_system %1$s/data
                  servers {
                    protocols h1 h2
                  }
                }
                https://:%2$d {
                  bind 127.0.0.1
                  tls %3$s %4$s
                  root * %5$s
                  header {
                    -Server
                    -Last-Modified
                    -Etag
                    -Accept-Ranges
                  }
                %6$s  file_server
                }
                """.formatted(home, port, pem[0], pem[1], site.root(), answers);
    }

    /** A value in double quotes, as both configurations read it. */
    private static String quoted(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public URI h2(String path) {
        return URI.create("https://localhost:" + port + path);
    }

    @Override
    public URI h1(String path) {
        return h2(path);
    }

    @Override
    public String door(boolean http1) {
        return "";
    }

    @Override
    public ProcessHandle process() {
        return server.process();
    }

    @Override
    public void close() {
        server.close();
    }
}
