<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%--
  The page for the legacy server (WildFly 10 on JDK 8, javax.servlet), in the seed article's style:
  one JSP with a scriptlet and no classes, so it deploys where the main WAR (Java 17, jakarta.*)
  cannot. Same rules as the main page: ?count=1..2000 (default 500), 400 otherwise, nothing cached.
--%>
<%!
    // One counter for every render, advanced by its count: no two renders share an image URL.
    private static final java.util.concurrent.atomic.AtomicLong NEXT_ID =
            new java.util.concurrent.atomic.AtomicLong(System.currentTimeMillis() * 1000000L);
%>
<%
    int count = 500;
    String[] raw = request.getParameterValues("count");
    if (raw != null) {
        if (raw.length != 1 || !raw[0].matches("[1-9][0-9]{0,3}") || Integer.parseInt(raw[0]) > 2000) {
            response.setStatus(400);
            response.setContentType("text/plain;charset=UTF-8");
            out.clear();
            out.write("count must be given once, as a whole number from 1 to 2000 in plain digits\n");
            return;
        }
        count = Integer.parseInt(raw[0]);
    }
    response.setHeader("Cache-Control", "no-store, no-cache, max-age=0");
    response.setHeader("Pragma", "no-cache");
    response.setDateHeader("Expires", 0);
    long current = NEXT_ID.getAndAdd(count);
%>
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title><%= count %> logos (legacy)</title>
<link rel="icon" href="data:,">
<style>.wall img { width: 32px; height: 32px; margin: 1px; }</style>
</head>
<body>
<h1><%= count %> logos on the legacy server</h1>
<div class="wall">
<% for (int i = 0; i < count; i++) { %><img src="logo.png?<%= current + i %>" alt=""><% } %>
</div>
</body>
</html>
