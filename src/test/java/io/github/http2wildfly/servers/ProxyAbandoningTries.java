package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.StalledReader;
import io.undertow.Undertow;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to one node ({@link ScriptedNode}) that never answers {@code /hang}:
 * the proxy gives each try up (its answer time, the request's time, or the client went away) and the node counts the
 * streams still open on it. A try given up that is not reset toward the node stays open there: the node keeps working
 * on it, and it counts against the node's concurrent streams. Written with Undertow's public API only, as a test case
 * sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class ProxyAbandoningTries {

    private static final String ANSWER_TIMEOUT = "io.undertow.server.handlers.proxy.answerTimeout";
    /** How long the node may take to see the resets: far past what loopback needs. */
    private static final long SETTLE_MILLIS = 2_000;

    private ProxyAbandoningTries() {
    }

    /** {@code requests} GETs given up for want of an answer ({@code answerMillis}): the node's open streams after. */
    public static int afterAnswerTimeouts(int requests, int answerMillis) throws Exception {
        System.setProperty(ANSWER_TIMEOUT, String.valueOf(answerMillis));
        try {
            return openAfter(requests, -1, 60_000, false);
        } finally {
            System.clearProperty(ANSWER_TIMEOUT);
        }
    }

    /** {@code requests} POSTs answered 504 when the request's time ({@code requestMillis}) is up: open streams after. */
    public static int afterRequestTimeouts(int requests, int requestMillis) throws Exception {
        return openAfter(requests, -1, requestMillis, true);
    }

    /** {@code requests} GETs whose client gives up after {@code clientMillis}: the node's open streams after. */
    public static int afterClientsLeft(int requests, int clientMillis) throws Exception {
        return openAfter(requests, clientMillis, 60_000, false);
    }

    /**
     * {@code requests} GETs, each on a connection of its own that its client closes after {@code clientMillis} (as h2load
     * does with what is in flight when its time is up), before their answer time ({@code answerMillis}): how many the
     * proxy sent the node again once that time was up, for clients gone.
     */
    public static int sentAgainForClientsGone(int requests, int clientMillis, int answerMillis) throws Exception {
        System.setProperty(ANSWER_TIMEOUT, String.valueOf(answerMillis));
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode one = new ScriptedNode(100); ScriptedNode other = new ScriptedNode(100)) {
            // two nodes: a try sent again goes to the other (LoadBalancingProxyClient tries each host once)
            URI proxy = URI.create(UndertowProxies.start(servers, UndertowProxies.toNodes(one, other), 60_000, 1));
            List<StalledReader> clients = StalledReader.open(proxy.getHost(), proxy.getPort(), "/hang", requests);
            Thread.sleep(clientMillis);
            for (StalledReader client : clients) {
                client.close();
            }
            Thread.sleep(answerMillis * 2L);
            return one.requests() + other.requests() - requests;
        } finally {
            System.clearProperty(ANSWER_TIMEOUT);
            servers.forEach(Undertow::stop);
        }
    }

    private static int openAfter(int requests, int clientMillis, int requestMillis, boolean post) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode node = new ScriptedNode(100)) {
            String base = UndertowProxies.start(servers, UndertowProxies.toNodes(node), requestMillis, -1);
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).retryOnConnectionFailure(false)
                    .callTimeout(clientMillis > 0 ? clientMillis : 60_000, TimeUnit.MILLISECONDS).build();
            statusOf(h2, new Request.Builder().url(base + "/small").build()); // the connection to the node, upgraded to h2c
            List<CompletableFuture<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Request.Builder request = new Request.Builder().url(base + "/hang?n=" + i);
                if (post) {
                    request.post(RequestBody.create("x", MediaType.get("text/plain")));
                }
                calls.add(CompletableFuture.supplyAsync(() -> statusOf(h2, request.build())));
            }
            calls.forEach(CompletableFuture::join);
            if (node.requests() < 2) {
                // none reached it (all given up on their way): the scenario showed nothing; some may not, under load
                throw new IllegalStateException("no request but the first reached the node");
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS);
            while (node.openStreams() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            return node.openStreams();
        } finally {
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * The request's status, or -1 where it failed (given up, reset). Public: another scenario, in a class loader of its
     * own ({@link PatchedLibrary}), is of another runtime package.
     */
    public static int statusOf(OkHttpClient h2, Request request) {
        try (Response response = h2.newCall(request).execute()) {
            return response.code();
        } catch (IOException givenUp) {
            return -1;
        }
    }
}
