<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>HTTP/2 on WildFly</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 46rem; }
li { margin: .4rem 0; }
.race { font-size: 1.2rem; font-weight: 600; }
</style>
</head>
<body>
<h1>HTTP/2 on WildFly</h1>
<p class="race"><a href="race">Race HTTP/1.1 against HTTP/2</a>: one click, as if this server were far away.</p>
<p>The same page of ${defaultCount} small logos, through four doors. Open each in its own tab and compare
the load time and the Protocol column of the browser's network panel: one connection carries every image
over HTTP/2, six at a time over HTTP/1.1.</p>
<p>The fast doors are this server as it is: on your own machine there are no round trips to save, so
both protocols take about the same time. The slow doors are the same doors behind a proxy that delays
every byte and every connection set-up by a network's round trip, which is where HTTP/2 wins.</p>
<ul>
<c:forEach items="${doors}" var="door">
<li><a href="<c:out value="${door.url}"/>"><c:out value="${door.label}"/></a> &mdash; <code><c:out value="${door.url}"/></code></li>
</c:forEach>
</ul>
<%@ include file="http3.jspf" %>
<%@ include file="network.jspf" %>
<p>Another size: add <code>?count=N</code> (1 to 2000).</p>
</body>
</html>
