package io.github.http2wildfly.measure.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.http2wildfly.measure.browser.HeadlessChromium;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The check's report page (check.html, drawn from check.json by its template), opened in headless Chromium: a row a
 * finding in its verdict's colour, and what a server said shown as the text it is, never run as markup.
 */
@Tag("browser")
class CheckReportPageIT {

    /**
     * Markup as a server's header or error message may carry it: each piece would run a script if put in as HTML, and
     * "<!--<script>" would keep the data's own script element open past its end (HTML's script data escape states).
     */
    private static final Finding MARKUP = new Finding("a header <b>bold</b> <!--<script>", Grade.WARN,
            "</script><script>window.ran = true</script><img src=x onerror=\"window.ran = true\">", "&lt; stays &lt;");

    /** Kept after the test, to open by hand. */
    private final Path directory = Path.of("target", "check-report-page-it");

    @Test
    void theReportShowsEveryFindingAsTextARowInItsVerdictsColour() throws Exception {
        CheckReport report = new CheckReport(CheckReportTest.REPORT.url(), CheckReportTest.REPORT.checked(),
                Stream.concat(CheckReportTest.REPORT.findings().stream(), Stream.of(MARKUP)).toList());
        Path page = report.write(directory);
        List<String> expected = new ArrayList<>();
        for (Finding finding : report.findings()) {
            expected.add(String.join("|", finding.verdict().name(), finding.verdict().name(), finding.topic(), finding.seen(), finding.toDo()));
        }

        HeadlessChromium.requireInstalled();
        try (HeadlessChromium chromium = new HeadlessChromium()) {
            chromium.driver().get(page.toAbsolutePath().toUri().toString());
            assertEquals("", chromium.script("return document.getElementById('not-drawn').textContent"), "the page drew itself");
            assertEquals("HTTP/2 check of https://example.org/", chromium.script("return document.title"));
            assertEquals("Checked 2026-11-29T03:00:00Z: " + report.tally() + ".", chromium.script("return document.querySelector('p').textContent"));
            assertEquals(expected, chromium.script("return [...document.querySelectorAll('#findings tr')].slice(1)"
                    + ".map(tr => [tr.className, ...[...tr.cells].map(td => td.textContent)].join('|'))"));
            assertEquals(Boolean.FALSE, chromium.script("return 'ran' in window"), "no script of a finding ran");
            assertEquals(List.of(), chromium.script("return [...document.querySelectorAll('#findings td *')].map(e => e.tagName)"),
                    "no element of a finding's");
        }
    }
}
