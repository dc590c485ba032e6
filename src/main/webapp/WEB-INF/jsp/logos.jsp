<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<%-- One composite expression: with trimDirectiveWhitespaces, a blank between two expressions would be dropped. --%>
<c:set var="title" value="${count} ${size.parameter() == 'logo' ? 'logos' : 'images of '.concat(size.parameter()).concat('B')}"/>
<head>
<meta charset="utf-8">
<title>${title}</title>
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
#waterfall-legend { font-size: .9rem; color: #444; max-width: 60rem; }
#waterfall { display: block; }
</style>
</head>
<body data-report-to="<c:out value="${reportTo}"/>" data-network="<c:out value="${empty network ? '' : network.json()}"/>">
<h1>${title}</h1>
<%-- Filled in after the load event by the script at the end; data-* for the tests. --%>
<p id="report" data-state="loading">Loading&hellip;</p>
<p><a href="logos?count=${count}&amp;size=${size.parameter()}">Load again</a> &middot; <a href="./">All doors</a> &middot; <a href="#waterfall">Waterfall</a></p>
<div class="wall">
<%-- Every src is unique (one base per render plus the index), so nothing can come from a cache. --%>
<c:forEach begin="0" end="${count - 1}" var="i"><img src="${size.relativePath()}?${cacheBustBase + i}" alt=""></c:forEach>
</div>
<%-- Drawn after the load event: every image request from Resource Timing. --%>
<h2 id="waterfall-title" hidden>Waterfall</h2>
<p id="waterfall-legend" hidden>One row per image, in the order their requests went out; time runs to the right.
Light: waiting (queued behind other requests, or for a connection); dark: from sending the request to the last byte.
Over HTTP/1.1 the dark bars climb a staircase, six images at a time (one per connection); over HTTP/2 they
all start together, one wave on one connection.</p>
<canvas id="waterfall" hidden></canvas>
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
    // How many image requests the browser kept in flight at once, from sending to the last byte: six connections
    // cap HTTP/1.1; over HTTP/2 and HTTP/3 it is the browser's own choice (where two engines differ).
    var edges = [];
    images.forEach(function (e) { if (e.requestStart > 0) { edges.push([e.requestStart, 1], [e.responseEnd, -1]); } });
    edges.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var inFlight = 0, maxInFlight = 0;
    edges.forEach(function (edge) { inFlight += edge[1]; maxInFlight = Math.max(maxInFlight, inFlight); });
    // Through the cluster's balancer each answer names its node and the hop's protocol (Server-Timing).
    var servedBy = {};
    images.concat([page]).forEach(function (e) {
      var timing = {};
      (e.serverTiming || []).forEach(function (t) { timing[t.name] = t.description; });
      if (timing.node && e !== page) { var key = timing.node + ' over ' + timing.hop; servedBy[key] = (servedBy[key] || 0) + 1; }
      if (timing.node && e === page) { servedBy.page = timing.node + ' over ' + timing.hop; }
    });
    var loaded = Array.prototype.filter.call(document.images, function (img) { return img.naturalWidth > 0; }).length;
    var seconds = (page.loadEventEnd - page.startTime) / 1000;
    // Firefox withholds a cross-origin frame's own protocol (the race page's frames): then the page says the one
    // protocol all its images, same-origin to it, came over.
    var imageProtocols = Object.keys(protocols);
    var protocol = page.nextHopProtocol || (imageProtocols.length === 1 ? imageProtocols[0] : '');
    var report = document.getElementById('report');
    report.textContent = loaded + ' images in ' + seconds.toFixed(2) + ' s over ' + protocol;
    var detail = document.createElement('small');
    detail.textContent = 'images by protocol: ' + Object.keys(protocols).map(function (p) { return protocols[p] + ' ' + p; }).join(', ')
        + '; ' + (fromCache === 0 ? 'none from a cache' : fromCache + ' from a cache')
        + '; up to ' + maxInFlight + ' in flight at once'
        + '; page ' + Math.round(page.responseEnd - page.startTime) + ' ms, load event at ' + Math.round(page.loadEventEnd - page.startTime) + ' ms';
    var nodes = Object.keys(servedBy).filter(function (k) { return k !== 'page'; }).sort();
    if (servedBy.page) {
      detail.textContent += '; served by ' + nodes.map(function (k) { return servedBy[k] + ' ' + k; }).join(', ') + ' (the page: ' + servedBy.page + ')';
      report.dataset.servedBy = nodes.map(function (k) { return k + '=' + servedBy[k]; }).join(',');
    }
    report.appendChild(detail);
    report.dataset.images = loaded;
    report.dataset.imageEntries = images.length;
    report.dataset.loadMillis = Math.round(page.loadEventEnd - page.startTime);
    report.dataset.protocol = protocol;
    report.dataset.imageProtocols = imageProtocols.join(',');
    report.dataset.fromCache = fromCache;
    report.dataset.maxInFlight = maxInFlight;
    report.dataset.state = 'done';
    // In the race page's frame: the figures go to the race page's origin and nowhere else.
    var reportTo = document.body.dataset.reportTo;
    if (reportTo && window.parent !== window) {
      window.parent.postMessage({type: 'h2demo-load', loadMillis: page.loadEventEnd - page.startTime,
          protocol: protocol, images: loaded, imageEntries: images.length, fromCache: fromCache,
          network: document.body.dataset.network === '' ? null : JSON.parse(document.body.dataset.network)}, reportTo);
    }
    drawWaterfall(images, page);
  }, 0);
});

