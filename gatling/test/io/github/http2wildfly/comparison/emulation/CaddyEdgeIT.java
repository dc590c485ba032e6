package io.github.http2wildfly.comparison.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.http2wildfly.servers.ServerKeystore;
import io.github.http2wildfly.edge.TlsIdentity;
import io.github.http2wildfly.measure.net.Http3Client;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Debian's Caddy as the HTTP/3 edge of comparison.h3.edge=caddy, against a small origin, with an HTTP/3 client of Netty's. */
class CaddyEdgeIT {

    @TempDir
    Path dir;

    @Test
    void caddyAnswersOverHttp3WithTheOriginsAnswerAndNamesThePortAskedInAltSvc() throws Exception {
        assumeTrue(Files.isExecutable(CaddyEdge.CADDY), "Caddy is not installed (.ci/run installs it)");
        Path keystore = dir.resolve("edge.p12");
        ServerKeystore.main(new String[] {keystore.toString(), "secret1", "localhost", dir.resolve("edge.crt").toString(), "true"});
        X509Certificate certificate;
        try (InputStream in = Files.newInputStream(dir.resolve("edge.crt"))) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        HttpServer origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.createContext("/", exchange -> {
            byte[] body = ("origin saw " + exchange.getRequestURI()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        origin.start();
        try (CaddyEdge caddy = CaddyEdge.start(dir.resolve("caddy"), origin.getAddress(),
                TlsIdentity.read(keystore, "secret1".toCharArray(), "localhost"));
                Http3Client client = Http3Client.connect("localhost", caddy.address().getPort(), certificate)) {
            Http3Client.Response response = client.send("GET", "/page?x=1", Map.of()).get(30, TimeUnit.SECONDS);
            assertEquals(200, response.status());
            assertEquals("origin saw /page?x=1", response.text());
            assertEquals("h3=\":" + caddy.address().getPort() + "\"; ma=86400", response.header("alt-svc"));
            assertTrue(caddy.describe().matches("HTTP/3 through Caddy v?2\\..*"), caddy.describe());
        } finally {
            origin.stop(0);
        }
    }
}
