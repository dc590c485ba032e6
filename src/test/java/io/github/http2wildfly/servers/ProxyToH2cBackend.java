package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import io.undertow.server.handlers.proxy.ProxyHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.xnio.OptionMap;

/**
 * Undertow's reverse proxy in front of one backend that speaks h2c, written with Undertow's public API only, as a
 * test case sent upstream would be. {@link PatchedLibrary} loads it beside Undertow's own classes or the patched
 * ones, so it names no class of this project.
 */
public final class ProxyToH2cBackend {

    /** How long the backend holds a request waiting for the others: a bound on the test's length, not a measurement. */
    private static final long HOLD_SECONDS = 20;

    private ProxyToH2cBackend() {
    }

    /**
     * Sends {@code requests} requests at once through the proxy, which runs {@code proxyIoThreads} I/O threads; the
     * backend holds each until all have arrived, so all are in flight together. Returns the number of TCP
     * connections the backend saw them on (by the proxy's source port).
     */
    public static int connectionsForRequestsInFlight(int requests, int proxyIoThreads) throws Exception {
        Set<Integer> sourcePorts = ConcurrentHashMap.newKeySet();
        CountDownLatch allArrived = new CountDownLatch(requests);
        HttpHandler holdUntilAllArrived = new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                if (exchange.isInIoThread()) {
                    exchange.dispatch(this);
                    return;
                }
                sourcePorts.add(exchange.getSourceAddress().getPort());
                allArrived.countDown();
                allArrived.await(HOLD_SECONDS, TimeUnit.SECONDS);
                exchange.getResponseSender().send(exchange.getProtocol().toString());
            }
        };
        Undertow backend = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .setWorkerThreads(requests + 4)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(holdUntilAllArrived)
                .build();
        backend.start();
        Undertow proxy = null;
        try {
            int backendPort = ((InetSocketAddress) backend.getListenerInfo().get(0).getAddress()).getPort();
            LoadBalancingProxyClient client = new LoadBalancingProxyClient()
                    .setConnectionsPerThread(requests) // room for one connection per request: the pool's old way
                    .addHost(new URI("http://127.0.0.1:" + backendPort), null, null,
                            OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
            proxy = Undertow.builder()
                    .setIoThreads(proxyIoThreads)
                    .addHttpListener(0, "127.0.0.1")
                    .setHandler(ProxyHandler.builder().setProxyClient(client).setMaxRequestTime(60_000).build())
                    .build();
            proxy.start();
            int proxyPort = ((InetSocketAddress) proxy.getListenerInfo().get(0).getAddress()).getPort();
            sendAtOnce(requests, URI.create("http://127.0.0.1:" + proxyPort + "/"));
            return sourcePorts.size();
        } finally {
            if (proxy != null) {
                proxy.stop();
            }
            backend.stop();
        }
    }

    /**
     * Through a proxy of one I/O thread (one pool) with {@code maxRequestMillis} per request, to an h2c backend: a GET the
     * backend never answers, then, half that time later, {@code posts} POSTs on the same connection, which the backend
     * holds until the proxy has answered the GET (504). Returns how many POSTs were answered 200 by the backend.
     */
    public static int postsAnsweredBesideARequestThatTimesOut(int posts, int maxRequestMillis) throws Exception {
        CountDownLatch hangArrived = new CountDownLatch(1);
        CountDownLatch postsArrived = new CountDownLatch(posts);
        CountDownLatch hangAnswered = new CountDownLatch(1);
        HttpHandler handler = new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                if (exchange.getRequestPath().equals("/hang")) {
                    exchange.dispatch(hangArrived::countDown); // taken, and never answered
                    return;
                }
                if (exchange.isInIoThread()) {
                    exchange.dispatch(this);
                    return;
                }
                if (exchange.getRequestMethod().toString().equals("POST")) {
                    postsArrived.countDown();
                    hangAnswered.await(HOLD_SECONDS, TimeUnit.SECONDS);
                }
                exchange.getResponseSender().send(exchange.getProtocol().toString());
            }
        };
        Undertow backend = Undertow.builder().setServerOption(UndertowOptions.ENABLE_HTTP2, true).setWorkerThreads(posts + 4)
                .addHttpListener(0, "127.0.0.1").setHandler(handler).build();
        backend.start();
        Undertow proxy = null;
        try {
            int backendPort = ((InetSocketAddress) backend.getListenerInfo().get(0).getAddress()).getPort();
            LoadBalancingProxyClient client = new LoadBalancingProxyClient()
                    .addHost(new URI("http://127.0.0.1:" + backendPort), null, null, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
            proxy = Undertow.builder().setIoThreads(1).addHttpListener(0, "127.0.0.1")
                    .setHandler(ProxyHandler.builder().setProxyClient(client).setMaxRequestTime(maxRequestMillis).build()).build();
            proxy.start();
            URI uri = URI.create("http://127.0.0.1:" + ((InetSocketAddress) proxy.getListenerInfo().get(0).getAddress()).getPort() + "/");
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            http.send(HttpRequest.newBuilder(uri.resolve("/warm-up")).build(), HttpResponse.BodyHandlers.ofString()); // upgraded to h2c
            CompletableFuture<HttpResponse<String>> hang = http.sendAsync(HttpRequest.newBuilder(uri.resolve("/hang")).build(),
                    HttpResponse.BodyHandlers.ofString());
            hangArrived.await(HOLD_SECONDS, TimeUnit.SECONDS);
            Thread.sleep(maxRequestMillis / 2); // so that the POSTs' own time ends well after the GET's
            List<CompletableFuture<HttpResponse<String>>> answers = IntStream.range(0, posts)
                    .mapToObj(i -> http.sendAsync(HttpRequest.newBuilder(uri.resolve("/post?n=" + i)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                            HttpResponse.BodyHandlers.ofString()))
                    .toList();
            postsArrived.await(HOLD_SECONDS, TimeUnit.SECONDS);
            if (hang.join().statusCode() < 500) { // 504, or Undertow's own 503 as it closes the connection
                throw new IllegalStateException("the unanswered GET: " + hang.join().statusCode());
            }
            hangAnswered.countDown();
            return (int) answers.stream().map(CompletableFuture::join).filter(response -> response.statusCode() == 200).count();
        } finally {
            if (proxy != null) {
                proxy.stop();
            }
            backend.stop();
        }
    }

    private static void sendAtOnce(int requests, URI uri) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<CompletableFuture<HttpResponse<String>>> answers = IntStream.range(0, requests)
                .mapToObj(i -> client.sendAsync(HttpRequest.newBuilder(uri.resolve("/?n=" + i)).build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList();
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            HttpResponse<String> response = answer.join();
            if (response.statusCode() != 200 || !response.body().equals("HTTP/2.0")) {
                throw new IllegalStateException("through the proxy: " + response.statusCode() + " " + response.body());
            }
        }
    }
}
