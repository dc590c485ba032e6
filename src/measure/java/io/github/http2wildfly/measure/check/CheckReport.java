package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.ReportTemplate;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * The check's findings as people read them (Markdown, and check.html drawn from them by its template; a verdict a line)
 * and as CI reads them (a JUnit report, one test case a finding, a FAIL its failure).
 */
public record CheckReport(URI url, Instant checked, List<Finding> findings) {

    /** What check.html draws itself from (check.json): the line above the table, and the findings' text as found. */
    record PageData(String url, String checked, String tally, List<Finding> findings) {
    }

    public long count(Grade verdict) {
        return findings.stream().filter(finding -> finding.verdict() == verdict).count();
    }

    /** The finding on {@code topic}; the ITs ask for lines by their topic. */
    public Finding on(String topic) {
        return findings.stream().filter(finding -> finding.topic().equals(topic)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no finding on " + topic + " in " + findings));
    }

    /** "3 pass, 2 warn, 0 fail, 4 info". */
    public String tally() {
        return count(Grade.PASS) + " pass, " + count(Grade.WARN) + " warn, " + count(Grade.FAIL) + " fail, " + count(Grade.INFO) + " info";
    }

    public String markdown() {
        StringBuilder page = new StringBuilder("# HTTP/2 check of " + url + "\n\n")
                .append("Checked ").append(checkedToTheSecond()).append(" by `./mvnw verify -Pcheck -Dcheck.url=")
                .append(url).append("` (docs/check.md): ").append(tally()).append(".\n\n")
                .append("| verdict | what | seen | what to do |\n|---|---|---|---|\n");
        for (Finding finding : findings) {
            page.append("| ").append(finding.verdict()).append(" | ").append(cell(finding.topic())).append(" | ").append(cell(finding.seen()))
                    .append(" | ").append(cell(finding.toDo())).append(" |\n");
        }
        return page.toString();
    }

    public String junit() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"http2-check ")
                .append(escape(url.toString())).append("\" tests=\"").append(findings.size()).append("\" failures=\"")
                .append(count(Grade.FAIL)).append("\" errors=\"0\" skipped=\"").append(count(Grade.INFO)).append("\">\n");
        for (Finding finding : findings) {
            xml.append("  <testcase classname=\"http2-check\" name=\"").append(escape(finding.topic())).append("\">");
            switch (finding.verdict()) {
                case FAIL -> xml.append("<failure message=\"").append(escape(finding.seen())).append("\">").append(escape(finding.toDo()))
                        .append("</failure>");
                case INFO -> xml.append("<skipped message=\"").append(escape(finding.seen())).append("\"/>");
                default -> xml.append("<system-out>").append(escape(finding.verdict() + ": " + finding.seen())).append("</system-out>");
            }
            xml.append("</testcase>\n");
        }
        return xml.append("</testsuite>\n").toString();
    }

    private static final List<String> FILES = List.of("check.md", "check.json", "check.html", "TEST-check.xml");

    /** An earlier run's reports gone, so that CI never reads one as this run's. */
    public static void clear(Path directory) throws IOException {
        for (String file : FILES) {
            Files.deleteIfExists(directory.resolve(file));
        }
    }

    /** The JUnit report of a check that could not run: one test case in error, with the reason. */
    public static void writeError(Path directory, String url, String reason) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("TEST-check.xml"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"http2-check "
                + escape(url) + "\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n  <testcase classname=\"http2-check\""
                + " name=\"the check could run\"><error message=\"" + escape(reason) + "\"/></testcase>\n</testsuite>\n");
    }

    /** check.md, check.json with check.html drawn from it, and TEST-check.xml in {@code directory}; the HTML's path. */
    public Path write(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("check.md"), markdown());
        Files.writeString(directory.resolve("TEST-check.xml"), junit());
        return ReportTemplate.write(directory, "check.html", "check.html", "check.json",
                new PageData(url.toString(), checkedToTheSecond(), tally(), findings));
    }

    private String checkedToTheSecond() {
        return checked.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** One line a finding for the console: "PASS  ALPN, OkHttp, …: h2 over TLSv1.3". */
    public String console() {
        StringBuilder lines = new StringBuilder();
        for (Finding finding : findings) {
            lines.append(String.format(Locale.ROOT, "%-4s  %s: %s%n", finding.verdict(), finding.topic(), finding.seen()));
            if (!finding.toDo().isEmpty() && finding.verdict() != Grade.PASS) {
                lines.append("      → ").append(finding.toDo()).append(System.lineSeparator());
            }
        }
        return lines.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
