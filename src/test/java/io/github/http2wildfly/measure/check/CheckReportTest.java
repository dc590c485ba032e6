package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class CheckReportTest {

    private final CheckReport report = new CheckReport(URI.create("https://example.org/"), Instant.parse("2026-11-29T03:00:00Z"), List.of(
            Finding.pass("ALPN, OkHttp, TLS 1.3 and 1.2 offered", "h2 over TLSv1.3"),
            new Finding("a 64 KiB header over h2", Grade.WARN, "no answer: stream was reset | REFUSED_STREAM", "answer <431>"),
            new Finding("server identity", Grade.FAIL, "Undertow 2.3.9 lacks the fix for rapid reset", "a newer WildFly"),
            Finding.info("h2c", "not checked", "-Dcheck.http.url=…")));

    @Test
    void theJunitReportFailsTheFailAloneAndSkipsTheInfo() throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(report.junit().getBytes(StandardCharsets.UTF_8)));
        assertEquals("4", xml.getDocumentElement().getAttribute("tests"));
        assertEquals("1", xml.getDocumentElement().getAttribute("failures"));
        assertEquals(1, xml.getElementsByTagName("failure").getLength());
        assertEquals(1, xml.getElementsByTagName("skipped").getLength());
    }

    @Test
    void theMarkdownIsOneTableRowAFindingItsPipesEscaped() {
        List<String> rows = report.markdown().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| verdict")).toList();
        assertEquals(4, rows.size(), report.markdown());
        assertTrue(rows.get(1).contains("stream was reset \\| REFUSED_STREAM"), rows.get(1));
        assertTrue(report.markdown().contains("1 pass, 1 warn, 1 fail, 1 info"));
    }

    @Test
    void theHtmlEscapesWhatTheServerSaid() {
        assertTrue(report.html().contains("answer &lt;431&gt;"));
        assertTrue(report.html().contains("<tr class=\"FAIL\">"));
    }
}
