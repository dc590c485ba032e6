package io.github.http2wildfly.shield;

import io.undertow.connector.PooledByteBuffer;
import io.undertow.server.Connectors;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http2.Http2ServerConnection;
import io.undertow.server.protocol.http.HttpContinue;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.xnio.ChannelListener;
import org.xnio.IoUtils;
import org.xnio.XnioExecutor;
import org.xnio.channels.StreamSourceChannel;

/**
 * No client's pace reaches a thread of the server: a request body is read on the I/O thread, without blocking,
 * before the application is asked (up to {@code readAhead} bytes, as nginx's {@code proxy_request_buffering} does),
 * and a body that comes slower than the {@link BodyRate} while the server waits for it is given up (Kestrel's
 * {@code MinRequestBodyDataRate}). Before the application has the request that is a {@code 408} with one line of
 * text, and the connection (HTTP/1.1) or the stream (HTTP/2) ends there; once the application reads the rest itself, a
 * body too slow ends its stream or connection, which wakes the thread that waits for it.
 *
 * <p>Written here because Undertow has neither: its {@code RequestBufferingHandler} holds a body that never comes for
 * as long as the connection lives, and a servlet's blocking read of an HTTP/2 body has no time limit at all, so one
 * client's fifty slow streams on one connection hold fifty of the server's task threads.
 */
public final class RequestBodyGuard implements HttpHandler {

    /** How often a body's pace is checked. */
    private static final long CHECK_EVERY_MILLIS = 1_000;

    private final HttpHandler next;
    private final BodyRate rate;
    private final int readAhead;

    public RequestBodyGuard(HttpHandler next, BodyRate rate, int readAhead) {
        this.next = next;
        this.rate = rate;
        this.readAhead = readAhead;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (exchange.isRequestComplete() || !exchange.isRequestChannelAvailable()) {
            next.handleRequest(exchange);
            return;
        }
        BodyPace[] pace = new BodyPace[1];
        exchange.addRequestWrapper((factory, wrapped) -> pace[0] = new BodyPace(factory.create()));
        StreamSourceChannel channel = exchange.getRequestChannel();
        Body body = new Body(exchange, channel, pace[0]);
        if (readAhead == 0 || HttpContinue.requiresContinueResponse(exchange.getRequestHeaders())) {
            // Nothing is read ahead of a client that waits for 100 Continue: the application asks for the body.
            body.handOn(false, true);
        } else {
            body.readAhead(true);
        }
    }

    /** One request's body: read ahead, then handed on with its application, its pace checked until it has come. */
    private final class Body implements ChannelListener<StreamSourceChannel>, Runnable {

        private final HttpServerExchange exchange;
        private final StreamSourceChannel channel;
        private final BodyPace pace;
        private final List<PooledByteBuffer> held = new ArrayList<>();
        private PooledByteBuffer filling;
        private int bytesHeld;
        private boolean handedOn;
        private XnioExecutor.Key check;

        Body(HttpServerExchange exchange, StreamSourceChannel channel, BodyPace pace) {
            this.exchange = exchange;
            this.channel = channel;
            this.pace = pace;
        }

        /** Reads what has come, without blocking; hands the request on once the body is whole or fills the read-ahead. */
        void readAhead(boolean inHandleRequest) throws Exception {
            try {
                while (true) {
                    if (filling == null) {
                        filling = exchange.getConnection().getByteBufferPool().allocate();
                    }
                    ByteBuffer buffer = filling.getBuffer();
                    buffer.limit(buffer.position() + Math.min(buffer.remaining(), readAhead - bytesHeld));
                    int read = channel.read(buffer);
                    if (read == -1) {
                        handOn(true, inHandleRequest);
                        return;
                    }
                    if (read == 0) {
                        channel.getReadSetter().set(this);
                        channel.resumeReads();
                        scheduleCheck();
                        return;
                    }
                    bytesHeld += read;
                    if (!buffer.hasRemaining()) {
                        buffer.flip();
                        held.add(filling);
                        filling = null;
                    }
                    if (bytesHeld >= readAhead) {
                        handOn(false, inHandleRequest);
                        return;
                    }
                }
            } catch (IOException gone) {
                // The client reset the stream or closed the connection: nobody is left to answer.
                release();
                exchange.endExchange();
            }
        }

        @Override
        public void handleEvent(StreamSourceChannel readable) {
            try {
                readAhead(false);
            } catch (Exception unexpected) {
                release();
                exchange.endExchange();
            }
        }

        /** The application gets the request, with what was read ahead of it; the pace is checked while it reads the rest. */
        void handOn(boolean whole, boolean inHandleRequest) throws Exception {
            handedOn = true;
            channel.getReadSetter().set(null);
            channel.suspendReads();
            if (filling != null && filling.getBuffer().position() > 0) {
                filling.getBuffer().flip();
                held.add(filling);
            } else if (filling != null) {
                filling.close();
            }
            filling = null;
            if (!held.isEmpty()) {
                Connectors.ungetRequestBytes(exchange, held.toArray(PooledByteBuffer[]::new));
                held.clear();
            }
            Connectors.resetRequestChannel(exchange);
            if (whole) {
                cancelCheck();
            } else {
                pace.restart();
                scheduleCheck();
            }
            if (inHandleRequest) {
                next.handleRequest(exchange);
            } else {
                Connectors.executeRootHandler(next, exchange);
            }
        }

        /** The pace, checked on the request's I/O thread once a second until the body has come or the exchange ended. */
        @Override
        public void run() {
            check = null;
            if (exchange.isComplete() || exchange.isRequestComplete()) {
                return;
            }
            if (rate.tooSlow(pace.bytes(), pace.waitedNanos(System.nanoTime()))) {
                tooSlow();
            } else {
                scheduleCheck();
            }
        }

        private void scheduleCheck() {
            if (check == null && rate.bytesPerSecond() > 0) {
                check = exchange.getIoThread().executeAfter(this, CHECK_EVERY_MILLIS, TimeUnit.MILLISECONDS);
            }
        }

        private void cancelCheck() {
            if (check != null) {
                check.remove();
                check = null;
            }
        }

        private void tooSlow() {
            if (!handedOn) {
                channel.getReadSetter().set(null);
                channel.suspendReads();
                release();
                refuse();
            } else {
                pace.refuse(tooSlowLine().trim()); // the thread waiting for the body wakes to an error
                end();
            }
        }

        private String tooSlowLine() {
            return "The request body came slower than " + rate + ": the request is refused.\n";
        }

        /**
         * The 408, then the end of what is left of the body: Undertow would otherwise read the rest of it before it ends
         * the answer (so a body that never ends would hold it), hence the request marked read first.
         */
        private void refuse() {
            Connectors.terminateRequest(exchange);
            exchange.addExchangeCompleteListener((done, nextListener) -> {
                end();
                nextListener.proceed();
            });
            exchange.setStatusCode(StatusCodes.REQUEST_TIME_OUT);
            exchange.setPersistent(false);
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain;charset=UTF-8");
            exchange.getResponseSender().send(tooSlowLine());
        }

        /** Over HTTP/2 the stream ends (RST_STREAM), over HTTP/1.1 and AJP the connection, its one request with it. */
        private void end() {
            if (exchange.getConnection() instanceof Http2ServerConnection) {
                IoUtils.safeClose(channel);
            } else {
                IoUtils.safeClose(exchange.getConnection());
            }
        }

        private void release() {
            cancelCheck();
            held.forEach(PooledByteBuffer::close);
            held.clear();
            if (filling != null) {
                filling.close();
                filling = null;
            }
        }
    }
}
