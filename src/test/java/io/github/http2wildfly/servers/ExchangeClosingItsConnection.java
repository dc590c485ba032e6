package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.client.ClientCallback;
import io.undertow.client.ClientConnection;
import io.undertow.client.ClientExchange;
import io.undertow.client.ClientRequest;
import io.undertow.client.UndertowClient;
import io.undertow.server.DefaultByteBufferPool;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.xnio.IoUtils;
import org.xnio.OptionMap;
import org.xnio.Options;
import org.xnio.Xnio;
import org.xnio.XnioWorker;

/**
 * Undertow's HTTP/2 client connection (prior knowledge) to an Undertow server that holds the request, with Undertow's
 * public API only, as a test case sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes
 * or the patched ones. The exchange's listener closes the connection when the exchange fails, as mod_cluster's node
 * ping does (NodePingUtil.RequestExchangeListener); then the connection is closed.
 */
public final class ExchangeClosingItsConnection {

    /** A bound on the test's length: each step takes milliseconds. */
    private static final long WAIT_SECONDS = 10;

    private ExchangeClosingItsConnection() {
    }

    /** What closing the connection did, and how often its exchange was failed. */
    public static ConnectionClosing closedWithAnExchangeWhoseListenerClosesItToo() throws Exception {
        CountDownLatch arrived = new CountDownLatch(1);
        Undertow server = Undertow.builder()
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(exchange -> exchange.dispatch(arrived::countDown)) // taken, and never answered
                .build();
        server.start();
        XnioWorker worker = Xnio.getInstance(Undertow.class.getClassLoader()).createWorker(OptionMap.create(Options.WORKER_IO_THREADS, 1));
        ClientConnection connection = null;
        try {
            int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
            connection = UndertowClient.getInstance().connect(URI.create("h2c-prior://127.0.0.1:" + port), worker,
                    new DefaultByteBufferPool(false, 16 * 1024), OptionMap.EMPTY).get();
            AtomicInteger failures = new AtomicInteger();
            ClientConnection pinged = connection;
            pinged.getIoThread().execute(() -> {
                ClientRequest request = new ClientRequest().setMethod(Methods.GET).setPath("/");
                request.getRequestHeaders().put(Headers.HOST, "127.0.0.1:" + port);
                pinged.sendRequest(request, new ClientCallback<ClientExchange>() {
                    @Override
                    public void completed(ClientExchange exchange) {
                        exchange.setResponseListener(new ClientCallback<ClientExchange>() {
                            @Override
                            public void completed(ClientExchange answered) {
                            }

                            @Override
                            public void failed(IOException e) {
                                failures.incrementAndGet();
                                IoUtils.safeClose(exchange.getConnection()); // as NodePingUtil's listener does
                            }
                        });
                    }

                    @Override
                    public void failed(IOException e) {
                    }
                });
            });
            if (!arrived.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                return new ConnectionClosing("the request never reached the server", failures.get());
            }
            CompletableFuture<ConnectionClosing> closing = new CompletableFuture<>();
            pinged.getIoThread().execute(() -> {
                try {
                    pinged.close();
                    closing.complete(new ConnectionClosing("closed", failures.get()));
                } catch (StackOverflowError e) {
                    closing.complete(new ConnectionClosing("StackOverflowError", failures.get()));
                } catch (IOException | RuntimeException e) {
                    closing.complete(new ConnectionClosing("close threw " + e, failures.get()));
                }
            });
            return closing.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } finally {
            IoUtils.safeClose(connection);
            worker.shutdownNow();
            server.stop();
        }
    }
}