// A canvas, not an SVG of thousands of elements: 2000 rows draw in a few milliseconds.
function drawWaterfall(images, page) {
  var started = performance.now();
  // In the order the requests went out: a browser gives a whole batch of images one startTime, and
  // over HTTP/1.1 they leave six at a time as connections come free (the staircase).
  var sent = function (e) { return e.requestStart > 0 ? e.requestStart : e.startTime; };
  var rows = images.slice().sort(function (a, b) { return sent(a) - sent(b) || a.startTime - b.startTime; });
  var canvas = document.getElementById('waterfall');
  var axisHeight = 22, labelWidth = 0;
  var rowHeight = Math.min(8, Math.max(0.3, 600 / Math.max(1, rows.length)));
  var width = Math.min(canvas.parentNode.clientWidth || 960, 960);
  var height = Math.ceil(rows.length * rowHeight) + axisHeight;
  var scale = window.devicePixelRatio || 1;
  canvas.width = width * scale;
  canvas.height = height * scale;
  canvas.style.width = width + 'px';
  canvas.style.height = height + 'px';
  var g = canvas.getContext('2d');
  g.scale(scale, scale);
  var end = Math.max(page.loadEventEnd, rows.reduce(function (most, e) { return Math.max(most, e.responseEnd); }, 0));
  var x = function (millis) { return labelWidth + (width - labelWidth - 4) * millis / end; };
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  rows.forEach(function (e, i) {
    var y = axisHeight + i * rowHeight;
    g.fillStyle = '#c9d6ea';
    g.fillRect(x(e.startTime), y, Math.max(0.5, x(sent(e)) - x(e.startTime)), rowHeight);
    g.fillStyle = e.nextHopProtocol === 'h2' ? '#1d7a4f' : '#b5482a';
    g.fillRect(x(sent(e)), y, Math.max(1, x(e.responseEnd) - x(sent(e))), rowHeight);
  });
  // the axis: a tick every 1, 2 or 5 times a power of ten, about eight of them
  var step = Math.pow(10, Math.floor(Math.log10(end / 8 || 1)));
  step = [1, 2, 5, 10].map(function (f) { return f * step; }).filter(function (s) { return end / s <= 10; })[0] || step * 10;
  g.fillStyle = '#333';
  g.strokeStyle = '#999';
  g.font = '11px system-ui, sans-serif';
  for (var t = 0; t <= end; t += step) {
    g.fillRect(x(t), axisHeight - 6, 1, 6);
    g.fillText(t + (t === 0 ? ' ms' : ''), x(t) + 2, 11);
  }
  g.fillStyle = '#333';
  g.fillRect(x(page.responseEnd), axisHeight, 1, height - axisHeight);
  g.fillRect(x(page.loadEventEnd), axisHeight, 1, height - axisHeight);
  canvas.dataset.rows = rows.length;
  canvas.dataset.drawMillis = (performance.now() - started).toFixed(1);
  ['waterfall', 'waterfall-title', 'waterfall-legend'].forEach(function (id) { document.getElementById(id).hidden = false; });
  document.getElementById('waterfall-legend').append(' The two dark vertical lines: the page\u2019s HTML complete, and the load event. '
      + rows.length + ' rows, drawn in ' + canvas.dataset.drawMillis + ' ms.');
}
</script>
</body>
</html>
