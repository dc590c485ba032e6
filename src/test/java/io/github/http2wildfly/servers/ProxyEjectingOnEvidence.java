package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to two nodes ({@link ScriptedNode}); node A never answers
 * {@code /hang}, node B answers it. A try on A given up for want of an answer (the answer time) is a failure on A's
 * side. One such failure, a single slow request, must not take A out of rotation; several in a row must, for a time.
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
     * each node served: "A a, B b"; then, for a proxy that took A out, whether A serves again once its ejection time
     * ({@code ejectionMillis}) is over: ", back" or ", not back".
     */
    public static String servedAfterFailuresOnA(int failures, int answerMillis, int ejectionMillis) throws Exception {
        System.setProperty(ANSWER_TIMEOUT, String.valueOf(answerMillis));
        System.setProperty(EJECTION_TIME, String.valueOf(ejectionMillis));
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode a = new ScriptedNode(100); ScriptedNode b = new ScriptedNode(100).hangs(false)) {
            String base = UndertowProxies.start(servers, UndertowProxies.toNodes(a, b), 60_000, 1);
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .callTimeout(60, TimeUnit.SECONDS).build();
            for (int i = 0; i < 4; i++) {
                get(h2, base + "/small"); // both connections open, upgraded to h2c
            }
            int hangsOnA = a.requests();
            for (int i = 0; a.requests() - hangsOnA < failures && i < failures * 4; i++) {
                get(h2, base + "/hang?n=" + i); // round robin: half go to A first, and fail over to B
            }
            int aBefore = a.requests();
            int bBefore = b.requests();
            for (int i = 0; i < SMALL; i++) {
                get(h2, base + "/small");
            }
            String served = "A " + (a.requests() - aBefore) + ", B " + (b.requests() - bBefore);
            if (a.requests() > aBefore) {
                return served;
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ejectionMillis * 5L);
            while (a.requests() == aBefore && System.nanoTime() < deadline) {
                get(h2, base + "/small");
                Thread.sleep(50);
            }
            return served + (a.requests() > aBefore ? ", back" : ", not back");
        } finally {
            System.clearProperty(ANSWER_TIMEOUT);
            System.clearProperty(EJECTION_TIME);
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Three nodes, of which A and B fail {@code failures} tries in a row (neither answers {@code /hang}: each try given
     * up after {@code answerMillis}, then tried again elsewhere), within an ejection time longer than the test; then how
     * many of {@value #SMALL} small requests A and B served: "A and B served n of 20". Taking both out would leave C,
     * a third of the backends, all of the load; a ceiling on the share out keeps one of them in.
     */
    public static String servedByTwoOfThreeAfterTheyFailed(int failures, int answerMillis, int ejectionMillis) throws Exception {
        System.setProperty(ANSWER_TIMEOUT, String.valueOf(answerMillis));
        System.setProperty(EJECTION_TIME, String.valueOf(ejectionMillis));
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode a = new ScriptedNode(100); ScriptedNode b = new ScriptedNode(100); ScriptedNode c = new ScriptedNode(100).hangs(false)) {
            String base = UndertowProxies.start(servers, UndertowProxies.toNodes(a, b, c), 60_000, 1);
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .callTimeout(60, TimeUnit.SECONDS).build();
            for (int i = 0; i < 6; i++) {
                get(h2, base + "/small"); // every connection open, upgraded to h2c
            }
            int aBefore = a.requests();
            int bBefore = b.requests();
            for (int i = 0; (a.requests() - aBefore < failures || b.requests() - bBefore < failures) && i < failures * 8; i++) {
                get(h2, base + "/hang?n=" + i); // round robin: each node is tried first in turn
            }
            int aServed = a.requests();
            int bServed = b.requests();
            for (int i = 0; i < SMALL; i++) {
                get(h2, base + "/small");
            }
            return "A and B served " + (a.requests() - aServed + b.requests() - bServed) + " of " + SMALL;
        } finally {
            System.clearProperty(ANSWER_TIMEOUT);
            System.clearProperty(EJECTION_TIME);
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Node A answers everything 503, node B 200; {@value #SMALL} requests one after the other, with the proxy's failure
     * statuses set to {@code failureStatuses} ("" for none): how many were answered 503 ("503: n of 20").
     */
    public static String unavailableAnswersWithFailureStatuses(String failureStatuses, int ejectionMillis) throws Exception {
        System.setProperty(FAILURE_STATUSES, failureStatuses);
        System.setProperty(EJECTION_TIME, String.valueOf(ejectionMillis));
        List<Undertow> servers = new ArrayList<>();
        try (ScriptedNode a = new ScriptedNode(100).answersWith(503); ScriptedNode b = new ScriptedNode(100)) {
            String base = UndertowProxies.start(servers, UndertowProxies.toNodes(a, b), 60_000, 1);
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .callTimeout(60, TimeUnit.SECONDS).build();
            int unavailable = 0;
            for (int i = 0; i < SMALL; i++) {
                unavailable += get(h2, base + "/small") == 503 ? 1 : 0;
            }
            return "503: " + unavailable + " of " + SMALL;
        } finally {
            System.clearProperty(FAILURE_STATUSES);
            System.clearProperty(EJECTION_TIME);
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * {@code requests} requests to {@code /hang} at once through the proxy to two nodes, A never answering it, B after
     * five times {@code answerMillis}: every try on A is given up after {@code answerMillis}, all while every request is
     * still in flight, and each may be retried once on B, within a retry budget of {@code budgetPercent}. Returns
     * "retried k of a" (a: the tries A was given; k: the tries past the requests' first).
     */
    public static String retriedWhenOneOfTwoFails(int requests, int answerMillis, int budgetPercent) throws Exception {
        System.setProperty(ANSWER_TIMEOUT, String.valueOf(answerMillis));
        System.setProperty(RETRY_BUDGET, String.valueOf(budgetPercent));
        List<Undertow> servers = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(requests);
        // B answers after a while, so that the retries it is given are all in flight at once
        try (ScriptedNode a = new ScriptedNode(1000); ScriptedNode b = new ScriptedNode(1000).hangs(false).answersAfter(answerMillis * 5L)) {
            String base = UndertowProxies.start(servers, UndertowProxies.toNodes(a, b), 60_000, 1);
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .retryOnConnectionFailure(false) // a refused stream counted as such, not sent again by OkHttp
                    .callTimeout(60, TimeUnit.SECONDS).build();
            for (int i = 0; i < 4; i++) {
                get(h2, base + "/small"); // both connections open, upgraded to h2c
            }
            int aBefore = a.requests();
            int bBefore = b.requests();
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                String url = base + "/hang?n=" + i;
                answers.add(clients.submit(() -> get(h2, url)));
            }
            for (Future<Integer> answer : answers) {
                answer.get();
            }
            int aTries = a.requests() - aBefore;
            int tries = aTries + b.requests() - bBefore;
            return "retried " + (tries - requests) + " of " + aTries;
        } finally {
            System.clearProperty(ANSWER_TIMEOUT);
            System.clearProperty(RETRY_BUDGET);
            clients.shutdown();
            servers.forEach(Undertow::stop);
        }
    }

    /** The answer's status, or 0 when none came. */
    private static int get(OkHttpClient h2, String url) {
        try (Response response = h2.newCall(new Request.Builder().url(url).build()).execute()) {
            response.body().bytes();
            return response.code();
        } catch (IOException refused) {
            return 0; // a request nobody answered: the nodes' counts say what happened
        }
    }
}
