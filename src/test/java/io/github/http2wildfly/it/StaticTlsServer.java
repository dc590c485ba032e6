package io.github.http2wildfly.it;

import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.net.FreePorts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * A server nobody here wrote, serving one static page over TLS with the project's certificate, as its users run it:
 * Debian's nginx (HTTP/2 over TLS) or Caddy (HTTP/2 and HTTP/3, Alt-Svc its own). The server check's ITs point the
 * check at it. Stopped by its process id.
 */
final class StaticTlsServer implements AutoCloseable {

    enum Kind { NGINX, CADDY }

    private final Process process;
    private final int port;

    private StaticTlsServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static StaticTlsServer start(Kind kind, Path directory) throws Exception {
        Path www = Files.createDirectories(directory.resolve("www"));
        Files.writeString(www.resolve("index.html"), "<!DOCTYPE html><title>static</title><p>a static page\n");
        Path certificate = directory.resolve("server.crt");
        Path key = directory.resolve("server.key");
        TlsIdentity.read(Path.of("keystore/localhost.p12"), System.getProperty("keystore.password", "changeit").toCharArray(),
                System.getProperty("keystore.alias", "localhost")).writePem(certificate, key);
        int port = FreePorts.next();
        Path dir = directory.toAbsolutePath();
        ProcessBuilder builder = switch (kind) {
            case NGINX -> {
                Path conf = dir.resolve("nginx.conf");
                Files.writeString(conf, """
                        daemon off;
                        worker_processes 1;
                        pid %1$s/nginx.pid;
                        error_log %1$s/error.log;
                        events { worker_connections 256; }
                        http {
                          access_log off;
                          client_body_temp_path %1$s; proxy_temp_path %1$s; fastcgi_temp_path %1$s; uwsgi_temp_path %1$s; scgi_temp_path %1$s;
                          server {
                            listen 127.0.0.1:%2$d ssl http2;
                            ssl_certificate %3$s;
                            ssl_certificate_key %4$s;
                            root %1$s/www;
                          }
                        }
                        """.formatted(dir, port, certificate.toAbsolutePath(), key.toAbsolutePath()));
                yield new ProcessBuilder("/usr/sbin/nginx", "-p", dir.toString(), "-c", conf.toString());
            }
            case CADDY -> {
                Path conf = dir.resolve("Caddyfile");
                Files.writeString(conf, """
                        {
                          admin off
                          auto_https off
                          storage file_system %1$s/data
                        }
                        https://localhost:%2$d {
                          bind 127.0.0.1
                          tls %3$s %4$s
                          root * %1$s/www
                          file_server
                        }
                        """.formatted(dir, port, certificate.toAbsolutePath(), key.toAbsolutePath()));
                ProcessBuilder caddy = new ProcessBuilder("/usr/bin/caddy", "run", "--config", conf.toString(), "--adapter", "caddyfile");
                caddy.environment().put("HOME", dir.toString());
                caddy.environment().put("XDG_DATA_HOME", dir.toString());
                caddy.environment().put("XDG_CONFIG_HOME", dir.toString());
                yield caddy;
            }
        };
        Process process = builder.redirectErrorStream(true).redirectOutput(dir.resolve(kind.name().toLowerCase() + ".log").toFile()).start();
        StaticTlsServer server = new StaticTlsServer(process, port);
        server.awaitListening(dir.resolve(kind.name().toLowerCase() + ".log"));
        return server;
    }

    URI url() {
        return URI.create("https://localhost:" + port + "/");
    }

    private void awaitListening(Path log) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(20));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server ended at its start: " + Files.readString(log));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        close();
        throw new IllegalStateException("the server did not listen within 20 s: " + Files.readString(log));
    }

    @Override
    public void close() throws InterruptedException {
        process.toHandle().descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
