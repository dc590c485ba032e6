package io.github.http2wildfly.comparison.url;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One load of a page in one lane, as the page itself saw it (Navigation, Resource and Largest
 * Contentful Paint timing), times in ms from the start of the navigation.
 *
 * @param startedEpochMillis when the navigation started (the page's time origin)
 * @param cold true in a fresh browser context (nothing cached, no connection), false in the lane's kept one
 * @param loadEventMillis the end of the load event
 * @param lcpMillis largest contentful paint, or null where the page painted none
 * @param lastImageMillis when the last image's response ended, or null for a page without images
 * @param connectMillis the page's own connection set-up (TCP and TLS, or QUIC), 0 on a kept connection
 * @param requests the document first, then every resource
 * @param flag why this load did not stay in its lane, or null
 */
public record PageLoad(Lane lane, int round, boolean cold, String url, long startedEpochMillis, double loadEventMillis, Double lcpMillis,
        Double lastImageMillis, double connectMillis, int images, List<Request> requests, String flag) {

    /**
     * One request of the load.
     *
     * @param protocol Resource Timing's nextHopProtocol: "" where the browser does not say (a cache, or
     *        another origin without Timing-Allow-Origin)
     */
    public record Request(String url, String initiator, String protocol, double startMillis, double dnsMillis,
            double connectMillis, double sslMillis, double waitMillis, double receiveMillis,
            double endMillis, long transferBytes, long bodyBytes, int status, String contentType) {

        String origin() {
            try {
                URI uri = new URI(url);
                return uri.getHost() == null ? uri.getScheme() + ":" : uri.getScheme() + "://" + uri.getHost() + ":" + Site.port(uri);
            } catch (java.net.URISyntaxException notAUrl) {
                return "?";
            }
        }
    }

    /** Run by the driver after the load event: what the page's own timing says, LCP after its last report. */
    static final String COLLECT = """
            var done = arguments[arguments.length - 1];
            var lcp = null;
            try {
              new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) { lcp = e.startTime; }); })
                  .observe({type: 'largest-contentful-paint', buffered: true});
            } catch (e) { /* a browser without LCP */ }
            setTimeout(function () {
              var nav = performance.getEntriesByType('navigation')[0];
              function span(from, to) { return from > 0 && to >= from ? to - from : 0; }
              function request(e, initiator) {
                return {url: e.name, initiator: initiator || e.initiatorType, protocol: e.nextHopProtocol || '',
                  start: e.startTime, dns: span(e.domainLookupStart, e.domainLookupEnd),
                  connect: span(e.connectStart, e.connectEnd), ssl: span(e.secureConnectionStart, e.connectEnd),
                  wait: span(e.requestStart, e.responseStart),
                  receive: span(e.responseStart, e.responseEnd), end: e.responseEnd, transfer: e.transferSize || 0,
                  body: e.encodedBodySize || 0, status: e.responseStatus || 0, type: e.contentType || ''};
              }
              var requests = [request(nav, 'document')].concat(performance.getEntriesByType('resource').map(function (e) { return request(e); }));
              var images = requests.filter(function (r) { return r.initiator === 'img'; });
              done({url: location.href, timeOrigin: performance.timeOrigin, load: nav.loadEventEnd, lcp: lcp, connect: span(nav.connectStart, nav.connectEnd),
                lastImage: images.length ? Math.max.apply(null, images.map(function (r) { return r.end; })) : null,
                images: document.images.length, requests: requests});
            }, 250);
            """;

    /** Resource Timing keeps 250 entries unless the page asks for more: every request is wanted here. */
    static final String KEEP_EVERY_ENTRY = "performance.setResourceTimingBufferSize(100000);";

    @SuppressWarnings("unchecked")
    static PageLoad from(Map<String, Object> collected, Lane lane, int round, boolean cold, String pageOrigin) {
        List<Request> requests = ((List<Map<String, Object>>) collected.get("requests")).stream().map(r -> new Request(
                (String) r.get("url"), (String) r.get("initiator"), (String) r.get("protocol"), number(r, "start"),
                number(r, "dns"), number(r, "connect"), number(r, "ssl"), number(r, "wait"),
                number(r, "receive"), number(r, "end"), (long) number(r, "transfer"), (long) number(r, "body"),
                (int) number(r, "status"), (String) r.get("type"))).toList();
        PageLoad load = new PageLoad(lane, round, cold, (String) collected.get("url"), (long) number(collected, "timeOrigin"),
                number(collected, "load"),
                nullable(collected, "lcp"), nullable(collected, "lastImage"), number(collected, "connect"),
                (int) number(collected, "images"), requests, null);
        return load.withFlag(offLane(lane, requests, pageOrigin));
    }

    /**
     * Why the load did not stay in its lane: a request to the page's own origin that came over the
     * network (not from a cache) over another protocol than the lane's. Other origins decide their own.
     */
    static String offLane(Lane lane, List<Request> requests, String pageOrigin) {
        Map<String, Integer> others = new TreeMap<>();
        long own = 0;
        for (Request request : requests) {
            if (request.origin().equals(pageOrigin) && !request.protocol().isEmpty()) {
                own++;
                if (!request.protocol().equals(lane.protocol())) {
                    others.merge(request.protocol(), 1, Integer::sum);
                }
            }
        }
        return others.isEmpty() ? null : others.values().stream().mapToInt(Integer::intValue).sum() + " of " + own
                + " requests to " + pageOrigin + " came over " + String.join(", ", others.keySet()) + ", not " + lane.protocol();
    }

    /** A load that gave no timing: counted as failed, said with its reason. */
    static PageLoad failed(Lane lane, int round, boolean cold, String url, String why) {
        return new PageLoad(lane, round, cold, url, System.currentTimeMillis(), Double.NaN, null, null, 0, 0, List.of(), why);
    }

    boolean finished() {
        return !Double.isNaN(loadEventMillis);
    }

    PageLoad withFlag(String why) {
        return new PageLoad(lane, round, cold, url, startedEpochMillis, loadEventMillis, lcpMillis, lastImageMillis, connectMillis, images,
                requests, why);
    }

    /** Requests per origin and protocol ("" where the browser does not say), the page's own origin first. */
    Map<String, Map<String, Integer>> protocolsByOrigin(String pageOrigin) {
        Map<String, Map<String, Integer>> byOrigin = new LinkedHashMap<>();
        byOrigin.put(pageOrigin, new TreeMap<>());
        for (Request request : requests) {
            byOrigin.computeIfAbsent(request.origin(), origin -> new TreeMap<>())
                    .merge(request.protocol().isEmpty() ? "not said" : request.protocol(), 1, Integer::sum);
        }
        return byOrigin;
    }

    private static double number(Map<String, Object> map, String key) {
        Object value = map.get(key);
        return value instanceof Number number ? number.doubleValue() : 0;
    }

    private static Double nullable(Map<String, Object> map, String key) {
        return map.get(key) instanceof Number number ? number.doubleValue() : null;
    }
}
