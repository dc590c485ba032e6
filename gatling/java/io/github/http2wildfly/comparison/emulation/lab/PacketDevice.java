package io.github.http2wildfly.comparison.emulation.lab;

/** Where the lab's wire takes packets from and hands them to: a TUN device, or a test's queue. */
interface PacketDevice extends AutoCloseable {

    /** The next packet into {@code buffer}: its length, or -1 once closed. */
    int read(byte[] buffer);

    /** Hands a packet on; nothing once closed. */
    void write(byte[] packet, int length);

    @Override
    void close();
}
