package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.protocols.ssl.UndertowXnioSsl;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import io.undertow.server.handlers.proxy.ProxyHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import org.xnio.OptionMap;
import org.xnio.Xnio;

/**
 * Undertow's reverse proxy, one I/O thread, h2 over TLS to one backend: a client starts downloads of a megabyte and
 * cancels each at its headers, each followed by a small request. The proxy gives each download up while the backend is
 * still sending it; what the backend had sent by then is data the proxy's connection never reads. Written with
 * Undertow's public API only, as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's
 * own classes or the patched ones.
 */
public final class ProxyAfterACancelledDownload {

    static final String SMALL = "small";
    private static final int CHUNK = 16_384;
    private static final int CHUNKS = 64;

    private ProxyAfterACancelledDownload() {
    }

    /**
     * The statuses, in order, of {@code downloads} downloads cancelled at their headers, each followed by a small request
     * (a 503 or 504 where a request waited out the proxy's request time of {@code maxRequestMillis}; a small answer that is not
     * the backend's counts negative), up to the first such error.
     */
    public static List<Integer> statusesAroundCancelledDownloads(int downloads, String keystore, String password, int maxRequestMillis) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        try {
            Undertow backend = Undertow.builder()
                    .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                    .addHttpsListener(0, "127.0.0.1", ProxyToDyingBackend.serverTls(Path.of(keystore), password.toCharArray()))
                    .setHandler(ProxyAfterACancelledDownload::answer)
                    .build();
            backend.start();
            servers.add(backend);
            LoadBalancingProxyClient client = new LoadBalancingProxyClient();
            UndertowXnioSsl ssl = new UndertowXnioSsl(Xnio.getInstance(), OptionMap.EMPTY, ProxyToDyingBackend.trustingAll());
            client.addHost(URI.create("https://localhost:" + port(backend)), null, ssl, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
            Undertow proxy = Undertow.builder()
                    .setIoThreads(1) // one pool, so that the small request may take the download's connection
                    .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                    .addHttpListener(0, "127.0.0.1")
                    .setHandler(ProxyHandler.builder().setProxyClient(client).setMaxRequestTime(maxRequestMillis).build())
                    .build();
            proxy.start();
            servers.add(proxy);
            String url = "http://127.0.0.1:" + port(proxy) + "/";
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .readTimeout(maxRequestMillis * 3L, TimeUnit.MILLISECONDS).build();
            List<Integer> statuses = new ArrayList<>();
            for (int i = 0; i < downloads; i++) {
                Call download = h2.newCall(new Request.Builder().url(url + "download").build());
                try (Response response = download.execute()) {
                    statuses.add(response.code());
                    download.cancel(); // at the headers: what the backend sent on is never read
                }
                try (Response response = h2.newCall(new Request.Builder().url(url + SMALL).build()).execute()) {
                    statuses.add(SMALL.equals(response.body().string()) ? response.code() : -response.code());
                }
                if (Math.abs(statuses.get(statuses.size() - 1)) >= 500) {
                    break; // the connection stalled: shown, with no more request times to wait out
                }
            }
            return statuses;
        } finally {
            servers.forEach(Undertow::stop);
        }
    }

    private static void answer(HttpServerExchange exchange) throws Exception {
        if (exchange.getRequestURI().endsWith(SMALL)) {
            exchange.getResponseSender().send(SMALL);
            return;
        }
        if (exchange.isInIoThread()) {
            exchange.dispatch(ProxyAfterACancelledDownload::answer);
            return;
        }
        exchange.startBlocking();
        OutputStream out = exchange.getOutputStream();
        try {
            for (int i = 0; i < CHUNKS; i++) {
                out.write(new byte[CHUNK]);
                out.flush();
            }
        } catch (IOException cancelled) {
            // the proxy reset the stream: the download was cancelled
        }
    }

    private static int port(Undertow server) {
        return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    }
}
