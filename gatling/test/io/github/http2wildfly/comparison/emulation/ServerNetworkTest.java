package io.github.http2wildfly.comparison.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.github.http2wildfly.latency.CongestionControl;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Door 4's congestion control, set in the server before the HTTP/3 loads that need it: a stand-in for door 1. */
class ServerNetworkTest {

    private final List<String> posted = new CopyOnWriteArrayList<>();
    private HttpServer door1;

    @BeforeEach
    void start() throws IOException {
        door1 = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        door1.createContext("/http2/network", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.US_ASCII);
            posted.add(exchange.getRequestMethod() + " " + body);
            byte[] answer = (body.equals("cc=bbr") ? "no BBR in this quiche" : "ok").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body.equals("cc=bbr") ? 400 : 200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        door1.start();
    }

    @AfterEach
    void stop() {
        door1.stop(0);
    }

    @Test
    void itIsPostedOnlyWhenACellNeedsAnotherThanTheLast() {
        ServerNetwork server = new ServerNetwork("http://127.0.0.1:" + door1.getAddress().getPort());
        server.congestionControl(CongestionControl.RENO);
        server.congestionControl(CongestionControl.RENO);
        server.congestionControl(CongestionControl.CUBIC);
        server.congestionControl(CongestionControl.RENO);
        assertEquals(List.of("POST cc=reno", "POST cc=cubic", "POST cc=reno"), posted);
    }

    @Test
    void aRefusalIsOneLineWithTheServersAnswerAndLeavesTheLastSettingStanding() {
        ServerNetwork server = new ServerNetwork("http://127.0.0.1:" + door1.getAddress().getPort());
        server.congestionControl(CongestionControl.CUBIC);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> server.congestionControl(CongestionControl.BBR));
        assertTrue(refused.getMessage().startsWith("The comparison's server refused cc=bbr at http://127.0.0.1:"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("/http2/network: 400 no BBR in this quiche"), refused.getMessage());
        server.congestionControl(CongestionControl.CUBIC);
        assertEquals(List.of("POST cc=cubic", "POST cc=bbr"), posted, "cubic still set: nothing posted again");
    }
}
