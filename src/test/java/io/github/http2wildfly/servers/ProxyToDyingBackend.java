package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import io.undertow.server.handlers.proxy.ProxyHandler;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import io.undertow.util.Headers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.Dispatcher;
import okhttp3.internal.http2.StreamResetException;
import org.xnio.OptionMap;
import org.xnio.Xnio;

/**
 * Undertow's reverse proxy in front of backends of which one (or each) dies in the middle of every answer: it sends
 * the status, the headers and half of a body of 10,000 bytes, then closes its connection, as a node killed while
 * answering does. Written with Undertow's public API only, as a test case sent upstream would be; {@link PatchedLibrary}
 * loads it beside Undertow's own classes or the patched ones.
 */
public final class ProxyToDyingBackend {

    static final int BODY_BYTES = 10_000;

    private ProxyToDyingBackend() {
    }

    /**
     * Sends {@code requests} GETs one after another over HTTP/1.1 through a proxy in front of a backend that dies in
     * the middle of every answer and one that answers whole; returns how many came whole (and from the healthy one).
     */
    public static int wholeAnswers(int requests) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        try {
            URI proxy = proxy(servers, List.of(backend(servers, true), backend(servers, false)));
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int whole = 0;
            for (int i = 0; i < requests; i++) {
                try {
                    HttpResponse<String> response = client.send(HttpRequest.newBuilder(proxy.resolve("/?n=" + i)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 200 && response.body().length() == BODY_BYTES && response.body().startsWith("healthy")) {
                        whole++;
                    }
                } catch (IOException lost) {
                    // the answer ended before its Content-Length: lost, as a browser's image would be
                }
            }
            return whole;
        } finally {
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * One GET over HTTP/2 (prior knowledge, clear text) through a proxy in front of two backends that both die in the
     * middle of every answer; returns the HTTP/2 error code the stream was reset with ("REFUSED_STREAM": the client
     * may retry it; "CANCEL": it may not), or the status if an answer came.
     */
    public static String resetWhenEveryBackendDies() throws Exception {
        List<Undertow> servers = new ArrayList<>();
        try {
            URI proxy = proxy(servers, List.of(backend(servers, true), backend(servers, true)));
            OkHttpClient client = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).build();
            try (Response response = client.newCall(new Request.Builder().url(proxy.toString()).build()).execute()) {
                response.body().bytes();
                return "status " + response.code();
            } catch (StreamResetException reset) {
                return reset.errorCode.name();
            } finally {
                client.dispatcher().executorService().shutdown();
                client.connectionPool().evictAll();
            }
        } finally {
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Sends {@code requests} GETs one after another over HTTP/1.1 through a proxy in front of a backend that hangs (it
     * takes every request and answers none) and one that answers; the proxy gives a request {@code maxRequestMillis},
     * and a try {@code answerTimeoutMillis} to begin its answer (io.undertow.server.handlers.proxy.answerTimeout, read
     * when this loader's ProxyHandler is first used). Returns how many came whole, from the healthy one.
     */
    public static int answersBesideAHungBackend(int requests, int maxRequestMillis, int answerTimeoutMillis) throws Exception {
        System.setProperty("io.undertow.server.handlers.proxy.answerTimeout", String.valueOf(answerTimeoutMillis));
        List<Undertow> servers = new ArrayList<>();
        try {
            Undertow hung = Undertow.builder().addHttpListener(0, "127.0.0.1")
                    .setHandler(exchange -> exchange.dispatch(() -> { })) // taken, never answered
                    .build();
            hung.start();
            servers.add(hung);
            URI hungUri = URI.create("http://127.0.0.1:" + ((InetSocketAddress) hung.getListenerInfo().get(0).getAddress()).getPort());
            LoadBalancingProxyClient client = new LoadBalancingProxyClient();
            for (URI backend : List.of(hungUri, backend(servers, false))) {
                client.addHost(backend, null, null, OptionMap.EMPTY);
            }
            URI proxy = proxy(servers, client, maxRequestMillis);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            int whole = 0;
            for (int i = 0; i < requests; i++) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(proxy.resolve("/?n=" + i)).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200 && response.body().startsWith("healthy")) {
                    whole++;
                }
            }
            return whole;
        } finally {
            System.clearProperty("io.undertow.server.handlers.proxy.answerTimeout");
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Sends {@code requests} GETs at once over HTTP/2 through a proxy that speaks h2 over TLS to a host that takes
     * connections and never says a word (no TLS handshake: a hung or silent host, to a connection opened after it
     * stopped) and to a backend that answers; the proxy gives a request {@code maxRequestMillis} and a try
     * {@code answerTimeoutMillis}. Returns how many came whole, from the backend that answers.
     */
    public static int answersBesideAHostThatNeverHandshakes(int requests, int maxRequestMillis, int answerTimeoutMillis,
            String keystore, String password) throws Exception {
        System.setProperty("io.undertow.server.handlers.proxy.answerTimeout", String.valueOf(answerTimeoutMillis));
        List<Undertow> servers = new ArrayList<>();
        try (java.net.ServerSocket mute = new java.net.ServerSocket(0, 256, java.net.InetAddress.getLoopbackAddress())) {
            List<java.net.Socket> taken = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        taken.add(mute.accept()); // held open, never read nor written
                    }
                } catch (IOException closed) {
                    // the scenario is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            Undertow healthy = h2Backend(servers, serverTls(Path.of(keystore), password.toCharArray()), new AtomicInteger());
            LoadBalancingProxyClient client = new LoadBalancingProxyClient().setConnectionsPerThread(requests);
            UndertowXnioSsl ssl = new UndertowXnioSsl(Xnio.getInstance(), OptionMap.EMPTY, trustingAll());
            int healthyPort = ((InetSocketAddress) healthy.getListenerInfo().get(0).getAddress()).getPort();
            for (int port : List.of(mute.getLocalPort(), healthyPort)) {
                client.addHost(URI.create("https://localhost:" + port), null, ssl, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
            }
            String url = proxy(servers, client, maxRequestMillis) + "?n=";
            int whole = wholeAnswersAtOnce(url, requests, new OkHttpClient.Builder().retryOnConnectionFailure(false)
                    .readTimeout(maxRequestMillis * 3L, TimeUnit.MILLISECONDS));
            taken.forEach(socket -> {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closed already
                }
            });
            return whole;
        } finally {
            System.clearProperty("io.undertow.server.handlers.proxy.answerTimeout");
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Sends {@code requests} GETs at once over HTTP/2 through a proxy that speaks h2 over TLS to two backends, and cuts
     * the link to one (its connections reset, new ones refused, as a killed process's are) once it has answered
     * {@code stopAfter}; returns how many answers came whole. A try's time ({@code answerTimeoutMillis}) bounds an answer
     * cut short that never ends. The backends take 20 ms an answer, so that many are in
     * flight on the hop when the link is cut.
     */
    public static int wholeAnswersWhenAnH2BackendStops(int requests, int stopAfter, int answerTimeoutMillis, String keystore, String password)
            throws Exception {
        System.setProperty("io.undertow.server.handlers.proxy.answerTimeout", String.valueOf(answerTimeoutMillis));
        List<Undertow> servers = new ArrayList<>();
        try {
            SSLContext tls = serverTls(Path.of(keystore), password.toCharArray());
            AtomicInteger servedByFirst = new AtomicInteger();
            Undertow first = h2Backend(servers, tls, servedByFirst);
            Undertow second = h2Backend(servers, tls, new AtomicInteger());
            LoadBalancingProxyClient client = new LoadBalancingProxyClient().setConnectionsPerThread(requests);
            UndertowXnioSsl ssl = new UndertowXnioSsl(Xnio.getInstance(), OptionMap.EMPTY, trustingAll());
            CutLink toFirst = new CutLink(((InetSocketAddress) first.getListenerInfo().get(0).getAddress()).getPort());
            int secondPort = ((InetSocketAddress) second.getListenerInfo().get(0).getAddress()).getPort();
            for (int port : List.of(toFirst.port(), secondPort)) {
                client.addHost(URI.create("https://localhost:" + port), null, ssl, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
            }
            String url = proxy(servers, client) + "?n=";
            Thread stopper = new Thread(() -> {
                while (servedByFirst.get() < stopAfter) {
                    Thread.onSpinWait();
                }
                toFirst.cut();
            });
            stopper.start();
            int whole = wholeAnswersAtOnce(url, requests, new OkHttpClient.Builder().readTimeout(90, TimeUnit.SECONDS));
            stopper.join();
            return whole;
        } finally {
            System.clearProperty("io.undertow.server.handlers.proxy.answerTimeout");
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Sends {@code requests} GETs ({@code url} followed by their number) at once over HTTP/2 (prior knowledge) with a
     * client of {@code client}'s settings; returns how many came whole (200 and the backend's whole body).
     */
    private static int wholeAnswersAtOnce(String url, int requests, OkHttpClient.Builder client) {
        Dispatcher dispatcher = new Dispatcher();
        dispatcher.setMaxRequests(requests);
        dispatcher.setMaxRequestsPerHost(requests);
        OkHttpClient h2 = client.protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE)).dispatcher(dispatcher).build();
        try {
            List<java.util.concurrent.CompletableFuture<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                Request request = new Request.Builder().url(url + i).build();
                answers.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try (Response response = h2.newCall(request).execute()) {
                        return response.code() == 200 && response.body().bytes().length == BODY_BYTES;
                    } catch (IOException lost) {
                        return false;
                    }
                }, dispatcher.executorService()));
            }
            int whole = 0;
            for (java.util.concurrent.CompletableFuture<Boolean> answer : answers) {
                whole += answer.join() ? 1 : 0;
            }
            return whole;
        } finally {
            dispatcher.executorService().shutdown();
        }
    }

    /**
     * A TCP link to a backend that can be cut as a killed process's sockets are: every connection reset (RST, not
     * FIN), and new ones refused. Written here because Undertow's own stop answers what it has dispatched with 503.
     */
    private static final class CutLink {

        private final java.net.ServerSocket listener = new java.net.ServerSocket(0, 256, java.net.InetAddress.getLoopbackAddress());
        private final List<java.net.Socket> sockets = new ArrayList<>();
        private boolean cut;

        CutLink(int backendPort) throws IOException {
            Thread acceptor = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        java.net.Socket client = listener.accept();
                        java.net.Socket backend = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), backendPort);
                        synchronized (sockets) {
                            sockets.add(client);
                            sockets.add(backend);
                            if (cut) {
                                reset(client);
                                reset(backend);
                                continue;
                            }
                        }
                        pump(client, backend);
                        pump(backend, client);
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
        }

        int port() {
            return listener.getLocalPort();
        }

        private static void pump(java.net.Socket from, java.net.Socket to) {
            Thread pump = new Thread(() -> {
                try {
                    from.getInputStream().transferTo(to.getOutputStream());
                    to.shutdownOutput();
                } catch (IOException cut) {
                    // the link was cut
                }
            });
            pump.setDaemon(true);
            pump.start();
        }

        void cut() {
            synchronized (sockets) {
                cut = true;
                try {
                    listener.close();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                sockets.forEach(CutLink::reset);
            }
        }

        private static void reset(java.net.Socket socket) {
            try {
                socket.setSoLinger(true, 0);
                socket.close();
            } catch (IOException alreadyGone) {
                // reset or closed already
            }
        }
    }

    private static Undertow h2Backend(List<Undertow> servers, SSLContext tls, AtomicInteger served) {
        HttpHandler answer = new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                if (exchange.isInIoThread()) {
                    exchange.dispatch(this);
                    return;
                }
                Thread.sleep(20);
                exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, BODY_BYTES);
                exchange.getResponseSender().send("x".repeat(BODY_BYTES));
                served.incrementAndGet();
            }
        };
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .setWorkerThreads(64)
                .addHttpsListener(0, "127.0.0.1", tls)
                .setHandler(answer)
                .build();
        server.start();
        servers.add(server);
        return server;
    }

    public static SSLContext serverTls(Path keystore, char[] password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, password);
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }

    /** The proxy trusts its backends' test certificate, whatever it is. */
    public static SSLContext trustingAll() throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) {
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, null);
        return context;
    }

    private static URI backend(List<Undertow> servers, boolean diesMidAnswer) {
        HttpHandler answer = new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                if (exchange.isInIoThread()) {
                    exchange.dispatch(this);
                    return;
                }
                exchange.startBlocking();
                exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, BODY_BYTES);
                byte[] body = ((diesMidAnswer ? "dying" : "healthy") + "x".repeat(BODY_BYTES)).substring(0, BODY_BYTES).getBytes();
                OutputStream out = exchange.getOutputStream();
                if (diesMidAnswer) {
                    out.write(body, 0, BODY_BYTES / 2);
                    out.flush();
                    exchange.getConnection().close(); // gone in the middle of the answer
                } else {
                    out.write(body);
                    out.close();
                }
            }
        };
        Undertow server = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(answer).build();
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort());
    }

    private static URI proxy(List<Undertow> servers, List<URI> backends) {
        LoadBalancingProxyClient client = new LoadBalancingProxyClient();
        backends.forEach(backend -> client.addHost(backend, null, null, OptionMap.EMPTY));
        return proxy(servers, client);
    }

    /** The proxy under test in front of the client's backends: h2c to clients, one retry, a minute per request. */
    private static URI proxy(List<Undertow> servers, LoadBalancingProxyClient client) {
        return proxy(servers, client, 60_000);
    }

    private static URI proxy(List<Undertow> servers, LoadBalancingProxyClient client, int maxRequestMillis) {
        Undertow proxy = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(ProxyHandler.builder().setProxyClient(client).setMaxRequestTime(maxRequestMillis).setMaxConnectionRetries(1).build())
                .build();
        proxy.start();
        servers.add(proxy);
        return URI.create("http://127.0.0.1:" + ((InetSocketAddress) proxy.getListenerInfo().get(0).getAddress()).getPort() + "/");
    }
}
