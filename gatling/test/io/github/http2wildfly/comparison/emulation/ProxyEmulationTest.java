package io.github.http2wildfly.comparison.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.ComparisonSettingsTest;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.net.EchoServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.List;
import java.util.Properties;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** The model's delay proxies in front of a door that echoes what it is sent. */
class ProxyEmulationTest {

    private static final Cell LOOPBACK = new Cell(Door.HTTP_1_1_TLS, Condition.latency(0));
    private static final Cell AT_20_MS = new Cell(Door.HTTP_1_1_TLS, Condition.latency(20));

    @Test
    void aCellsTrafficIsItsCountedLoadsAloneTheWarmUpsGoThroughAProxyOfTheirOwn() throws Exception {
        try (EchoServer door = new EchoServer(); ProxyEmulation model = new ProxyEmulation(settings(door), List.of(LOOPBACK, AT_20_MS))) {
            assertNotEquals(model.origin(LOOPBACK, true), model.origin(LOOPBACK, false));
            assertNotEquals(model.origin(LOOPBACK, true), model.origin(AT_20_MS, true));
            echo(model.origin(LOOPBACK, false), 1000);
            echo(model.origin(LOOPBACK, true), 300);
            echo(model.origin(LOOPBACK, true), 200);
            echo(model.origin(AT_20_MS, true), 700);
            assertEquals(2, model.traffic(LOOPBACK).connections());
            assertEquals(2 * 500, settled(() -> model.traffic(LOOPBACK).bytes()), "each byte counted once each way");
            assertEquals(1, model.traffic(AT_20_MS).connections());
            assertEquals(2 * 700, settled(() -> model.traffic(AT_20_MS).bytes()));
            assertEquals(0, model.traffic(AT_20_MS).packetsUp(), "a TCP proxy sees bytes, not packets");
        }
    }

    @Test
    void onlyTheHttp3CellsOriginsAreTheOnesABrowserForcesQuicTo() throws Exception {
        Cell http3 = new Cell(Door.HTTP_3, Condition.latency(20));
        try (EchoServer door = new EchoServer(); ProxyEmulation model = new ProxyEmulation(settings(door), List.of(AT_20_MS, http3))) {
            assertEquals(List.of(model.origin(http3, true)), model.quicOrigins());
        }
    }

    @Test
    void aRoundTripWithinATenthOfItsSettingIsCalibratedAndNothingToEmulateAlwaysIs() {
        assertTrue(Emulation.isCalibrated(50, 54.9));
        assertTrue(Emulation.isCalibrated(50, 45.1));
        assertFalse(Emulation.isCalibrated(50, 55.1));
        assertFalse(Emulation.isCalibrated(50, 44.9));
        assertTrue(Emulation.isCalibrated(0, 3.0));
    }

    /** The comparison's settings, every door at the echo server's port (HTTP/3's is UDP: nothing answers there). */
    private static ComparisonSettings settings(EchoServer door) throws IOException {
        Properties given = ComparisonSettingsTest.asTheBuildFillsItIn();
        given.setProperty("jboss.socket.binding.port-offset", "0");
        for (Door each : Door.values()) {
            given.setProperty("h2demo." + each.portProperty(), Integer.toString(door.address().getPort()));
        }
        return ComparisonSettings.from(given);
    }

    /** Sends {@code bytes} through the origin (host:port) and reads them back. */
    private static void echo(String origin, int bytes) throws IOException {
        String[] hostPort = origin.split(":");
        try (Socket socket = new Socket(hostPort[0], Integer.parseInt(hostPort[1]))) {
            socket.getOutputStream().write(new byte[bytes]);
            InputStream in = socket.getInputStream();
            assertEquals(bytes, in.readNBytes(bytes).length);
        }
    }

    /** A proxy counts a chunk once it has written it, so the count may trail the echo a moment. */
    private static long settled(LongSupplier count) throws InterruptedException {
        long last = -1;
        for (int looks = 0; looks < 100 && count.getAsLong() != last; looks++) {
            last = count.getAsLong();
            Thread.sleep(50);
        }
        return count.getAsLong();
    }
}
