package io.github.http2wildfly.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What Linux's socket tables say of a client's unread bytes. */
class ClientReadsTest {

    @Test
    void heldBytesAreTheProxysUnsentAndTheClientsUnreadNotTheOtherDirection() {
        Map<Long, ClientReads.Queues> queued = new HashMap<>();
        ClientReads.parse(List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                // the proxy's listener on 8445, the proxy's socket to the client at 48000 (0xBB80), the client's socket
                "   0: 0100007F:20FD 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 640 1 0 100 0 0 10 0",
                "   1: 0100007F:20FD 0100007F:BB80 01 00000400:00000020 00:00000000 00000000     0        0 641 1 0 20 4 30 10 -1",
                "   2: 0100007F:BB80 0100007F:20FD 01 00000000:00010000 00:00000000 00000000     0        0 642 1 0 20 4 30 10 -1"),
                queued);
        ClientReads.parse(List.of(
                "  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when",
                "   0: 0000000000000000FFFF00000100007F:20FD 0000000000000000FFFF00000100007F:BB81 01 00000000:00000000 00:00000000"
                        + " 00000000     0        0 0 3 0",
                "   1: 0000000000000000FFFF00000100007F:BB81 0000000000000000FFFF00000100007F:20FD 01 00000000:00000800 00:00000000"
                        + " 00000000     0        0 0 3 0"),
                queued);
        // 0x400 unsent by the proxy and 0x10000 unread by the client; the proxy's own 0x20 unread (a request) is not the client's
        assertEquals(0x400 + 0x10000, ClientReads.held(queued, 0x20FD, 0xBB80));
        assertEquals(0x800, ClientReads.held(queued, 0x20FD, 0xBB81), "an IPv6 socket");
        assertEquals(0, ClientReads.held(queued, 0x20FD, 0xBB82), "a client gone");
    }
}
