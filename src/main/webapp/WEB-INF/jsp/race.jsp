<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Race: HTTP/1.1, HTTP/2 and HTTP/3</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; max-width: 72rem; }
#race-form { margin: 1rem 0; font-size: 1.1rem; }
#race-form input { width: 3.5rem; }
#start { font-size: 1.2rem; padding: .3rem 1.2rem; }
.lanes { display: flex; gap: 1rem; }
.lane { flex: 1; min-width: 0; }
.lane h2 { font-size: 1.1rem; margin: .5rem 0; }
.lane .time { font-size: 1.6rem; font-weight: 700; min-height: 2rem; }
.frame iframe, .frame .empty { width: 100%; height: 16rem; border: 1px solid #bbb; }
#problem { background: #fff3cd; border: 1px solid #e0b800; padding: .6rem; }
#problem[hidden], #prediction[hidden], #verdict[hidden] { display: none; }
#speed .frame iframe { height: 4rem; }
table { border-collapse: collapse; margin: 1rem 0; }
td, th { border: 1px solid #ccc; padding: .25rem .6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
#summary { font-size: 1.3rem; font-weight: 600; }
#lab li[data-agreement="differs"] { background: #fff3cd; }
.note { color: #444; max-width: 50rem; }
.lane .missing { font-size: 1rem; font-weight: 400; color: #8a5a00; }
.lane .missing code { overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>HTTP/1.1, HTTP/2 and HTTP/3, through the slow doors</h1>
<p class="note">One click loads the page of ${count} images (${size.parameter()}) through the slow HTTP/1.1-over-TLS door, the slow
HTTP/2 door and the slow HTTP/3 door, one after the other, each in its own frame, round after round with the order alternating.
All are the same server behind the same emulated network; only the protocol differs. Each lane says the protocol its
images really came over. <a href="./">All doors</a></p>
<p class="note" id="cluster-note"><c:choose><c:when test="${clusterLane}">The lane <em>HTTP/2 through WildFly's
balancer</em> is the same page from the cluster (docs/cluster.md), behind the same network: HTTP/2 to the balancer,
then the cluster's hop to two nodes.</c:when><c:otherwise>Start the cluster
(<code>./mvnw -Pcluster package exec:java@cluster</code>, docs/cluster.md) and reload this page to race through
WildFly's balancer too.</c:otherwise></c:choose></p>
<%@ include file="network.jspf" %>
<%@ include file="http3.jspf" %>
<c:choose>
<c:when test="${contenders.size() < 2}">
<p id="problem">The slow doors are not open on this server, so there is nothing to race: the server's log says why
(a port in use, or a server not configured by this project).</p>
</c:when>
<c:otherwise>
<form id="race-form">
<label>Rounds <input id="rounds" type="number" min="1" max="10" value="3"></label>
<label>Images <select id="size"><c:forEach items="${sizes}" var="s"><option value="${s.parameter()}" data-bytes="${applicationScope.imageBytes[s]}"${s == size ? ' selected' : ''}>${s.parameter()}</option></c:forEach></select></label>
<button id="start" type="submit">Race</button>
<span id="status" role="status"></span>
</form>
<p id="problem" hidden></p>
<div id="race" data-state="idle" data-count="${count}" data-lab-points="<c:out value="${labPoints}"/>"
     data-answer-curve="<c:out value="${answerCurve}"/>">
<div class="lanes">
<c:forEach items="${contenders}" var="door">
<section class="lane" data-origin="<c:out value="${door.origin}"/>" data-url="<c:out value="${door.url}"/>"
         data-protocol="${door.protocol}" data-key="${door.key}" data-label="<c:out value="${door.label}"/>">
<h2><c:out value="${door.label}"/>&#32;<small><code><c:out value="${door.origin}"/></code></small></h2>
<div class="time">&nbsp;</div>
<div class="frame"><div class="empty"></div></div>
</section>
</c:forEach>
</div>
<p id="summary"></p>
<p id="verdict" hidden></p>
<p id="prediction" class="note" hidden></p>
<section id="speed" hidden data-origin="<c:out value="${speedLane.origin}"/>" data-url="<c:out value="${speedLane.url}"/>"
         data-label="HTTP/2 on loopback (no delay)"><div class="frame"></div></section>
<ul id="lab" class="note" hidden></ul>
<table id="results" hidden>
<thead><tr><th>round</th><c:forEach items="${contenders}" var="door"><th><c:out value="${door.label}"/></th></c:forEach><th>what it measures</th></tr></thead>
<tbody></tbody>
<tfoot></tfoot>
</table>
<svg id="chart" width="640" height="210" role="img" aria-label="Median load times against the 2015 article's" hidden></svg>
<p class="note">Round 1 pays for setting up the connections (TCP and TLS, one round trip each): six over
HTTP/1.1, one over HTTP/2. The browser keeps them, so later rounds reuse them and measure the protocol
alone: HTTP/1.1 fetches the images six at a time, about &lceil;${count}/6&rceil; round trips; HTTP/2 asks
for all of them at once. The 2015 article measured this page on WildFly 9 in Chrome over a real network:
HTTP/1.1 about 2.9 s, HTTP/2 about 1.3 s. HTTP/3 sets up QUIC and TLS in one round trip, and asks for all images at
once as HTTP/2 does.</p>
<p class="note">Where HTTP/2 stops winning: with packet loss, a lost segment holds up every byte behind it on
its connection, and HTTP/2 has one connection for all the images where HTTP/1.1 has six. Pick the 20k images
and 5&nbsp;% loss and race again: with NewReno or CUBIC HTTP/2 loses, because each loss shrinks its one
congestion window where HTTP/1.1 has six; pick BBR, which does not take a loss for congestion, and HTTP/2 wins
again (docs/comparison.md, "Where HTTP/2 stops winning", has the figures, from this model and from a real
network). HTTP/3 keeps its streams apart, so a lost packet holds up only the images it carried; but it too has
one connection with one congestion window (docs/results.md).</p>
<p class="note" id="browser"></p>
</div>
<script src="race.js"></script>
</c:otherwise>
</c:choose>
</body>
</html>
