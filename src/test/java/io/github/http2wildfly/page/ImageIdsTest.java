package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

class ImageIdsTest {

    /** One render's ids: first to first + count - 1. */
    record Range(long first, int count) {
    }

    @Test
    void concurrentRendersNeverShareAnImageUrl() throws Exception {
        int threads = 8;
        int rendersPerThread = 2_000;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Range>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Callable<List<Range>> renders = () -> {
                    start.await();
                    List<Range> ranges = new ArrayList<>();
                    for (int r = 0; r < rendersPerThread; r++) {
                        int count = ThreadLocalRandom.current().nextInt(LogoCount.MIN, LogoCount.MAX + 1);
                        ranges.add(new Range(ImageIds.reserve(count), count));
                    }
                    return ranges;
                };
                futures.add(pool.submit(renders));
            }
            start.countDown();
            List<Range> all = new ArrayList<>();
            for (Future<List<Range>> future : futures) {
                all.addAll(future.get());
            }
            all.sort(Comparator.comparingLong(Range::first));
            assertEquals(threads * rendersPerThread, all.size());
            for (int i = 1; i < all.size(); i++) {
                Range before = all.get(i - 1);
                assertTrue(before.first() + before.count() <= all.get(i).first(), before + " overlaps " + all.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
