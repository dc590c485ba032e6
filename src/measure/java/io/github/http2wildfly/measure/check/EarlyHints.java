package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.attack.RawHttp2;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * What replaces server push (which browsers turned off): a 103 Early Hints before the page, or a {@code Link:
 * rel=preload} on it. The first HEADERS the server sends on a raw HTTP/2 stream (Netty's codec) tells whether a 103
 * came first; WildFly 39 has no API that sends one (docs/your-wildfly.md#push-early-hints-and-preload).
 */
final class EarlyHints {

    private EarlyHints() {
    }

    static Finding finding(URI url, CheckTrust trust, Optional<String> link, Advice advice) {
        String topic = "103 Early Hints and preload";
        String preload = link.filter(value -> value.contains("preload")).map(value -> "; Link: " + value).orElse("; no Link: rel=preload");
        try (RawHttp2 connection = RawHttp2.open(trust.context(), URI.create("https://" + url.getHost() + ":" + CheckSettings.port(url) + "/"))) {
            connection.awaitSettingsExchanged();
            connection.headers(1, connection.get(CheckSettings.path(url)), true);
            connection.flush();
            Optional<String> first = connection.awaitStatus(1, Duration.ofSeconds(15));
            if (first.isEmpty()) {
                return Finding.info(topic, "no answer on a raw HTTP/2 stream" + preload, "");
            }
            if (first.get().equals("103")) {
                return Finding.pass(topic, "a 103 Early Hints came before the answer" + preload);
            }
            return Finding.info(topic, "no 103 before the answer (" + first.get() + ")" + preload,
                    advice.pick("push is off in browsers; on WildFly 39 a Link: rel=preload header on the answer is what is left",
                            "push is off in browsers: 103 Early Hints, or a Link: rel=preload header on the answer"));
        } catch (IOException | InterruptedException | RuntimeException failed) {
            return Finding.info(topic, "not checked: " + Finding.said(failed), "");
        }
    }
}
