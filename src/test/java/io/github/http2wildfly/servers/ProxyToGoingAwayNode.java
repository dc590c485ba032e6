package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to one node ({@link ScriptedNode}) that sends GOAWAY: gracefully in the
 * middle of a soak (each connection after so many streams, finishing those it took), or to a request that comes after
 * its connection has idled (the request crossed the GOAWAY, which names the stream before it as the last). Half the
 * requests are POSTs with a small body. Nothing the node did is a failure: every request must be answered 200.
 * Written with Undertow's public API only, as a test case sent upstream would be; {@link PatchedLibrary} loads it
 * beside Undertow's own classes or the patched ones.
 */
public final class ProxyToGoingAwayNode {

    private static final MediaType TEXT = MediaType.get("text/plain");
    private static final String BODY = "x".repeat(100);

    private ProxyToGoingAwayNode() {
    }

    /**
     * {@code requests} requests, {@code inFlight} at a time, through the proxy to a node whose every connection goes
     * away after {@code streamsPerConnection} streams; the node's connections show how many GOAWAYs there were.
     */
    public static GoAwayAnswers throughASoak(int requests, int inFlight, int streamsPerConnection) throws Exception {
        try (ScriptedNode node = new ScriptedNode(100).goAwayAfterStreams(streamsPerConnection)) {
            return new GoAwayAnswers(answered(node, requests, inFlight, 0), requests, node.connectionsOpened());
        }
    }

    /**
     * {@code requests} requests one after the other, each {@code pauseMillis} after the last answer, through the proxy
     * to a node that answers a request on a connection idle for {@code idleMillis} with GOAWAY.
     */
    public static GoAwayAnswers afterIdling(int requests, long idleMillis, long pauseMillis) throws Exception {
        try (ScriptedNode node = new ScriptedNode(100).goAwayAfterIdle(idleMillis)) {
            return new GoAwayAnswers(answered(node, requests, 1, pauseMillis), requests, node.connectionsOpened());
        }
    }

    /**
     * {@code requests} requests to {@code /slow} at once, through the proxy to two nodes, the first of which, after
     * {@code processed} streams on its first connection, goes away with an error (GOAWAY INTERNAL_ERROR, the stream
     * before the next as its last) and closes: those it processed are lost with it, the others it never processed.
     */
    public static ErrorGoAwayAnswers afterAnErrorGoAway(int requests, int processed) throws Exception {
        try (ScriptedNode failing = new ScriptedNode(100).goAwayInErrorAfterStreams(processed); ScriptedNode other = new ScriptedNode(100)) {
            List<Boolean> answers = answers("/slow", requests, requests, 0, failing, other);
            int notProcessed = 0;
            int notProcessedOk = 0;
            int processedPosts = 0;
            int processedPostsOk = 0;
            for (int i = 0; i < requests; i++) {
                boolean ok = answers.get(i);
                if (!failing.processedBeforeTheError().contains("/slow?n=" + i)) {
                    notProcessed++;
                    notProcessedOk += ok ? 1 : 0;
                } else if (i % 2 == 1) {
                    processedPosts++;
                    processedPostsOk += ok ? 1 : 0;
                }
            }
            return new ErrorGoAwayAnswers(notProcessedOk, notProcessed, processedPostsOk, processedPosts, failing.connectionsOpened());
        }
    }

    private static int answered(ScriptedNode node, int requests, int inFlight, long pauseMillis) throws Exception {
        return (int) answers("/small", requests, inFlight, pauseMillis, node).stream().filter(ok -> ok).count();
    }

    /**
     * {@code requests} requests to {@code path?n=i} through the proxy to these nodes, the odd ones POSTs, {@code inFlight}
     * at a time (or one after the other, {@code pauseMillis} apart): whether each was answered 200 whole, in order.
     */
    private static List<Boolean> answers(String path, int requests, int inFlight, long pauseMillis, ScriptedNode... nodes) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(inFlight);
        try {
            String url = UndertowProxies.start(servers, UndertowProxies.toNodes(nodes), 30_000, 3) + path + "?n=";
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).retryOnConnectionFailure(false).callTimeout(60, TimeUnit.SECONDS).build();
            List<CompletableFuture<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Request.Builder request = new Request.Builder().url(url + i);
                if (i % 2 == 1) {
                    request.post(RequestBody.create(BODY, TEXT));
                }
                answers.add(CompletableFuture.supplyAsync(() -> ok(h2, request.build()), clients));
                if (pauseMillis > 0) {
                    answers.get(answers.size() - 1).join();
                    Thread.sleep(pauseMillis);
                }
            }
            return answers.stream().map(CompletableFuture::join).toList();
        } finally {
            clients.shutdown();
            servers.forEach(Undertow::stop);
        }
    }

    private static boolean ok(OkHttpClient h2, Request request) {
        try (Response response = h2.newCall(request).execute()) {
            return response.code() == 200 && response.body().bytes().length == ScriptedNode.SMALL;
        } catch (IOException lost) {
            return false;
        }
    }
}
