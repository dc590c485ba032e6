package io.github.http2wildfly.shield;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.function.IntUnaryOperator;
import org.xnio.XnioWorker;

/**
 * No client address holds every task thread: at most a share of the server's task threads runs one address's requests
 * at once; its other requests wait, in the order they came, for one of that address's own to end. Other addresses
 * never wait behind them.
 *
 * <p>A servlet blocks its thread while it writes into a window its client keeps shut (HTTP/2's flow control), so
 * without a share one client's 400 streams on a window of 0 held all 32 task threads of door 2 and nobody else was
 * served (CVE-2019-9517's zero window; ShutWindowsIT). Waiting, not refusing: a browser behind a shared address still
 * gets every answer, only fewer at once, which a page of small images does not notice (each takes microseconds).
 *
 * <p>Behind WildFly's balancer every request comes from the balancer's address; a node trusts the last entry of the
 * {@code X-Forwarded-For} the balancer adds, from that address alone ({@code forwardedBy}), so that the share is the
 * client's there too. Written here because Undertow has no such limit: its {@code RequestLimitingHandler} caps requests
 * for all clients together, which is what one client then fills.
 */
public final class ClientShare implements HttpHandler {

    private final HttpHandler next;
    private final IntUnaryOperator shareOfThreads;
    private final String forwardedBy;
    /** Each address with a request running, and what waits behind it; guarded by this. */
    private final Map<String, Lane> lanes = new HashMap<>();

    /**
     * @param shareOfThreads the most requests of one address that may run at once, given the worker's task threads
     * @param forwardedBy    the address whose {@code X-Forwarded-For} names the client (a node's balancer), or null
     */
    public ClientShare(HttpHandler next, IntUnaryOperator shareOfThreads, String forwardedBy) {
        this.next = next;
        this.shareOfThreads = shareOfThreads;
        this.forwardedBy = forwardedBy;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String client = client(exchange);
        XnioWorker worker = exchange.getConnection().getWorker();
        int share = Math.max(1, shareOfThreads.applyAsInt(worker.getMXBean().getMaxWorkerPoolSize()));
        exchange.dispatch(task -> submit(client, share, new Task(task, worker)), next);
    }

    /** The number of addresses with a request running or waiting now. */
    synchronized int clients() {
        return lanes.size();
    }

    private String client(HttpServerExchange exchange) {
        InetSocketAddress peer = exchange.getSourceAddress();
        String address = peer == null || peer.getAddress() == null ? "unknown" : peer.getAddress().getHostAddress();
        if (address.equals(forwardedBy)) {
            String forwarded = exchange.getRequestHeaders().getLast(Headers.X_FORWARDED_FOR);
            if (forwarded != null && !forwarded.isBlank()) {
                return forwarded.substring(forwarded.lastIndexOf(',') + 1).trim();
            }
        }
        return address;
    }

    private void submit(String client, int share, Task task) {
        boolean runNow;
        synchronized (this) {
            Lane lane = lanes.computeIfAbsent(client, unused -> new Lane());
            runNow = lane.running < share;
            if (runNow) {
                lane.running++;
            } else {
                lane.waiting.add(task);
            }
        }
        if (runNow) {
            start(client, task);
        }
    }

    /**
     * Runs the task on its worker, then, on the same thread, what waits behind it in its address's lane, until none does:
     * handing each on to the pool instead would wake another thread for every request of a client past its share.
     */
    private void start(String client, Task first) {
        first.worker.execute(() -> {
            Task task = first;
            try {
                while (task != null) {
                    task.run.run();
                    task = next(client);
                }
            } finally {
                if (task != null) {
                    // the task threw: its end still counts, and what waits behind it goes to the pool, not lost with it
                    Task after = next(client);
                    if (after != null) {
                        start(client, after);
                    }
                }
            }
        });
    }

    /** What waits next behind {@code client}'s task that just ended, or null once none does (the address forgotten if idle). */
    private synchronized Task next(String client) {
        Lane lane = lanes.get(client);
        Task waiting = lane.waiting.poll();
        if (waiting == null && --lane.running == 0) {
            lanes.remove(client);
        }
        return waiting;
    }

    /** A request's dispatch, and the worker that runs it. */
    private record Task(Runnable run, Executor worker) {
    }

    /** One address's requests: how many run, and those that wait for one of them to end. */
    private static final class Lane {
        int running;
        final Queue<Task> waiting = new ArrayDeque<>();
    }
}
