<%@ page contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" session="false" trimDirectiveWhitespaces="true" %>
<%--
  The page for the legacy server (WildFly 10 on JDK 8, javax.servlet), in the seed article's style:
  one JSP with a scriptlet and no classes, so it deploys where the main WAR (Java 17, jakarta.*)
  cannot. Same rules as the main page: ?count=1..2000 (default 500), 400 otherwise, nothing cached.
--%>
<%
    int count = 500;
    String raw = request.getParameter("count");
    if (raw != null) {
        try {
            count = Integer.parseInt(raw.trim());
        } catch (NumberFormatException notANumber) {
            count = -1;
        }
        if (count < 1 || count > 2000) {
            response.setStatus(400);
            response.setContentType("text/plain;charset=UTF-8");
            out.clear();
            out.write("count must be a whole number from 1 to 2000\n");
            return;
        }
    }
    response.setHeader("Cache-Control", "no-store, no-cache, max-age=0");
    response.setHeader("Pragma", "no-cache");
    response.setDateHeader("Expires", 0);
    long current = System.nanoTime();
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
