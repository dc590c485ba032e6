<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${count} logos</title>
<%-- An empty inline icon: no /favicon.ico request joins the measured ones. --%>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
.wall img { width: 32px; height: 32px; margin: 1px; }
</style>
</head>
<body>
<h1>${count} logos</h1>
<p><a href="logos?count=${count}">Load again</a> &middot; <a href="./">All doors</a></p>
<div class="wall">
<%-- Every src is unique (one base per render plus the index), so nothing can come from a cache. --%>
<c:forEach begin="0" end="${count - 1}" var="i"><img src="logo.png?${cacheBustBase + i}" alt=""></c:forEach>
</div>
</body>
</html>
