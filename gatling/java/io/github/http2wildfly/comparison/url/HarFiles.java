package io.github.http2wildfly.comparison.url;

import de.sstoehr.harreader.HarWriter;
import de.sstoehr.harreader.HarWriterException;
import de.sstoehr.harreader.model.Har;
import de.sstoehr.harreader.model.HarContent;
import de.sstoehr.harreader.model.HarCreatorBrowser;
import de.sstoehr.harreader.model.HarEntry;
import de.sstoehr.harreader.model.HarLog;
import de.sstoehr.harreader.model.HarPage;
import de.sstoehr.harreader.model.HarPageTiming;
import de.sstoehr.harreader.model.HarRequest;
import de.sstoehr.harreader.model.HarResponse;
import de.sstoehr.harreader.model.HarTiming;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * A load as an HTTP Archive (HAR 1.2) with har-reader's model and writer, for a browser's devtools or
 * any HAR viewer. What it holds is what Resource Timing says: no headers, and a request method that
 * is assumed to be GET; the protocol of every request, its timings and sizes.
 */
final class HarFiles {

    private HarFiles() {
    }

    static Path write(PageLoad load, String browserVersion, Path directory) throws IOException {
        Files.createDirectories(directory);
        Path file = directory.resolve(load.lane().label() + "-round" + load.round() + (load.cold() ? "-cold" : "-warm") + ".har");
        try {
            new HarWriter().writeTo(file.toFile(), har(load, browserVersion));
        } catch (HarWriterException e) {
            throw new IOException("Cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    static Har har(PageLoad load, String browserVersion) {
        String page = "page_1";
        HarPage harPage = HarPage.builder().id(page).title(load.url()).startedDateTime(at(load, 0))
                .pageTimings(HarPageTiming.builder().onLoad(load.finished() ? (int) Math.round(load.loadEventMillis()) : -1)
                        .onContentLoad(-1).build())
                .comment(load.lane().label() + " lane, round " + load.round() + ", " + (load.cold() ? "cold" : "warm")
                        + (load.flag() == null ? "" : "; " + load.flag()))
                .build();
        List<HarEntry> entries = load.requests().stream().map(request -> entry(load, request, page)).toList();
        return Har.builder().log(HarLog.builder()
                .creator(HarCreatorBrowser.builder().name("http2-wildfly-demo comparison").version("1").build())
                .browser(HarCreatorBrowser.builder().name("Chromium (headless)").version(browserVersion).build())
                .pages(List.of(harPage)).entries(entries).build()).build();
    }

    private static HarEntry entry(PageLoad load, PageLoad.Request request, String page) {
        String version = request.protocol().isEmpty() ? "unknown" : request.protocol();
        long total = Math.round(request.endMillis() - request.startMillis());
        return HarEntry.builder().pageref(page).startedDateTime(at(load, request.startMillis())).time((int) total)
                .request(HarRequest.builder().method("GET").url(request.url()).httpVersion(version)
                        .headersSize(-1L).bodySize(0L).build())
                .response(HarResponse.builder().status(request.status()).statusText("").httpVersion(version)
                        .content(HarContent.builder().size(request.bodyBytes()).mimeType(request.contentType()).build())
                        .redirectURL("").headersSize(-1L).bodySize(request.transferBytes() == 0 ? -1L : request.bodyBytes()).build())
                .timings(HarTiming.builder().blocked(-1L).dns(Math.round(request.dnsMillis()))
                        .connect(Math.round(request.connectMillis())).ssl(request.sslMillis() > 0 ? Math.round(request.sslMillis()) : -1L)
                        .send(0L).waitTime(Math.round(request.waitMillis())).receive(Math.round(request.receiveMillis())).build())
                .comment(request.initiator())
                .build();
    }

    private static ZonedDateTime at(PageLoad load, double offsetMillis) {
        return Instant.ofEpochMilli(load.startedEpochMillis() + Math.round(offsetMillis)).atZone(ZoneOffset.UTC);
    }
}
