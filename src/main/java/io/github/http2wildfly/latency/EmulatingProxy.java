package io.github.http2wildfly.latency;

import java.io.Closeable;

/** A delay proxy on a loopback port, TCP ({@link DelayProxy}) or UDP ({@link DatagramDelayProxy}): what a run counts. */
public interface EmulatingProxy extends Closeable {

    /** Where clients reach it. */
    int port();

    /** The connections clients made to it: TCP connections, or QUIC's (one client address each). */
    long connectionsAccepted();

    /** The payload it has delivered, both ways. */
    long bytesForwarded();
}
