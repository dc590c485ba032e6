package io.github.http2wildfly.door;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class DoorTest {

    @Test
    void portIsTheSystemPropertyPlusTheOffset() {
        Properties system = new Properties();
        system.setProperty("h2demo.https.port", "8443");
        assertEquals(8443, Door.HTTP_2_TLS.port(system));
        system.setProperty("jboss.socket.binding.port-offset", "100");
        assertEquals(8543, Door.HTTP_2_TLS.port(system));
    }

    @Test
    void aServerNotConfiguredByTheProjectIsNamed() {
        IllegalStateException missing =
                assertThrows(IllegalStateException.class, () -> Door.HTTP_1_1_TLS.port(new Properties()));
        assertEquals("System property h2demo.https.http1.port is not set: this server was not configured by"
                + " the project's wildfly/sockets.cli", missing.getMessage());
    }

    @Test
    void uriUsesTheDoorsSchemeAndBracketsIpv6() {
        assertEquals("http://localhost:8080/http2/logos", Door.HTTP_1_1.uri("localhost", 8080, "/http2/logos").toString());
        assertEquals("https://[::1]:8444/x", Door.HTTP_1_1_TLS.uri("::1", 8444, "/x").toString());
        assertEquals("https://[::1]:8443/x", Door.HTTP_2_TLS.uri("[::1]", 8443, "/x").toString());
    }
}
