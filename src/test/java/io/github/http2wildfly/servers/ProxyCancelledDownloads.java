package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.CancellingClient;
import io.github.http2wildfly.measure.net.StalledReader;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.xnio.OptionMap;
import org.xnio.Xnio;

/**
 * Undertow's reverse proxy ({@link UndertowProxies}: one I/O thread, so one connection to the node while it has room)
 * in front of an Undertow node over h2, whose answers are a megabyte written as a servlet writes it, blocking; a client
 * ({@link CancellingClient}: Netty's, with nghttp2's stream window) starts downloads and cancels each at its headers, as a browser does when its user leaves a page of large
 * images (RST_STREAM CANCEL). The node counts its writers still waiting to write. Written with Undertow's public API
 * only, as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the
 * patched ones.
 */
public final class ProxyCancelledDownloads {

    private static final Path KEYSTORE = Path.of("keystore/localhost.p12");
    private static final char[] PASSWORD = "changeit".toCharArray();
    private static final int CHUNK = 16_384;
    private static final int CHUNKS = 64;
    /** How long the node's writers may take to see the resets: far past what loopback needs. */
    private static final long SETTLE_MILLIS = 5_000;

    static final String RESET_BUDGET = "io.undertow.client.http2.resetBudget";
    /** Undertow's rapid-reset defence: past 200 resets in 30 s on a connection (sent or received), it is closed. */
    private static final int DEFENCE_LIMIT = 200;

    private ProxyCancelledDownloads() {
    }

    /** {@code downloads} downloads cancelled at their headers, one after another: the node's writers still waiting after. */
    public static int writersLeftAfterCancels(int downloads) throws Exception {
        try (Node node = new Node()) {
            List<Undertow> servers = new ArrayList<>();
            try {
                String proxy = UndertowProxies.start(servers, node.proxyClient(), -1, -1);
                require(cancelDownloads(proxy, downloads), downloads);
                return writersLeft(node);
            } finally {
                servers.forEach(Undertow::stop);
            }
        }
    }

    /**
     * {@code readers} downloads whose readers stall (they give no credit back: the proxy's next frame waits for their
     * window) and then leave (RST_STREAM CANCEL): the node's writers still waiting after.
     */
    public static int writersLeftAfterStalledReadersLeave(int readers) throws Exception {
        try (Node node = new Node()) {
            List<Undertow> servers = new ArrayList<>();
            URI proxy = URI.create(UndertowProxies.start(servers, node.proxyClient(), -1, -1));
            List<StalledReader> stalled = StalledReader.open(proxy.getHost(), proxy.getPort(), "/download", readers);
            try {
                StalledReader.awaitStalled(stalled);
                for (StalledReader reader : stalled) {
                    reader.cancel();
                }
                return writersLeft(node);
            } finally {
                for (StalledReader reader : stalled) {
                    reader.close();
                }
                servers.forEach(Undertow::stop);
            }
        }
    }

    /**
     * A POST in flight on the proxy's connection to the node (its answer held by the node) while {@code downloads}
     * downloads are cancelled at their headers, more than the node's rapid-reset defence allows one connection: the
     * POST's status once the node answers it (-1: it failed).
     */
    public static int postBesideCancels(int downloads) throws Exception {
        try (Node node = new Node()) {
            List<Undertow> servers = new ArrayList<>();
            try {
                String proxy = UndertowProxies.start(servers, node.proxyClient(), -1, -1);
                OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                        .retryOnConnectionFailure(false).readTimeout(30, TimeUnit.SECONDS).build();
                CompletableFuture<Integer> post = CompletableFuture.supplyAsync(() -> ProxyAbandoningTries.statusOf(h2,
                        new Request.Builder().url(proxy + "/held").post(RequestBody.create("x", MediaType.get("text/plain"))).build()));
                if (!node.held.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the POST did not reach the node");
                }
                require(cancelDownloads(proxy, downloads), DEFENCE_LIMIT + 1);
                node.release.countDown();
                return post.get(30, TimeUnit.SECONDS);
            } finally {
                node.release.countDown();
                servers.forEach(Undertow::stop);
            }
        }
    }

    private static int writersLeft(Node node) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS); // a guard, not a measurement
        while (node.writers.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return node.writers.get();
    }

    /** Downloads through the proxy, each cancelled at its headers, once its answer has begun: how many began. */
    private static int cancelDownloads(String proxy, int downloads) throws Exception {
        URI uri = URI.create(proxy);
        try (CancellingClient client = new CancellingClient(uri.getHost(), uri.getPort())) {
            return client.cancelAtHeaders("/download", downloads, Duration.ofSeconds(30));
        }
    }

    /** The scenario shows something only if at least {@code needed} downloads began. */
    private static void require(int begun, int needed) {
        if (begun < needed) {
            throw new IllegalStateException(begun + " downloads began, fewer than " + needed + ": the scenario shows nothing");
        }
    }

    /** The node: a megabyte per download, written blocking, its writers counted; a POST to /held answered once released. */
    private static final class Node implements AutoCloseable {

        final AtomicInteger writers = new AtomicInteger();
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        private final Undertow server;

        Node() throws Exception {
            server = Undertow.builder()
                    .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                    .setWorkerThreads(64)
                    .addHttpsListener(0, "127.0.0.1", ProxyToDyingBackend.serverTls(KEYSTORE, PASSWORD))
                    .setHandler(this::answer)
                    .build();
            server.start();
        }

        /** To the node over h2 (TLS, ALPN), one connection while it has room, as the balancer's h2 hop. */
        LoadBalancingProxyClient proxyClient() throws Exception {
            int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
            UndertowXnioSsl ssl = new UndertowXnioSsl(Xnio.getInstance(), OptionMap.EMPTY, ProxyToDyingBackend.trustingAll());
            return new LoadBalancingProxyClient().addHost(URI.create("https://localhost:" + port), null, ssl,
                    OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
        }

        private void answer(HttpServerExchange exchange) throws Exception {
            if (exchange.isInIoThread()) {
                exchange.dispatch(this::answer);
                return;
            }
            exchange.startBlocking();
            if (exchange.getRequestPath().endsWith("/held")) {
                exchange.getInputStream().readAllBytes();
                held.countDown();
                release.await(30, TimeUnit.SECONDS);
                exchange.getOutputStream().write("held".getBytes());
                return;
            }
            if (!exchange.getRequestPath().endsWith("/download")) {
                return; // 200, empty
            }
            writers.incrementAndGet();
            try {
                OutputStream out = exchange.getOutputStream();
                for (int i = 0; i < CHUNKS; i++) {
                    out.write(new byte[CHUNK]);
                    out.flush();
                }
            } catch (IOException cancelled) {
                // the proxy reset the stream: the download was cancelled, and this writer is free
            } finally {
                writers.decrementAndGet();
            }
        }

        @Override
        public void close() {
            server.stop();
        }
    }
}
