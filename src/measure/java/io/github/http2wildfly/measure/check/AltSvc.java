package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.net.Http3Client;
import java.net.URI;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HTTP/3 as the server advertises it (Alt-Svc: h3=":port") and as a QUIC client (Netty's) then finds it. WildFly and
 * Undertow have no HTTP/3 (docs/http3.md), so a WildFly alone advertises none; an edge in front of it may.
 */
final class AltSvc {

    private static final Pattern H3 = Pattern.compile("\\bh3=\"([^\":]*):(\\d+)\"");

    private AltSvc() {
    }

    static Finding finding(URI url, Optional<String> altSvc, CheckTrust trust, Advice advice) {
        String topic = "HTTP/3 (Alt-Svc)";
        Matcher h3 = H3.matcher(altSvc.orElse(""));
        if (!h3.find()) {
            return Finding.info(topic, altSvc.map(value -> "Alt-Svc: " + value + ", no h3").orElse("no Alt-Svc: HTTP/3 not advertised"),
                    advice.pick("WildFly has no HTTP/3 upstream; an edge in front gives it (docs/http3.md)",
                            "HTTP/3 takes a server or an edge that speaks it"));
        }
        String host = h3.group(1).isEmpty() ? url.getHost() : h3.group(1);
        int port = Integer.parseInt(h3.group(2));
        try (Http3Client client = Http3Client.connect(host, port, trust.manager())) {
            Http3Client.Response response = client.get(CheckSettings.path(url));
            return Finding.pass(topic, "Alt-Svc: " + altSvc.get() + "; h3 answered " + response.status() + " on UDP " + host + ":" + port);
        } catch (Exception failed) {
            return new Finding(topic, Grade.FAIL, "Alt-Svc: " + altSvc.get() + ", but h3 on UDP " + host + ":" + port + " gave no answer: "
                    + Finding.said(failed), "a browser that believes Alt-Svc tries QUIC first: advertise only what answers");
        }
    }
}
