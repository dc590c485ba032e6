package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, h2c to one node ({@link ScriptedNode}), in a JVM whose heap is made full for real: live
 * arrays past the proxy's heap threshold, set just above what this JVM holds after a collection. Requests while it is
 * full, then after the arrays are let go and collected. Written with Undertow's public API only, as a test case sent
 * upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class ProxyWhenItsHeapIsFull {

    private static final String HEAP_SHED_PERCENT = "io.undertow.server.handlers.proxy.heapShedPercent";
    /** What the arrays take past the threshold, and what the threshold leaves above this JVM's own live data. */
    private static final long MARGIN = 64L << 20;
    private static final int CHUNK = 1 << 20;

    private ProxyWhenItsHeapIsFull() {
    }

    /** "while full: n of requests, after: n of requests": the small answers that came 200. */
    public static String answeredWhileTheHeapIsFullThenAfter(int requests) throws Exception {
        MemoryPoolMXBean old = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isCollectionUsageThresholdSupported() && pool.getUsage().getMax() > 0)
                .max(Comparator.comparingLong(pool -> pool.getUsage().getMax()))
                .orElseThrow(() -> new IllegalStateException("no heap pool with a collection usage threshold"));
        System.gc();
        long max = old.getUsage().getMax();
        long threshold = old.getCollectionUsage().getUsed() + MARGIN;
        int percent = (int) (threshold * 100 / max) + 1;
        if (percent >= 100) {
            throw new IllegalStateException("too small a heap to fill past its threshold: " + max + " bytes");
        }
        System.setProperty(HEAP_SHED_PERCENT, String.valueOf(percent));
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode node = new ScriptedNode(100)) {
            String url = UndertowProxies.start(servers, UndertowProxies.toNodes(node), 30_000, 1) + "/small";
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .retryOnConnectionFailure(false).callTimeout(30, TimeUnit.SECONDS).build();
            List<byte[]> live = new ArrayList<>();
            for (long held = 0; held < max / 100 * percent - old.getCollectionUsage().getUsed() + MARGIN; held += CHUNK) {
                live.add(new byte[CHUNK]);
            }
            System.gc();
            int whileFull = answered(h2, url, requests);
            live.clear();
            System.gc();
            int after = answered(h2, url, requests);
            return "while full: " + whileFull + " of " + requests + ", after: " + after + " of " + requests;
        } finally {
            System.clearProperty(HEAP_SHED_PERCENT);
            servers.forEach(Undertow::stop);
        }
    }

    private static int answered(OkHttpClient h2, String url, int requests) {
        int answered = 0;
        for (int i = 0; i < requests; i++) {
            try (Response response = h2.newCall(new Request.Builder().url(url).build()).execute()) {
                answered += response.code() == 200 && response.body().bytes().length == ScriptedNode.SMALL ? 1 : 0;
            } catch (IOException refused) {
                // a refused stream: not answered
            }
        }
        return answered;
    }
}
