package io.github.http2wildfly.servers.bench.origin;

/**
 * One h2load run of one load on one server: its rate, the server's CPU time in the run and per 1,000 requests, the median
 * and 99th percentile of a request's time, and an answer's header bytes as received with what HPACK saved of them.
 */
record Sample(double requestsPerSecond, double cpuMillis, double cpuMillisPerThousand, double p50Millis, double p99Millis,
        double headerBytesPerAnswer, double headerSavingsPercent) {
}
