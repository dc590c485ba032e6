package io.github.http2wildfly.comparison.emulation;

import io.github.http2wildfly.comparison.settings.Cell;
import java.util.List;
import java.util.Map;

/**
 * What a comparison's page loads go through: the model of a network ({@link ProxyEmulation}, delay proxies on
 * loopback, any OS) or a real one ({@code lab.LabEmulation}: kernel TCP and real QUIC between two Linux
 * network namespaces). The tools, the rounds and the results are the same for both ({@code measurement.ComparisonRun}).
 */
public interface Emulation extends AutoCloseable {

    /** host:port where a load of this cell connects to its door under the cell's network. */
    String origin(Cell cell, boolean counted);

    /** host:port of every HTTP/3 door of the run: the origins a browser forces QUIC to. */
    List<String> quicOrigins();

    /** Just before a load of the cell in round {@code round}: its network set, door 4's congestion control too. */
    void before(Cell cell, int round);

    /** Just after that load: what it carried counts for the cell when {@code counted}. */
    void after(Cell cell, boolean counted);

    /** The page has loaded and its connections are still open: what only then can be read (the lab: its server's senders). */
    default void loaded(Cell cell, boolean counted) {
    }

    /** The connections a client opened for the cell's counted loads, and the bytes they carried both ways. */
    Traffic traffic(Cell cell);

    /** How far a measured round trip may be from its setting, as a share of it. */
    double CALIBRATION_TOLERANCE = 0.10;

    /** The round trip measured through the emulation at each setting (ms); the report fails a run more than 10 % off. */
    Map<Integer, Double> calibrate(List<Integer> roundTripsMillis);

    /** Whether a measured round trip is close enough to its setting (0: nothing to emulate). */
    static boolean isCalibrated(int settingMillis, double measuredMillis) {
        return settingMillis == 0 || Math.abs(measuredMillis - settingMillis) <= CALIBRATION_TOLERANCE * settingMillis;
    }

    /** What the network is, for people: "the model: …", "the lab: …". */
    String describe();

    /** What the report's environment says of it: the network, and whatever else only it knows. */
    default Map<String, String> environment() {
        return Map.of("network", describe());
    }

    @Override
    void close();

    /** Connections, bytes both ways, and packets each way where the network sees packets (the lab; 0 in the model). */
    record Traffic(long connections, long bytes, long packetsUp, long packetsDown) {

        /** Nothing counted (yet). */
        public static final Traffic NONE = new Traffic(0, 0, 0, 0);
    }
}
