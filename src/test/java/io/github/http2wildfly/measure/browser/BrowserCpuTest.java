package io.github.http2wildfly.measure.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a page cost a browser's processes, from two snapshots (their processes read on this machine: BrowserCpuIT). */
class BrowserCpuTest {

    @Test
    void aPageCostsWhatEachProcessSpentSinceTheFirstSnapshotAndANewProcessCountsFromZero() {
        BrowserCpu before = new BrowserCpu(Map.of(1L, sample(false, 100), 2L, sample(true, 40), 3L, sample(false, 10)));
        BrowserCpu after = new BrowserCpu(Map.of(1L, sample(false, 130), 2L, sample(true, 90), 4L, sample(false, 5)));

        // process 3 ended in between: left out; process 4 started: all of its 5 ms
        assertEquals(new BrowserCpu.Use(85, 50), after.since(before));
    }

    @Test
    void aPidTheKernelReusedIsANewProcess() {
        BrowserCpu before = new BrowserCpu(Map.of(7L, sample(false, 500)));
        BrowserCpu after = new BrowserCpu(Map.of(7L, sample(false, 20)));

        assertEquals(new BrowserCpu.Use(20, 0), after.since(before));
    }

    private static BrowserCpu.Sample sample(boolean network, long millis) {
        return new BrowserCpu.Sample(network, Duration.ofMillis(millis));
    }
}
