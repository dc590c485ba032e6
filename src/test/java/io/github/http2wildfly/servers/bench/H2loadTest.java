package io.github.http2wildfly.servers.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class H2loadTest {

    /** The seed's HTTP/2 run against nginx, as h2load printed it (the article's `h2load -n 10000 -c 100 -m 1`). */
    static final String SEED_H2 = """
            starting benchmark...
            spawning thread #0: 100 total client(s). 10000 total requests
            TLS Protocol: TLSv1.2
            Cipher: ECDHE-RSA-AES256-GCM-SHA384
            Server Temp Key: ECDH P-256 256 bits
            Application protocol: h2
            progress: 100% done

            finished in 16.48s, 606.71 req/s, 111.68KB/s
            requests: 10000 total, 10000 started, 10000 done, 10000 succeeded, 0 failed, 0 errored, 0 timeout
            status codes: 10000 2xx, 0 3xx, 0 4xx, 0 5xx
            traffic: 1.80MB (1884900) total, 488.28KB (500000) headers (space savings 50.00%), 1.14MB (1200000) data
                                 min         max         mean         sd        +/- sd
            time for request:     4.79ms    569.48ms    139.27ms     62.27ms    71.73%
            """;

    /** The seed's HTTP/1.1 run. */
    static final String SEED_H1 = """
            finished in 15.66s, 638.47 req/s, 166.04KB/s
            requests: 10000 total, 10000 started, 10000 done, 10000 succeeded, 0 failed, 0 errored, 0 timeout
            status codes: 10000 2xx, 0 3xx, 0 4xx, 0 5xx
            traffic: 2.54MB (2663100) total, 1.05MB (1099500) headers (space savings 0.00%), 1.14MB (1200000) data
            time for request:     3.12ms    498.72ms    128.90ms     60.07ms    74.42%
            """;

    @Test
    void theSummaryGivesTheRateTheHeaderBytesAndHpacksSavings() {
        H2load.Summary summary = H2load.parse(SEED_H2);
        assertEquals(606.71, summary.requestsPerSecond());
        assertEquals(10_000, summary.requests());
        assertEquals(1_884_900, summary.totalBytes());
        assertEquals(500_000, summary.headerBytes());
        assertEquals(50.0, summary.headerSavingsPercent());
        assertEquals(1_200_000, summary.dataBytes());
        assertTrue(summary.all2xx());
    }

    @Test
    void overHttp11HpackSavesNothing() {
        H2load.Summary summary = H2load.parse(SEED_H1);
        assertEquals(638.47, summary.requestsPerSecond());
        assertEquals(1_099_500, summary.headerBytes());
        assertEquals(0.0, summary.headerSavingsPercent());
    }

    @Test
    void aRunWithAFailedOrNon2xxRequestIsNotAll2xx() {
        H2load.Summary failed = H2load.parse(SEED_H2.replace("10000 succeeded, 0 failed", "9999 succeeded, 1 failed")
                .replace("10000 2xx", "9999 2xx"));
        assertFalse(failed.all2xx());
        H2load.Summary notFound = H2load.parse(SEED_H2.replace("10000 2xx, 0 3xx, 0 4xx", "9990 2xx, 0 3xx, 10 4xx"));
        assertFalse(notFound.all2xx());
    }

    @Test
    void aRunInMillisecondsIsReadToo() {
        assertEquals(12_345.6, H2load.parse(SEED_H2.replace("finished in 16.48s, 606.71 req/s", "finished in 810.02ms, 12345.60 req/s"))
                .requestsPerSecond());
    }

    @Test
    void outputWithoutASummarySaysWhatH2loadPrinted() {
        IllegalStateException said = assertThrows(IllegalStateException.class, () -> H2load.parse("connect to localhost: Connection refused\n"));
        assertTrue(said.getMessage().contains("Connection refused"), said.getMessage());
    }

    @Test
    void theTlsItNegotiatedIsWhatItPrintedOfTheConnection() {
        assertEquals("TLSv1.2, ECDHE-RSA-AES256-GCM-SHA384, ECDH P-256 256 bits, h2", H2load.tls(SEED_H2));
        assertEquals("no TLS said", H2load.tls(SEED_H1));
    }

    @Test
    void theBalancersLineSaysHowManyCameAndTheSlowest() {
        assertEquals("10000 of 10000 2xx, slowest 569.48ms", H2load.said(SEED_H2));
    }
}
