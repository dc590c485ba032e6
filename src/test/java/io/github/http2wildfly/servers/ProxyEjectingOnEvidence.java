package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to two or three nodes ({@link ScriptedNode}) that fail as a scenario
 * says: a node that never answers {@code /hang} (a try given up for want of an answer is a failure on its side), or one
 * that answers everything 503. One such failure, a single slow request, must not take a node out of rotation; several
 * in a row must, for a time, within a ceiling on the share out; retries stay within a budget where one is set.
 * Written with Undertow's public API only, as a test case sent upstream would be; {@link PatchedLibrary} loads it
 * beside Undertow's own classes or the patched ones.
 */
public final class ProxyEjectingOnEvidence {

    private static final String ANSWER_TIMEOUT = "io.undertow.server.handlers.proxy.answerTimeout";
    private static final String EJECTION_TIME = "io.undertow.server.handlers.proxy.ejectionTime";
    private static final String FAILURE_STATUSES = "io.undertow.server.handlers.proxy.failureStatuses";
    private static final String RETRY_BUDGET = "io.undertow.server.handlers.proxy.retryBudgetPercent";
    private static final int SMALL = 20;

    private ProxyEjectingOnEvidence() {
    }

    /**
     * After {@code failures} tries given up on A (each {@code answerMillis}), how many of {@value #SMALL} small requests
     * each node served; then, for a proxy that took A out, whether A serves again once its ejection time
     * ({@code ejectionMillis}) is over.
     */
    public static ServedAfterFailures servedAfterFailuresOnA(int failures, int answerMillis, int ejectionMillis) throws Exception {
        try (ScriptedNode a = new ScriptedNode(100); ScriptedNode b = new ScriptedNode(100).hangs(false);
                Proxy proxy = new Proxy(Map.of(ANSWER_TIMEOUT, answerMillis, EJECTION_TIME, ejectionMillis), true, a, b)) {
            proxy.small(4); // both connections open, upgraded to h2c
            int hangsOnA = a.requests();
            for (int i = 0; a.requests() - hangsOnA < failures && i < failures * 4; i++) {
                proxy.get("/hang?n=" + i); // round robin: half go to A first, and fail over to B
            }
            int aBefore = a.requests();
            int bBefore = b.requests();
            proxy.small(SMALL);
            int servedByA = a.requests() - aBefore;
            int servedByB = b.requests() - bBefore;
            if (servedByA > 0) {
                return new ServedAfterFailures(servedByA, servedByB, false);
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ejectionMillis * 5L);
            while (a.requests() == aBefore && System.nanoTime() < deadline) {
                proxy.get("/small");
                Thread.sleep(50);
            }
            return new ServedAfterFailures(servedByA, servedByB, a.requests() > aBefore);
        }
    }

    /**
     * Three nodes, of which A and B fail {@code failures} tries in a row (neither answers {@code /hang}: each try given
     * up after {@code answerMillis}, then tried again elsewhere), within an ejection time longer than the test; then how
     * many of {@value #SMALL} small requests A and B served. Taking both out would leave C, a third of the backends, all
     * of the load; a ceiling on the share out keeps one of them in.
     */
    public static int servedByTwoOfThreeAfterTheyFailed(int failures, int answerMillis, int ejectionMillis) throws Exception {
        try (ScriptedNode a = new ScriptedNode(100); ScriptedNode b = new ScriptedNode(100); ScriptedNode c = new ScriptedNode(100).hangs(false);
                Proxy proxy = new Proxy(Map.of(ANSWER_TIMEOUT, answerMillis, EJECTION_TIME, ejectionMillis), true, a, b, c)) {
            proxy.small(6); // every connection open, upgraded to h2c
            int aBefore = a.requests();
            int bBefore = b.requests();
            for (int i = 0; (a.requests() - aBefore < failures || b.requests() - bBefore < failures) && i < failures * 8; i++) {
                proxy.get("/hang?n=" + i); // round robin: each node is tried first in turn
            }
            int aServed = a.requests();
            int bServed = b.requests();
            proxy.small(SMALL);
            return a.requests() - aServed + b.requests() - bServed;
        }
    }

