package io.github.http2wildfly.servers.bench.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the profile names a thread's group and a stack's layer, and what its section says. */
class CpuProfileTest {

    @Test
    void threadsAreGroupedByTheNamesWildFlyAndTheJvmGiveThem() {
        assertEquals("I/O threads (TLS, HTTP/2 framing, HPACK, sockets)", CpuProfile.group("default I/O-2"));
        assertEquals("task threads (servlets, the application, answers' writes)", CpuProfile.group("default task-12"));
        assertEquals("garbage collection", CpuProfile.group("GC Thread#1"));
        assertEquals("garbage collection", CpuProfile.group("G1 Conc#0"));
        assertEquals("JIT compilers", CpuProfile.group("C2 CompilerThre"));
        assertEquals("other threads", CpuProfile.group("MSC service thr"));
    }

    @Test
    void aStackIsTheLayerOfItsFirstFrameThatIsNotPlainJdk() {
        assertEquals("HPACK", CpuProfile.layer(List.of("java.util.HashMap", "io.undertow.protocols.http2.HpackEncoder",
                "io.undertow.protocols.http2.Http2Channel")));
        assertEquals("TLS (JSSE's records, AES-GCM; Undertow's SSL conduit)", CpuProfile.layer(List.of("com.sun.crypto.provider.GHASH",
                "sun.security.ssl.SSLCipher", "io.undertow.protocols.ssl.SslConduit")));
        assertEquals("sockets (XNIO, NIO)", CpuProfile.layer(List.of("sun.nio.ch.SocketDispatcher", "org.xnio.nio.NioSocketConduit")));
        assertEquals("the application's filters and servlets", CpuProfile.layer(List.of("java.lang.String",
                "io.github.http2wildfly.page.NoStoreFilter", "io.undertow.servlet.core.ManagedFilter")));
        assertEquals("the JDK alone (collections, strings, reflection)", CpuProfile.layer(List.of("java.lang.Thread")));
    }

    @Test
    void theSectionGivesEachGroupsCostPerThousandRequestsAndTheLayersOfItsSamples() {
        Map<String, double[]> threads = new LinkedHashMap<>();
        threads.put("I/O threads (TLS, HTTP/2 framing, HPACK, sockets)", new double[] {600, 200});
        threads.put("task threads (servlets, the application, answers' writes)", new double[] {200, 0});
        threads.put("garbage collection", new double[] {0, 0});
        Map<String, Map<String, Long>> samples = Map.of("I/O threads (TLS, HTTP/2 framing, HPACK, sockets)",
                new LinkedHashMap<>(Map.of("HPACK", 30L, "TLS (JSSE's records, AES-GCM; Undertow's SSL conduit)", 90L)));
        String md = new CpuProfile("WildFly, door 2", "the logo", 100_000, threads, samples).markdown();
        assertTrue(md.startsWith("### WildFly, door 2, the logo: 100,000 requests, 10.0 ms of CPU per 1,000"), md);
        assertTrue(md.contains("| I/O threads (TLS, HTTP/2 framing, HPACK, sockets) | 8.0 | 25 % | 80 % |"), md);
        assertTrue(!md.contains("| garbage collection |"), "a group that spent nothing is left out: " + md);
        assertTrue(md.indexOf("| TLS (JSSE's records, AES-GCM; Undertow's SSL conduit) | 75 % |") < md.indexOf("| HPACK | 25 % |"), md);
    }
}
