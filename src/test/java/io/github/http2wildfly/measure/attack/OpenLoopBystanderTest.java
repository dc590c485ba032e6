package io.github.http2wildfly.measure.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.undertow.Undertow;
import io.undertow.server.handlers.BlockingHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The bystander against an embedded Undertow that answers at once, or after longer than the bystander's patience: what
 * it counts as served, from which address it asks, and that it does not wait for an answer before the next is due.
 */
class OpenLoopBystanderTest {

    private static final Duration EVERY = Duration.ofMillis(100);
    private static final Duration PATIENCE = Duration.ofMillis(500);

    private final Set<String> clientAddresses = ConcurrentHashMap.newKeySet();
    private Undertow server;
    private int port;

    @BeforeEach
    void start() {
        server = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(new BlockingHandler(exchange -> {
            clientAddresses.add(exchange.getSourceAddress().getAddress().getHostAddress());
            if (exchange.getRequestPath().equals("/slow")) {
                Thread.sleep(PATIENCE.multipliedBy(4).toMillis());
            }
            exchange.getResponseSender().send("logo");
        })).build();
        server.start();
        port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private OpenLoopBystander.Seen askFor(String path, Duration howLong) throws Exception {
        try (OpenLoopBystander bystander = OpenLoopBystander.start(new OkHttpClient(), URI.create("http://127.0.0.1:" + port + path),
                InetAddress.getByName("127.0.0.2"), EVERY, PATIENCE)) {
            Thread.sleep(howLong.toMillis());
            bystander.close();
            return bystander.seen();
        }
    }

    @Test
    void answersThatComeInTimeAreServedAndTheServerSeesTheBystandersOwnAddress() throws Exception {
        OpenLoopBystander.Seen seen = askFor("/fast", Duration.ofSeconds(2));
        assertTrue(seen.asked() >= 10, seen.toString());
        assertEquals(seen.asked(), seen.served(), "the last, in flight at the end, served too: " + seen);
        assertEquals(Set.of("127.0.0.2"), clientAddresses);
    }

    @Test
    void answersLaterThanThePatienceAreNotServedAndTheNextRequestsAreDueAllTheSame() throws Exception {
        OpenLoopBystander.Seen seen = askFor("/slow", Duration.ofSeconds(2));
        assertTrue(seen.asked() >= 10, "a closed loop would have asked about " + 2_000 / PATIENCE.toMillis() + " times: " + seen);
        assertEquals(0, seen.served(), seen.toString());
        assertEquals(0, seen.availability());
        assertTrue(seen.toString().contains("p99 never"), seen.toString());
    }
}
