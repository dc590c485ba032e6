package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Servers nobody here wrote, on loopback, serving a static copy of the 500-logo page with a certificate
 * made for the run (the project's ServerKeystore): Debian's nginx (HTTP/1.1 and HTTP/2, and plain HTTP/1.1 on a second port) and Caddy
 * (HTTP/1.1, HTTP/2 and HTTP/3, which it offers in Alt-Svc). Each is stopped by its PID on close. Your page's ITs
 * compare the protocols on them, the server check's ITs check them.
 */
public final class LocalWebServers implements AutoCloseable {

    public static final int IMAGES = 500;
    static final Path NGINX = Path.of("/usr/sbin/nginx");
    static final Path CADDY = Path.of("/usr/bin/caddy");
    private static final String PASSWORD = "changeit";
    private static final String ALIAS = "site";

    public final Path directory;
    public final Path certificate;
    public final int nginxTls;
    public final int nginxPlain;
    public final int caddy;
    private final List<Process> processes = new ArrayList<>();

    public LocalWebServers(Path directory) throws Exception {
        this.directory = directory;
        Path site = Files.createDirectories(directory.resolve("site"));
        Files.copy(Path.of("src/main/webapp/WEB-INF/logo.png"), site.resolve("logo.png"));
        StringBuilder page = new StringBuilder("<!DOCTYPE html><html><head><title>500 logos</title></head><body>\n");
        for (int i = 0; i < IMAGES; i++) {
            page.append("<img src=\"logo.png?i=").append(i).append("\" width=\"40\" height=\"40\" alt=\"\">\n");
        }
        Files.writeString(site.resolve("index.html"), page.append("</body></html>\n"));
        Files.writeString(site.resolve("empty.html"), "<!DOCTYPE html><html><head><title>no images</title></head><body>text</body></html>\n");
        certificate = directory.resolve("localhost.crt");
        Path key = directory.resolve("localhost.key");
        generateCertificate(directory.resolve("localhost.p12"), certificate, key);
        nginxTls = FreePorts.next();
        nginxPlain = FreePorts.next();
        caddy = FreePorts.next();
        start(nginx(site, key), "nginx", nginxTls);
        start(caddy(site, key), "caddy", caddy);
    }

    public static boolean installed() {
        return Files.isExecutable(NGINX) && Files.isExecutable(CADDY);
    }

    public String nginx(String path) {
        return "https://localhost:" + nginxTls + path;
    }

    public String caddy(String path) {
        return "https://localhost:" + caddy + path;
    }

    private List<String> nginx(Path site, Path key) throws IOException {
        Path prefix = Files.createDirectories(directory.resolve("nginx"));
        Path conf = prefix.resolve("nginx.conf");
        Files.writeString(conf, """
                daemon off;
                master_process off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log;
                events {}
                http {
                  access_log off;
                  client_body_temp_path %1$s; proxy_temp_path %1$s; fastcgi_temp_path %1$s; uwsgi_temp_path %1$s; scgi_temp_path %1$s;
                  types { text/html html; image/png png; }
                  server {
                    listen 127.0.0.1:%2$d ssl http2;
                    listen 127.0.0.1:%3$d;
                    ssl_certificate %4$s;
                    ssl_certificate_key %5$s;
                    root %6$s;
                    location = /old { return 301 /index.html; }
                  }
                }
                """.formatted(prefix, nginxTls, nginxPlain, certificate, key, site));
        return List.of(NGINX.toString(), "-p", prefix.toString(), "-c", conf.toString());
    }

    private List<String> caddy(Path site, Path key) throws IOException {
        Path home = Files.createDirectories(directory.resolve("caddy"));
        Path conf = home.resolve("Caddyfile");
        Files.writeString(conf, """
                {
                  admin off
                  auto_https off
                  storage file_system %1$s/data
                }
                https://localhost:%2$d {
                  bind 127.0.0.1 [::1]
                  tls %3$s %4$s
                  root * %5$s
                  file_server
                }
                """.formatted(home, caddy, certificate, key, site));
        return List.of(CADDY.toString(), "run", "--config", conf.toString(), "--adapter", "caddyfile");
    }

    private void start(List<String> command, String name, int port) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        builder.environment().put("HOME", directory.resolve(name).toString());
        builder.environment().put("XDG_DATA_HOME", directory.resolve(name).toString());
        builder.environment().put("XDG_CONFIG_HOME", directory.resolve(name).toString());
        Process process = builder.start();
        processes.add(process);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " ended at once: " + Files.readString(directory.resolve(name + ".log")));
            }
            try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException(name + " did not listen on " + port + " within 15 s");
    }

    /** The project's own way to a key and a certificate for localhost (ServerKeystore, keytool), and the key as PEM. */
    private static void generateCertificate(Path keystore, Path certificate, Path key) throws Exception {
        ServerKeystore.main(new String[] {keystore.toString(), PASSWORD, ALIAS, certificate.toString(), "true"});
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(keystore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        Files.writeString(key, pem("PRIVATE KEY", store.getKey(ALIAS, PASSWORD.toCharArray()).getEncoded()));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    @Override
    public void close() {
        for (Process process : processes) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException("interrupted while stopping " + process.pid()));
            }
        }
    }
}
