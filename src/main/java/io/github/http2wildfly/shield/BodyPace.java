package io.github.http2wildfly.shield;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.xnio.channels.StreamSinkChannel;
import org.xnio.conduits.AbstractStreamSourceConduit;
import org.xnio.conduits.StreamSourceConduit;

/**
 * A request body's conduit that counts its bytes and the time the server spent waiting for them: while a thread
 * blocks for the next bytes ({@code awaitReadable}) and while reads are resumed (a non-blocking reader waiting, as
 * {@link RequestBodyGuard} is while it reads the body ahead of the application). The guard's timer reads the two
 * counts from the I/O thread; the reader updates them from its own.
 */
final class BodyPace extends AbstractStreamSourceConduit<StreamSourceConduit> {

    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong waitedNanos = new AtomicLong();
    /** How many are waiting now (the guard, a blocked thread, resumed reads), and since when the first of them. */
    private int waiting;
    private long waitingSince;
    /** Whether reads are resumed: a non-blocking reader waits until it suspends them. */
    private boolean resumed;
    /** The thread blocked for the next bytes, if one is. */
    private Thread waiter;
    private String refusal;

    BodyPace(StreamSourceConduit next) {
        super(next);
    }

    long bytes() {
        return bytes.get();
    }

    /** The time waited so far, the wait going on now included. */
    synchronized long waitedNanos(long now) {
        return waitedNanos.get() + (waiting > 0 ? now - waitingSince : 0);
    }

    private synchronized void startWaiting() {
        if (waiting++ == 0) {
            waitingSince = System.nanoTime();
        }
    }

    private synchronized void stopWaiting() {
        if (waiting > 0 && --waiting == 0) {
            waitedNanos.addAndGet(System.nanoTime() - waitingSince);
        }
    }

    /** Counts from zero again: the application's wait is judged on its own, not with the guard's read ahead. */
    synchronized void restart() {
        bytes.set(0);
        waitedNanos.set(0);
        if (waiting > 0) {
            waitingSince = System.nanoTime();
        }
    }

    /**
     * Ends the body for its reader: a thread blocked for it wakes (an interrupt is what reaches a thread in a selector or a
     * lock's wait, whatever the protocol), and every read from now on fails with {@code why}.
     */
    synchronized void refuse(String why) {
        refusal = why;
        if (waiter != null) {
            waiter.interrupt();
        }
    }

    private synchronized void failIfRefused() throws IOException {
        if (refusal != null) {
            throw new IOException(refusal);
        }
    }

    private <T extends Number> T counted(T read) {
        if (read.longValue() > 0) {
            bytes.addAndGet(read.longValue());
        }
        return read;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        failIfRefused();
        return counted(next.read(dst));
    }

    @Override
    public long read(ByteBuffer[] dsts, int offs, int len) throws IOException {
        failIfRefused();
        return counted(next.read(dsts, offs, len));
    }

    @Override
    public long transferTo(long position, long count, FileChannel target) throws IOException {
        failIfRefused();
        return counted(next.transferTo(position, count, target));
    }

    @Override
    public long transferTo(long count, ByteBuffer throughBuffer, StreamSinkChannel target) throws IOException {
        failIfRefused();
        return counted(next.transferTo(count, throughBuffer, target));
    }

    @Override
    public void awaitReadable() throws IOException {
        await(() -> next.awaitReadable());
    }

    @Override
    public void awaitReadable(long time, TimeUnit timeUnit) throws IOException {
        await(() -> next.awaitReadable(time, timeUnit));
    }

    private interface Wait {
        void run() throws IOException;
    }

    private void await(Wait wait) throws IOException {
        synchronized (this) {
            failIfRefused();
            waiter = Thread.currentThread();
            startWaiting();
        }
        try {
            wait.run();
        } catch (InterruptedIOException interrupted) {
            failIfRefused();
            throw interrupted;
        } finally {
            synchronized (this) {
                waiter = null;
                stopWaiting();
                if (refusal != null) {
                    Thread.interrupted(); // the refusal's interrupt, not the thread's own: the pool's thread goes on clean
                }
            }
        }
        failIfRefused();
    }

    @Override
    public void resumeReads() {
        markResumed();
        next.resumeReads();
    }

    @Override
    public void wakeupReads() {
        markResumed();
        next.wakeupReads();
    }

    private synchronized void markResumed() {
        if (!resumed) {
            resumed = true;
            startWaiting();
        }
    }

    @Override
    public void suspendReads() {
        synchronized (this) {
            if (resumed) {
                resumed = false;
                stopWaiting();
            }
        }
        next.suspendReads();
    }
}
