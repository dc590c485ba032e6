<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${count} logos</title>
<%-- An empty inline icon: no /favicon.ico request joins the measured ones. --%>
<link rel="icon" href="data:,">
<script>
// Before any image: Resource Timing keeps only 250 entries unless told otherwise.
performance.setResourceTimingBufferSize(${count} + 100);
</script>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
#report { font-size: 1.4rem; font-weight: 600; min-height: 1.8rem; }
#report small { display: block; font-size: .9rem; font-weight: normal; color: #555; }
.wall img { width: 32px; height: 32px; margin: 1px; }
</style>
</head>
<body>
<h1>${count} logos</h1>
<%-- Filled in after the load event by the script at the end; data-* for the tests. --%>
<p id="report" data-state="loading">Loading&hellip;</p>
<p><a href="logos?count=${count}">Load again</a> &middot; <a href="./">All doors</a></p>
<div class="wall">
<%-- Every src is unique (one base per render plus the index), so nothing can come from a cache. --%>
<c:forEach begin="0" end="${count - 1}" var="i"><img src="logo.png?${cacheBustBase + i}" alt=""></c:forEach>
</div>
<script>
// What this load measured, from Navigation Timing and Resource Timing: no devtools needed.
window.addEventListener('load', function () {
  // loadEventEnd is only set once the load event's handlers returned.
  setTimeout(function () {
    var page = performance.getEntriesByType('navigation')[0];
    var images = performance.getEntriesByType('resource').filter(function (e) { return e.initiatorType === 'img'; });
    var protocols = {};
    var fromCache = 0;
    images.forEach(function (e) {
      protocols[e.nextHopProtocol] = (protocols[e.nextHopProtocol] || 0) + 1;
      if (e.transferSize === 0) { fromCache++; }
    });
    var loaded = Array.prototype.filter.call(document.images, function (img) { return img.naturalWidth > 0; }).length;
    var seconds = (page.loadEventEnd - page.startTime) / 1000;
    var report = document.getElementById('report');
    report.textContent = loaded + ' images in ' + seconds.toFixed(2) + ' s over ' + page.nextHopProtocol;
    var detail = document.createElement('small');
    detail.textContent = 'images by protocol: ' + Object.keys(protocols).map(function (p) { return protocols[p] + ' ' + p; }).join(', ')
        + '; ' + (fromCache === 0 ? 'none from a cache' : fromCache + ' from a cache')
        + '; page ' + Math.round(page.responseEnd - page.startTime) + ' ms, load event at ' + Math.round(page.loadEventEnd - page.startTime) + ' ms';
    report.appendChild(detail);
    report.dataset.images = loaded;
    report.dataset.imageEntries = images.length;
    report.dataset.loadMillis = Math.round(page.loadEventEnd - page.startTime);
    report.dataset.protocol = page.nextHopProtocol;
    report.dataset.fromCache = fromCache;
    report.dataset.state = 'done';
  }, 0);
});
</script>
</body>
</html>
