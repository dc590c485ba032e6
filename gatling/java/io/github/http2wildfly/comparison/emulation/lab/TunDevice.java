package io.github.http2wildfly.comparison.emulation.lab;

import com.sun.jna.NativeLong;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A TUN device: the kernel hands this program every IP packet routed to the device, and takes every packet
 * written to it as if it had arrived on a wire. Not persistent: the kernel removes the device when its file
 * is closed, also when the process dies.
 */
final class TunDevice implements PacketDevice {

    /** Every IP packet fits: the device's MTU is 1,500, and nothing larger leaves a TUN without offloads. */
    static final int MAX_PACKET = 65_535;
    private static final int POLL_MILLIS = 100;

    private final String name;
    private final int fd;
    /** Calls on the file hold it shared; closing takes it whole, so no call ever sees its number reused. */
    private final ReadWriteLock calls = new ReentrantReadWriteLock();
    private volatile boolean closed;
    private boolean released;

    private TunDevice(String name, int fd) {
        this.name = name;
        this.fd = fd;
    }

    /** A new device in the calling thread's network namespace ({@link NetworkNamespace#call}). */
    static TunDevice open(String name) {
        int fd = Libc.C.open("/dev/net/tun", Libc.O_RDWR);
        if (fd < 0) {
            throw new IllegalStateException(Libc.failed("open(/dev/net/tun)"));
        }
        byte[] ifreq = new byte[Libc.IFREQ_BYTES];
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, ifreq, 0, Math.min(bytes.length, Libc.IFNAMSIZ - 1));
        short flags = (short) (Libc.IFF_TUN | Libc.IFF_NO_PI);
        ifreq[Libc.IFNAMSIZ] = (byte) flags;
        ifreq[Libc.IFNAMSIZ + 1] = (byte) (flags >> 8);
        if (Libc.C.ioctl(fd, new NativeLong(Libc.TUNSETIFF), ifreq) != 0) {
            String failure = Libc.failed("ioctl(TUNSETIFF " + name + ")");
            Libc.C.close(fd);
            throw new IllegalStateException(failure);
        }
        return new TunDevice(name, fd);
    }

    /**
     * The next packet into {@code buffer}: its length, or -1 once closed. Waits in slices, so that a closed
     * device ends the wait (closing a file does not wake a read blocked on it).
     */
    @Override
    public int read(byte[] buffer) {
        byte[] pollfd = new byte[8];
        pollfd[0] = (byte) fd;
        pollfd[1] = (byte) (fd >> 8);
        pollfd[2] = (byte) (fd >> 16);
        pollfd[3] = (byte) (fd >> 24);
        pollfd[4] = (byte) Libc.POLLIN;
        while (true) {
            calls.readLock().lock();
            try {
                if (closed) {
                    return -1;
                }
                if (Libc.C.poll(pollfd, new NativeLong(1), POLL_MILLIS) > 0) {
                    int length = Libc.C.read(fd, buffer, new NativeLong(buffer.length));
                    if (length >= 0) {
                        return length;
                    }
                }
            } finally {
                calls.readLock().unlock();
            }
        }
    }

    /** Hands a packet to the kernel, as if it had arrived on this device. */
    @Override
    public void write(byte[] packet, int length) {
        calls.readLock().lock();
        try {
            if (!closed) {
                Libc.C.write(fd, packet, new NativeLong(length));
            }
        } finally {
            calls.readLock().unlock();
        }
    }

    String name() {
        return name;
    }

    /** Waits for a read in progress to give up (at most one poll), then closes the file: the device goes. */
    @Override
    public void close() {
        closed = true;
        calls.writeLock().lock();
        try {
            if (!released) {
                released = true;
                Libc.C.close(fd);
            }
        } finally {
            calls.writeLock().unlock();
        }
    }
}
