package io.github.http2wildfly.measure.attack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;

/**
 * Another client of the server while an attack runs: the JDK's HTTP/2 client on a connection of its own asks for one
 * small answer, waits for it (at most its patience), then pauses, until closed; it counts the answers that came whole
 * with the page's own status (200, or the 404 of a page that is not there) and the slowest of them. Whether everyone else is still served is what it says.
 */
public final class Bystander implements AutoCloseable {

    /** What it saw: answered of asked, and the slowest answer. */
    public record Seen(long answered, long asked, Duration slowest) {

        @Override
        public String toString() {
            return answered + " of " + asked + " answered, the slowest in " + slowest.toMillis() + " ms";
        }
    }

    private final AtomicLong asked = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong slowestNanos = new AtomicLong();
    private final Thread thread;

    private Bystander(URI url, SSLContext tls, int status, long everyMillis, Duration patience) {
        HttpClient client = HttpClient.newBuilder().sslContext(tls).version(HttpClient.Version.HTTP_2).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(patience).build();
        thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                long started = System.nanoTime();
                asked.incrementAndGet();
                try {
                    if (client.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode() == status) {
                        answered.incrementAndGet();
                    }
                } catch (IOException failed) {
                    // refused, reset or timed out: asked and not answered (a timeout counts as slow as the patience)
                } catch (InterruptedException closed) {
                    asked.decrementAndGet(); // cut short by close: neither answered nor refused
                    return;
                }
                slowestNanos.accumulateAndGet(System.nanoTime() - started, Math::max);
                try {
                    Thread.sleep(everyMillis);
                } catch (InterruptedException closed) {
                    return;
                }
            }
        }, "bystander");
        thread.setDaemon(true);
    }

    /** Starts asking {@code url}, which answers {@code status}, a pause of {@code everyMillis} after each answer. */
    public static Bystander start(URI url, SSLContext tls, int status, long everyMillis, Duration patience) {
        Bystander bystander = new Bystander(url, tls, status, everyMillis, patience);
        bystander.thread.start();
        return bystander;
    }

    /** What it saw (once closed: every request it counts has ended). */
    public Seen seen() {
        return new Seen(answered.get(), asked.get(), Duration.ofNanos(slowestNanos.get()));
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(Duration.ofSeconds(10).toMillis());
    }
}
