package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class CheckReportTest {

    /** Where check.html holds its data (report/check.html). */
    private static final String DATA_ELEMENT = "<script type=\"application/json\" id=\"run\">";

    /** The check's report the tests read (CheckReportPageIT in a browser too). */
    static final CheckReport REPORT = new CheckReport(URI.create("https://example.org/"), Instant.parse("2026-11-29T03:00:00Z"), List.of(
            Finding.pass("ALPN, OkHttp, TLS 1.3 and 1.2 offered", "h2 over TLSv1.3"),
            new Finding("a 64 KiB header over h2", Grade.WARN, "no answer: stream was reset | REFUSED_STREAM", "answer <431>"),
            new Finding("server identity", Grade.FAIL, "Undertow 2.3.9 lacks the fix for rapid reset", "a newer WildFly"),
            Finding.info("h2c", "not checked", "-Dcheck.http.url=…")));

    @Test
    void theJunitReportFailsTheFailAloneAndSkipsTheInfo() throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(REPORT.junit().getBytes(StandardCharsets.UTF_8)));
        assertEquals("4", xml.getDocumentElement().getAttribute("tests"));
        assertEquals("1", xml.getDocumentElement().getAttribute("failures"));
        assertEquals(1, xml.getElementsByTagName("failure").getLength());
        assertEquals(1, xml.getElementsByTagName("skipped").getLength());
    }

    @Test
    void theMarkdownIsOneTableRowAFindingItsPipesEscaped() {
        List<String> rows = REPORT.markdown().lines().filter(line -> line.startsWith("| ") && !line.startsWith("| verdict")).toList();
        assertEquals(4, rows.size(), REPORT.markdown());
        assertTrue(rows.get(1).contains("stream was reset \\| REFUSED_STREAM"), rows.get(1));
        assertTrue(REPORT.markdown().contains("1 pass, 1 warn, 1 fail, 1 info"));
    }

    @Test
    void thePageHoldsTheFindingsAsFoundForItsScriptToPutInAsText(@TempDir Path directory) throws Exception {
        Path page = REPORT.write(directory);
        JsonNode data = new ObjectMapper().readTree(directory.resolve("check.json").toFile());
        assertEquals("answer <431>", data.at("/findings/1/toDo").asText(), "as the server said it: the page puts it in as text");
        assertEquals("FAIL", data.at("/findings/2/verdict").asText(), "the row's class");
        assertEquals(REPORT.findings().size(), data.get("findings").size());
        assertEquals("1 pass, 1 warn, 1 fail, 1 info", data.get("tally").asText());
        String html = Files.readString(page);
        int from = html.indexOf(DATA_ELEMENT) + DATA_ELEMENT.length();
        String held = html.substring(from, html.indexOf("</script>", from));
        assertEquals(data, new ObjectMapper().readTree(held), "the page holds check.json");
        assertFalse(held.contains("<"), "a finding's \"<\" could end the data's element or hold it open: " + held);
        assertTrue(Files.exists(directory.resolve("report.js")), "the script every report shares, beside the page");
    }
}