    /**
     * Node A answers everything 503, node B 200; {@value #SMALL} requests one after the other, with the proxy's failure
     * statuses set to {@code failureStatuses} ("" for none): how many were answered 503.
     */
    public static int unavailableAnswersWithFailureStatuses(String failureStatuses, int ejectionMillis) throws Exception {
        try (ScriptedNode a = new ScriptedNode(100).answersWith(503); ScriptedNode b = new ScriptedNode(100);
                Proxy proxy = new Proxy(Map.of(FAILURE_STATUSES, failureStatuses, EJECTION_TIME, ejectionMillis), true, a, b)) {
            int unavailable = 0;
            for (int i = 0; i < SMALL; i++) {
                unavailable += proxy.get("/small") == 503 ? 1 : 0;
            }
            return unavailable;
        }
    }

    /**
     * {@code requests} requests to {@code /hang} at once through the proxy to two nodes, A never answering it, B after
     * five times {@code answerMillis}: every try on A is given up after {@code answerMillis}, all while every request is
     * still in flight, and each may be retried once on B, within a retry budget of {@code budgetPercent}.
     */
    public static Retries retriedWhenOneOfTwoFails(int requests, int answerMillis, int budgetPercent) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(requests);
        // B answers after a while, so that the retries it is given are all in flight at once; a refused stream is counted
        // as such, not sent again by OkHttp
        try (ScriptedNode a = new ScriptedNode(1000); ScriptedNode b = new ScriptedNode(1000).hangs(false).answersAfter(answerMillis * 5L);
                Proxy proxy = new Proxy(Map.of(ANSWER_TIMEOUT, answerMillis, RETRY_BUDGET, budgetPercent), false, a, b)) {
            proxy.small(4);
            int aBefore = a.requests();
            int bBefore = b.requests();
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String path = "/hang?n=" + i;
                answers.add(clients.submit(() -> proxy.get(path)));
            }
            for (Future<Integer> answer : answers) {
                answer.get();
            }
            int aTries = a.requests() - aBefore;
            int tries = aTries + b.requests() - bBefore;
            return new Retries(tries - requests, aTries);
        } finally {
            clients.shutdown();
        }
    }

    /**
     * The proxy in front of the nodes, with the given system properties set while it runs (its classes read them as they
     * load), and an HTTP/2 client (prior knowledge) that sends a refused stream again or not.
     */
    private static final class Proxy implements AutoCloseable {

        private final Map<String, ?> properties;
        private final List<Undertow> servers = new ArrayList<>();
        private final String base;
        private final OkHttpClient h2;

        Proxy(Map<String, ?> properties, boolean clientRetries, ScriptedNode... nodes) {
            this.properties = properties;
            properties.forEach((name, value) -> System.setProperty(name, String.valueOf(value)));
            base = UndertowProxies.start(servers, UndertowProxies.toNodes(nodes), 60_000, 1);
            h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).retryOnConnectionFailure(clientRetries)
                    .callTimeout(60, TimeUnit.SECONDS).build();
        }

        /** {@code requests} small requests, one after the other. */
        void small(int requests) {
            for (int i = 0; i < requests; i++) {
                get("/small");
            }
        }

        /** The answer's status, or 0 when none came. */
        int get(String path) {
            try (Response response = h2.newCall(new Request.Builder().url(base + path).build()).execute()) {
                response.body().bytes();
                return response.code();
            } catch (IOException refused) {
                return 0; // a request nobody answered: the nodes' counts say what happened
            }
        }

        @Override
        public void close() {
            properties.keySet().forEach(System::clearProperty);
            servers.forEach(Undertow::stop);
        }
    }
}
