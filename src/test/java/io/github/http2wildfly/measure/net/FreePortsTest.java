package io.github.http2wildfly.measure.net;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void aPortHeldOverTcpOrUdpIsInUseAndAPortHandedOutIsNot() throws IOException {
        try (ServerSocket tcp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            assertTrue(FreePorts.inUse(tcp.getLocalPort()), "TCP " + tcp.getLocalPort());
            assertTrue(FreePorts.inUse(udp.getLocalPort()), "UDP " + udp.getLocalPort());
        }
        assertFalse(FreePorts.inUse(FreePorts.next()));
    }
}
