package io.github.http2wildfly.comparison.emulation.lab;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;

/**
 * The system calls the lab needs and Java has no API for: a new network namespace for the calling thread,
 * and a TUN device's file. Through JNA (a maintained library, no C to compile); errno is JNA's
 * {@link Native#getLastError()}.
 */
interface Libc extends Library {

    Libc C = Native.load("c", Libc.class);

    /** unshare(2): a new network namespace for the calling thread. */
    int CLONE_NEWNET = 0x40000000;
    int O_RDWR = 2;
    /** ioctl(2) request of /dev/net/tun: attach the file to a device (linux/if_tun.h). */
    long TUNSETIFF = 0x400454caL;
    /** A layer-3 device (IP packets), without the 4-byte packet information header. */
    short IFF_TUN = 0x0001;
    short IFF_NO_PI = 0x1000;
    /** struct ifreq: a 16-byte name, then the flags. */
    int IFREQ_BYTES = 40;
    int IFNAMSIZ = 16;
    short POLLIN = 0x0001;

    int unshare(int flags);

    int open(String path, int flags);

    int ioctl(int fd, NativeLong request, byte[] ifreq);

    int read(int fd, byte[] buffer, NativeLong count);

    int write(int fd, byte[] buffer, NativeLong count);

    /** @param pollfd one struct pollfd: int fd, short events, short revents */
    int poll(byte[] pollfd, NativeLong count, int timeoutMillis);

    int close(int fd);

    /** One line: the call, and the system's name for errno. */
    static String failed(String call) {
        int errno = Native.getLastError();
        return call + " failed: errno " + errno + " (" + strerror(errno) + ")";
    }

    private static String strerror(int errno) {
        return switch (errno) {
            case 1 -> "operation not permitted: the lab needs root";
            case 2 -> "no such file";
            case 13 -> "permission denied: the lab needs root";
            case 16 -> "device or resource busy";
            case 19 -> "no such device: the kernel has no TUN";
            default -> "see errno(3)";
        };
    }
}
