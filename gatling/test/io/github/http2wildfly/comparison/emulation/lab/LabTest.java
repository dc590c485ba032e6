package io.github.http2wildfly.comparison.emulation.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the lab needs, and the senders' times it reads from ss (the lab itself, two namespaces and a wire: LabIT). */
class LabTest {

    @Test
    void whatTheLabNeedsAndThisMachineLacksIsOneLine() {
        assertEquals(Optional.empty(), Lab.unavailable("Linux", true, true, command -> true));
        assertEquals(Optional.of("The lab needs root (network namespaces, TUN devices and congestion controls are root's),"
                + " /dev/net/tun, the command ip (iproute2)"), Lab.unavailable("Linux", false, false, command -> !command.equals("ip")));
        assertEquals(Optional.of("The lab needs Linux (network namespaces and TUN); this is Mac OS X"),
                Lab.unavailable("Mac OS X", true, true, command -> true));
    }

    @Test
    void theServersSendersTimesAreWhatItsConnectionsDidDuringTheLoadAsSsPrintsThem() {
        String before = """
                Recv-Q Send-Q Local Address:Port Peer Address:Port
                0      0      198.18.0.2:10443   198.18.0.1:41230
                \t reno wscale:7,7 rto:252 rtt:51.0/0.3 mss:1448 cwnd:60 busy:300ms rwnd_limited:20ms(6.6%) unacked:1
                """;
        String after = """
                Recv-Q Send-Q Local Address:Port Peer Address:Port
                0      0      198.18.0.2:10443   198.18.0.1:41230
                \t reno wscale:7,7 rto:252 rtt:51.0/0.3 mss:1448 cwnd:60 busy:350ms rwnd_limited:30ms(8.5%) unacked:1
                0      0      198.18.0.2:10443   198.18.0.1:41234
                \t reno wscale:7,7 rto:252 rtt:51.2/0.4 mss:1448 cwnd:1394 bytes_acked:2000000 busy:408ms rwnd_limited:52ms(12.7%) unacked:1 snd_wnd:3152896
                0      0      198.18.0.2:10443   198.18.0.1:41236
                \t reno wscale:7,7 rto:252 rtt:51.0/0.3 mss:1448 cwnd:10 busy:44ms unacked:10 rcv_space:14480 notsent:31856 snd_wnd:64512
                """;
        // a connection an earlier load left open counts only what it did since (Firefox keeps them)
        assertEquals(new LabEmulation.SenderTime(50 + 408 + 44, 10 + 52),
                LabEmulation.SenderTime.since(LabEmulation.SenderTime.perConnection(before), LabEmulation.SenderTime.perConnection(after)));
        assertEquals(new LabEmulation.SenderTime(0, 0), LabEmulation.SenderTime.since(java.util.Map.of(),
                LabEmulation.SenderTime.perConnection("")), "no connection: nothing to add");
    }
}
