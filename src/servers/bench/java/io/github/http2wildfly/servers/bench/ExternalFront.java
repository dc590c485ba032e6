package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.net.FreePorts;
import io.github.http2wildfly.servers.cluster.Cluster;
import io.github.http2wildfly.setting.Token;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A load balancer nobody here wrote in front of the cluster's two nodes, as a WildFly user would put one there, with
 * the project's certificate: Debian's HAProxy (HTTP/2 or HTTP/1.1 to the nodes' http listeners) or nginx (HTTP/1.1
 * kept alive to them). Each retries what it may on the other node; docs/cluster.md says which settings and why.
 * Started in the foreground and stopped by its process id ({@link ForegroundServer}).
 */
final class ExternalFront implements Front {

    enum Kind implements Token {
        HAPROXY_H2("HAProxy, h2 to the nodes", "/usr/sbin/haproxy"),
        HAPROXY_HTTP("HAProxy, HTTP/1.1 to the nodes", "/usr/sbin/haproxy"),
        NGINX("nginx, HTTP/1.1 kept alive to the nodes", "/usr/sbin/nginx");

        private final String label;
        private final Path binary;

        Kind(String label, String binary) {
            this.label = label;
            this.binary = Path.of(binary);
        }

        boolean installed() {
            return Files.isExecutable(binary);
        }

        /** Fails with the package to install where this front's binary is missing: a run checks before it starts anything. */
        void requireInstalled() {
            if (!installed()) {
                throw new IllegalStateException(label + " needs " + binary + " (Debian: apt-get install haproxy nginx-light)");
            }
        }
    }

    private final Kind kind;
    private final ForegroundServer server;
    private final int tlsPort;
    private final int clearTextPort;
    private final int h2cPort;
    private final Cluster cluster;

    private ExternalFront(Kind kind, ForegroundServer server, int tlsPort, int clearTextPort, int h2cPort, Cluster cluster) {
        this.kind = kind;
        this.server = server;
        this.tlsPort = tlsPort;
        this.clearTextPort = clearTextPort;
        this.h2cPort = h2cPort;
        this.cluster = cluster;
    }

    static ExternalFront start(Kind kind, Cluster cluster, TlsIdentity identity, Path directory) throws IOException, InterruptedException {
        kind.requireInstalled();
        Path dir = Files.createDirectories(directory.resolve(kind.name().toLowerCase()));
        Path certificate = dir.resolve("front.crt");
        Path key = dir.resolve("front.key");
        identity.writePem(certificate, key);
        int tlsPort = FreePorts.next();
        int clearTextPort = FreePorts.next();
        // HAProxy takes HTTP/2's preface on its clear-text door; nginx speaks h2c on a port of its own alone
        int h2cPort = kind == Kind.NGINX ? FreePorts.next() : clearTextPort;
        List<String> command = switch (kind) {
            case HAPROXY_H2, HAPROXY_HTTP -> haproxy(kind, cluster, dir, certificate, key, tlsPort, clearTextPort);
            case NGINX -> nginx(cluster, dir, certificate, key, tlsPort, clearTextPort, h2cPort);
        };
        ForegroundServer server = ForegroundServer.start(kind.label, command, Map.of(), dir.resolve("front.log"), tlsPort);
        return new ExternalFront(kind, server, tlsPort, clearTextPort, h2cPort, cluster);
    }

    /** HTTP/2 to the nodes' http listeners without TLS (prior knowledge), or HTTP/1.1; idle connections shared. */
    private static List<String> haproxy(Kind kind, Cluster cluster, Path dir, Path certificate, Path key, int tlsPort, int clearTextPort)
            throws IOException {
        Path combined = dir.resolve("front.pem");
        Files.writeString(combined, Files.readString(certificate) + Files.readString(key));
        String proto = kind == Kind.HAPROXY_H2 ? " proto h2" : "";
        StringBuilder servers = new StringBuilder();
        for (String node : Cluster.NODES) {
            servers.append("  server %s 127.0.0.1:%d%s check inter 1s%n".formatted(node, cluster.httpPort(node), proto));
        }
        Path conf = dir.resolve("haproxy.cfg");
        // timeouts as the WildFly balancer's (max-request-time 30 s); retries on the other node for what failed
        // before an answer came (retry-on, redispatch), as Undertow's proxy does for idempotent requests
        Files.writeString(conf, """
                global
                  maxconn 4096
                defaults
                  mode http
                  timeout connect 5s
                  timeout client 60s
                  timeout server 30s
                  timeout queue 30s
                  retries 3
                  option redispatch 1
                  retry-on all-retryable-errors
                  http-reuse always
                frontend doors
                  bind 127.0.0.1:%d ssl crt %s alpn h2,http/1.1
                  bind 127.0.0.1:%d
                  default_backend nodes
                backend nodes
                  balance roundrobin
                %s""".formatted(tlsPort, combined, clearTextPort, servers));
        return List.of(Kind.HAPROXY_H2.binary.toString(), "-db", "-f", conf.toString());
    }

    /** HTTP/2 to the client, HTTP/1.1 kept alive to the nodes; the next node tried on an error before any answer. */
    private static List<String> nginx(Cluster cluster, Path dir, Path certificate, Path key, int tlsPort, int clearTextPort,
            int h2cPort) throws IOException {
        StringBuilder servers = new StringBuilder();
        for (String node : Cluster.NODES) {
            servers.append("    server 127.0.0.1:%d;%n".formatted(cluster.httpPort(node)));
        }
        Path conf = dir.resolve("nginx.conf");
        Files.writeString(conf, NginxConfiguration.of(dir, """
                  upstream nodes {
                %1$s    keepalive 32;
                  }
                  server {
                    listen 127.0.0.1:%2$d ssl http2;
                    listen 127.0.0.1:%3$d;
                    listen 127.0.0.1:%6$d http2;
                    ssl_certificate %4$s;
                    ssl_certificate_key %5$s;
                    location / {
                      proxy_pass http://nodes;
                      proxy_http_version 1.1;
                      proxy_set_header Connection "";
                      proxy_set_header Host $http_host;
                      proxy_read_timeout 30s;
                    }
                  }
                """.formatted(servers, tlsPort, clearTextPort, certificate, key, h2cPort)));
        return List.of(Kind.NGINX.binary.toString(), "-p", dir.toString(), "-c", conf.toString());
    }

    @Override
    public String name() {
        return kind.label;
    }

    @Override
    public URI door(String path) {
        return URI.create("https://localhost:" + tlsPort + path);
    }

    @Override
    public URI clearTextDoor(String path) {
        return URI.create("http://localhost:" + clearTextPort + path);
    }

    @Override
    public URI h2cDoor(String path) {
        return URI.create("http://localhost:" + h2cPort + path);
    }

    @Override
    public ProcessHandle process() {
        return server.process();
    }

    @Override
    public int nodePort(String node) {
        return cluster.httpPort(node);
    }

    @Override
    public void close() {
        server.close();
    }
}
