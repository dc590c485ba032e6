package io.github.http2wildfly.servers;

import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.server.handlers.proxy.LoadBalancingProxyClient;
import io.undertow.server.handlers.proxy.ProxyHandler;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import org.xnio.OptionMap;

/**
 * The proxy the hop's scenarios put between their clients and {@link ScriptedNode}s: Undertow's {@code ProxyHandler}
 * over a {@code LoadBalancingProxyClient}, h2c to the nodes and to the clients. {@link PatchedLibrary} loads it beside
 * each scenario, with the same Undertow, patched or not.
 */
public final class UndertowProxies {

    private UndertowProxies() {
    }

    /** A proxy client to these nodes over h2c (HTTP/2 in clear text, the upgrade on each connection's first request). */
    public static LoadBalancingProxyClient toNodes(ScriptedNode... nodes) {
        return toNodes(new LoadBalancingProxyClient().getConnectionsPerThread(), nodes);
    }

    /** The same, its pools holding up to {@code connectionsPerThread} connections to a node (set before any is added). */
    public static LoadBalancingProxyClient toNodes(int connectionsPerThread, ScriptedNode... nodes) {
        LoadBalancingProxyClient client = new LoadBalancingProxyClient().setConnectionsPerThread(connectionsPerThread);
        for (ScriptedNode node : nodes) {
            client.addHost(URI.create("http://127.0.0.1:" + node.port()), null, null, OptionMap.create(UndertowOptions.ENABLE_HTTP2, true));
        }
        return client;
    }

    /**
     * A proxy with one I/O thread (one pool: every request to a node on one connection while it has room), started and
     * added to {@code servers}; {@code maxRequestMillis} -1 for none, {@code retries} -1 for Undertow's default.
     *
     * @return its address, "http://127.0.0.1:port"
     */
    public static String start(List<Undertow> servers, LoadBalancingProxyClient client, int maxRequestMillis, int retries) {
        ProxyHandler.Builder handler = ProxyHandler.builder().setProxyClient(client).setMaxRequestTime(maxRequestMillis);
        if (retries >= 0) {
            handler.setMaxConnectionRetries(retries);
        }
        Undertow proxy = Undertow.builder()
                .setIoThreads(1)
                .setServerOption(UndertowOptions.ENABLE_HTTP2, true)
                .addHttpListener(0, "127.0.0.1")
                .setHandler(handler.build())
                .build();
        proxy.start();
        servers.add(proxy);
        return "http://127.0.0.1:" + ((InetSocketAddress) proxy.getListenerInfo().get(0).getAddress()).getPort();
    }
}
