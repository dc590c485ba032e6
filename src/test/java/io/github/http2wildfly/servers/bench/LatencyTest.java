package io.github.http2wildfly.servers.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyTest {

    @Test
    void theMedianAndThe99thPercentileComeFromEveryAnsweredRequestOfTheLog() {
        List<String> log = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            log.add("1764650000" + i + "\t200\t" + i * 1000); // start (µs), status, duration (µs): 1 to 100 ms
        }
        Latency latency = Latency.of(log);
        assertEquals(50.0, latency.p50Millis());
        assertEquals(99.0, latency.p99Millis());
        assertEquals(100, latency.requests());
    }

    @Test
    void aRequestNotAnswered2xxIsLeftOut() {
        Latency latency = Latency.of(List.of("1\t200\t1000", "2\t503\t900000", "3\t200\t3000", ""));
        assertEquals(2, latency.requests());
        assertEquals(3.0, latency.p99Millis());
    }

    @Test
    void aLogWithNoAnswerIsAnError() {
        assertThrows(IllegalStateException.class, () -> Latency.of(List.of("1\t404\t1000")));
    }
}
