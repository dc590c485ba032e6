package io.github.http2wildfly.servers;

import io.github.http2wildfly.measure.net.StalledReader;
import io.undertow.Undertow;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Undertow's reverse proxy, one I/O thread, h2c to one node ({@link ScriptedNode}): a few clients ask it for a large
 * answer and stop giving flow-control credit back ({@link StalledReader}), then another client asks for small answers
 * one after the other. The proxy multiplexes its connection to the node, so the stalled answers and the small ones
 * share it; a small answer must not wait on a stalled one. Written with Undertow's public API only, as a test case
 * sent upstream would be; {@link PatchedLibrary} loads it beside Undertow's own classes or the patched ones.
 */
public final class ProxyWithStalledReaders {

    /** What a small answer may take before it counts as waiting on the stalled ones: far past any loopback answer. */
    private static final int STUCK_MILLIS = 5_000;
    private static final String STREAM_IDLE_TIMEOUT = "io.undertow.server.handlers.proxy.streamIdleTimeout";

    private ProxyWithStalledReaders() {
    }

    /**
     * Starts {@code stalled} stalled readers of {@code /large}, waits until each has had the opening window of its
     * answer and no more, then asks for {@code small} small answers one after the other. Returns their statuses in
     * order (-1 for one not answered within {@value #STUCK_MILLIS} ms), up to the first that is not 200.
     *
     * @throws IllegalStateException if the readers did not stall, so that nothing was shown
     */
    public static List<Integer> smallAnswersBesideStalledReaders(int stalled, int small) throws Exception {
        List<Undertow> servers = new ArrayList<>();
        List<StalledReader> readers = new ArrayList<>();
        try (ScriptedNode node = new ScriptedNode(100)) {
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .callTimeout(STUCK_MILLIS, TimeUnit.MILLISECONDS).build();
            int port = proxyBesideStalledReaders(servers, node, h2, readers, stalled);
            List<Integer> statuses = new ArrayList<>();
            for (int i = 0; i < small && (statuses.isEmpty() || statuses.get(statuses.size() - 1) == 200); i++) {
                statuses.add(smallAnswer(h2, port));
            }
            for (StalledReader reader : readers) {
                if (reader.dataReceived() > StalledReader.OPENING_WINDOW) {
                    throw new IllegalStateException("a reader that gives no credit back received " + reader.dataReceived() + " bytes");
                }
            }
            return statuses;
        } finally {
            for (StalledReader reader : readers) {
                reader.close();
            }
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * With the proxy's stream idle timeout at {@code idleMillis}: {@code stalled} readers of {@code /large} that stall,
     * beside one that reads it slowly (its credit given back 32 KiB at a time, every fifth of the idle timeout, far
     * slower than the node sends). What they saw once the slow one has it all, and the idle timeout has passed twice
     * more.
     */
    public static StalledAndSlowReaders stalledReadersBesideASlowOne(int stalled, int idleMillis) throws Exception {
        System.setProperty(STREAM_IDLE_TIMEOUT, String.valueOf(idleMillis));
        List<Undertow> servers = new ArrayList<>();
        List<StalledReader> readers = new ArrayList<>();
        try (ScriptedNode node = new ScriptedNode(100)) {
            OkHttpClient h2 = new OkHttpClient.Builder().protocols(List.of(Protocol.H2_PRIOR_KNOWLEDGE))
                    .callTimeout(STUCK_MILLIS, TimeUnit.MILLISECONDS).build();
            int port = proxyBesideStalledReaders(servers, node, h2, readers, stalled);
            try (StalledReader slow = new StalledReader("127.0.0.1", port, "/large?slow")) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (slow.dataReceived() < ScriptedNode.LARGE && !slow.resetByTheServer() && System.nanoTime() < deadline) {
                    Thread.sleep(idleMillis / 5);
                    slow.credit(32 * 1024);
                }
                Thread.sleep(2L * idleMillis);
                int reset = (int) readers.stream().filter(StalledReader::resetByTheServer).count();
                return new StalledAndSlowReaders(node.openStreams(), reset, stalled, slow.dataReceived());
            }
        } finally {
            System.clearProperty(STREAM_IDLE_TIMEOUT);
            for (StalledReader reader : readers) {
                reader.close();
            }
            servers.forEach(Undertow::stop);
        }
    }

    /**
     * Starts the proxy in front of the node, its connection to the node opened (upgraded to h2c) by a small answer, then
     * {@code stalled} readers of {@code /large} through it, once each has stalled; returns the proxy's port.
     */
    private static int proxyBesideStalledReaders(List<Undertow> servers, ScriptedNode node, OkHttpClient h2, List<StalledReader> readers,
            int stalled) throws IOException, InterruptedException {
        int port = URI.create(UndertowProxies.start(servers, UndertowProxies.toNodes(node), -1, -1)).getPort();
        smallAnswer(h2, port);
        readers.addAll(StalledReader.open("127.0.0.1", port, "/large", stalled));
        StalledReader.awaitStalled(readers);
        return port;
    }

    private static int smallAnswer(OkHttpClient h2, int port) {
        try (Response response = h2.newCall(new Request.Builder().url("http://127.0.0.1:" + port + "/small").build()).execute()) {
            return response.body().bytes().length == ScriptedNode.SMALL ? response.code() : -response.code();
        } catch (InterruptedIOException stuck) {
            return -1;
        } catch (IOException e) {
            return -2;
        }
    }
}
