package io.github.http2wildfly.measure.attack;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import okhttp3.ConnectionPool;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Another client of the server while an attack runs, measured as a stranger would: a GET on a fresh connection on a
 * fixed schedule that does not wait for answers (open loop: a request is due whether or not the last came), from a
 * client address of its own. A request is served when its {@code 200} (or the status the caller's page answers) and
 * its whole body came within the patience, counted from when it was due (a late start is the server's delay too). What
 * it says is each window's share served and its 99th percentile.
 */
public final class OpenLoopBystander implements AutoCloseable {

    /** One request's fate: when it was due (ms since the start) and how long until served, or -1 when it never was. */
    private record Try(long dueMillis, long servedNanos) {
    }

    /** What one window of the run saw. */
    public record Window(Duration start, int asked, int served, Duration p99) {

        public double availability() {
            return asked == 0 ? 1 : (double) served / asked;
        }
    }

    /** What it saw over the whole run, and window by window. */
    public record Seen(int asked, int served, Duration p99, List<Window> windows) {

        public double availability() {
            return asked == 0 ? 1 : (double) served / asked;
        }

        /** The window with the smallest share served. */
        public Window worstWindow() {
            return windows.stream().min((a, b) -> Double.compare(a.availability(), b.availability())).orElseThrow();
        }

        @Override
        public String toString() {
            Window worst = worstWindow();
            return String.format("%d of %d served in time (%.1f %%), p99 %s; the worst %d s window, from %d s: %d of %d, p99 %s",
                    served, asked, 100 * availability(), millis(p99), WINDOW.toSeconds(), worst.start().toSeconds(),
                    worst.served(), worst.asked(), millis(worst.p99()));
        }

        private static String millis(Duration duration) {
            return duration.equals(NEVER) ? "never" : duration.toMillis() + " ms";
        }
    }

    /** The width of a window of the report. */
    public static final Duration WINDOW = Duration.ofSeconds(5);
    /** The percentile of a window where more than 1 % of it was never served. */
    private static final Duration NEVER = Duration.ofDays(1);

    private final OkHttpClient base;
    private final Request request;
    private final int status;
    private final Duration patience;
    private final long started = System.nanoTime();
    private final ScheduledExecutorService schedule = Executors.newSingleThreadScheduledExecutor(daemon("bystander-schedule"));
    private final ExecutorService requests = Executors.newCachedThreadPool(daemon("bystander-request"));
    private final ConcurrentLinkedQueue<Try> tries = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> inFlight = new ConcurrentLinkedQueue<>();

    private OpenLoopBystander(OkHttpClient client, URI url, int status, InetAddress from, Duration patience) {
        this.base = client.newBuilder().socketFactory(boundTo(from)).callTimeout(patience).build();
        this.request = new Request.Builder().url(url.toString()).build();
        this.status = status;
        this.patience = patience;
    }

    /**
     * Asks {@code url} every {@code every} from the address {@code from} (on loopback any 127.x.y.z), each on a
     * connection of its own; {@code client} brings the trust and protocols, its connections are not shared.
     */
    public static OpenLoopBystander start(OkHttpClient client, URI url, InetAddress from, Duration every, Duration patience) {
        return start(client, url, 200, from, every, patience);
    }

    /** The same for a page whose own answer is {@code status} (the server check asks for a page that may answer 404). */
    public static OpenLoopBystander start(OkHttpClient client, URI url, int status, InetAddress from, Duration every, Duration patience) {
        OpenLoopBystander bystander = new OpenLoopBystander(client, url, status, from, patience);
        bystander.schedule.scheduleAtFixedRate(bystander::ask, 0, every.toNanos(), TimeUnit.NANOSECONDS);
        return bystander;
    }

    private void ask() {
        long due = System.nanoTime();
        inFlight.add(due);
        requests.execute(() -> {
            // A pool of its own: a fresh connection, never one another request opened.
            OkHttpClient fresh = base.newBuilder().connectionPool(new ConnectionPool(0, 1, TimeUnit.MILLISECONDS)).build();
            long served = -1;
            try (Response response = fresh.newCall(request).execute()) {
                response.body().bytes();
                long took = System.nanoTime() - due;
                if (response.code() == status && took <= patience.toNanos()) {
                    served = took;
                }
            } catch (IOException notServed) {
                // refused, reset or out of patience: asked, not served
            } finally {
                fresh.connectionPool().evictAll();
                tries.add(new Try(TimeUnit.NANOSECONDS.toMillis(due - started), served));
                inFlight.remove(due);
            }
        });
    }

    /**
     * Stops asking, and gives what is in flight its patience to be served: a request due just before the end is not
     * counted out for coming after it (a short attack's bystander asks only a few). What is still going then is not served.
     */
    @Override
    public void close() throws InterruptedException {
        schedule.shutdownNow();
        schedule.awaitTermination(5, TimeUnit.SECONDS);
        requests.shutdown();
        requests.awaitTermination(patience.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS); // each call ends within its patience
        inFlight.forEach(due -> tries.add(new Try(TimeUnit.NANOSECONDS.toMillis(due - started), -1)));
        inFlight.clear();
        requests.shutdownNow();
    }

    /** What it saw (once closed: every request it made is counted). */
    public Seen seen() {
        List<Try> all = new ArrayList<>(tries);
        List<Window> windows = new ArrayList<>();
        long last = all.stream().mapToLong(Try::dueMillis).max().orElse(0);
        for (long from = 0; from <= last; from += WINDOW.toMillis()) {
            long start = from;
            List<Try> in = all.stream().filter(t -> t.dueMillis() >= start && t.dueMillis() < start + WINDOW.toMillis()).toList();
            if (!in.isEmpty()) {
                windows.add(new Window(Duration.ofMillis(start), in.size(), served(in), p99(in)));
            }
        }
        if (windows.isEmpty()) {
            windows.add(new Window(Duration.ZERO, 0, 0, Duration.ZERO));
        }
        return new Seen(all.size(), served(all), p99(all), windows);
    }

    private static int served(List<Try> tries) {
        return (int) tries.stream().filter(t -> t.servedNanos() >= 0).count();
    }

    /** The 99th percentile of the times to be served, a request never served counting as slower than any. */
    private static Duration p99(List<Try> tries) {
        if (tries.isEmpty()) {
            return Duration.ZERO;
        }
        long[] nanos = tries.stream().mapToLong(t -> t.servedNanos() < 0 ? Long.MAX_VALUE : t.servedNanos()).sorted().toArray();
        long p99 = nanos[(int) Math.ceil(0.99 * nanos.length) - 1];
        return p99 == Long.MAX_VALUE ? NEVER : Duration.ofNanos(p99);
    }

    /** Sockets whose client end is {@code address}, so that the server sees another client than the attacker. */
    private static SocketFactory boundTo(InetAddress address) {
        return new SocketFactory() {
            @Override
            public Socket createSocket() throws IOException {
                Socket socket = new Socket();
                socket.bind(new InetSocketAddress(address, 0));
                return socket;
            }

            @Override
            public Socket createSocket(String host, int port) throws IOException {
                return connected(new InetSocketAddress(host, port));
            }

            @Override
            public Socket createSocket(InetAddress host, int port) throws IOException {
                return connected(new InetSocketAddress(host, port));
            }

            /** The local end is the bystander's whatever the caller asks: another would not be the bystander. */
            @Override
            public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
                return connected(new InetSocketAddress(host, port));
            }

            @Override
            public Socket createSocket(InetAddress host, int port, InetAddress localAddress, int localPort) throws IOException {
                return connected(new InetSocketAddress(host, port));
            }

            private Socket connected(InetSocketAddress server) throws IOException {
                Socket socket = createSocket();
                socket.connect(server);
                return socket;
            }
        };
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
