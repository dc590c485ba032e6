<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>HTTP/2 on WildFly</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 42rem; }
li { margin: .4rem 0; }
</style>
</head>
<body>
<h1>HTTP/2 on WildFly</h1>
<p>The same page of ${defaultCount} small logos, through three doors. Open each in its own tab and compare
the load time and the Protocol column of the browser's network panel: one connection carries every image
over HTTP/2, six at a time over HTTP/1.1.</p>
<ul>
<c:forEach items="${doors}" var="door">
<li><a href="${door.url}">${door.label}</a> &mdash; <code>${door.url}</code></li>
</c:forEach>
</ul>
<p>Another size: add <code>?count=N</code> (1 to 2000).</p>
</body>
</html>
