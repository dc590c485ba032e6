package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to one node ({@link ScriptedNode}) that allows 100 concurrent streams
 * a connection (many servers' default) and takes a while to answer: more requests at once than one connection may
 * carry. A proxy that multiplexes must open another connection for the rest, never more streams than the node allows
 * on one, and leave no request waiting. Written with Undertow's public API only, as a test case sent upstream would be;
 * {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class ProxyToNodeOf100Streams {

    /** Far past the node's answer time: a request that took this long waited for something else than its answer. */
    private static final int WAITED_SECONDS = 20;

    private ProxyToNodeOf100Streams() {
    }

    /**
     * {@code requests} GETs at once; an answer that came {@value #WAITED_SECONDS} s or more after the requests went is
     * counted as one that waited.
     */
    public static MultiplexedAnswers answersAtOnce(int requests) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(requests);
        try (ScriptedNode node = new ScriptedNode(100)) {
            // as many connections as requests allowed: what Undertow's own pool does with them shows
            String url = UndertowProxies.start(servers, UndertowProxies.toNodes(requests, node), 60_000, -1) + "/slow?n=";
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .readTimeout(WAITED_SECONDS * 3L, TimeUnit.SECONDS).callTimeout(WAITED_SECONDS * 3L, TimeUnit.SECONDS).build();
            wholeAt(h2, url.replace("/slow?n=", "/small")); // one connection to the proxy, which the requests share
            long start = System.nanoTime();
            List<CompletableFuture<Long>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String request = url + i;
                answers.add(CompletableFuture.supplyAsync(() -> wholeAt(h2, request), clients));
            }
            List<Long> at = answers.stream().map(CompletableFuture::join).toList();
            int answered = (int) at.stream().filter(time -> time >= 0).count();
            int waited = (int) at.stream().filter(time -> time - start >= TimeUnit.SECONDS.toNanos(WAITED_SECONDS)).count();
            return new MultiplexedAnswers(answered, requests, node.requests(), node.connectionsOpened(), node.mostOpenStreams(), waited);
        } finally {
            clients.shutdown();
            servers.forEach(Undertow::stop);
        }
    }

    /** When the whole answer came (System.nanoTime), or -1. */
    private static long wholeAt(OkHttpClient h2, String url) {
        try (Response response = h2.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.code() == 200 && response.body().bytes().length == ScriptedNode.SMALL ? System.nanoTime() : -1;
        } catch (IOException lost) {
            return -1;
        }
    }
}
