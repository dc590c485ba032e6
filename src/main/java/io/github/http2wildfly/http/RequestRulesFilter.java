package io.github.http2wildfly.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The answers to bad requests that every door gives alike, before any page sees them: a Host (or
 * HTTP/2 :authority) that is no host name or address → 400, a URL over {@value #MAX_URL_CHARS}
 * characters → 414, headers over {@value #MAX_HEADER_BYTES} bytes → 431, each with one line. And an
 * OPTIONS answer whose Allow names only what is served (the servlets' default adds TRACE, which the
 * listeners refuse). The limits stay below the 20,000 bytes of header list beyond which Undertow's
 * HTTP/2 drops the connection (GOAWAY), so that HTTP/2 clients get the same answers.
 */
@WebFilter(urlPatterns = "/*")
public class RequestRulesFilter extends HttpFilter {

    public static final int MAX_URL_CHARS = 8192;
    public static final int MAX_HEADER_BYTES = 16384;
    public static final String HOST_RULE = "Host must be a host name or an IP address, with an optional port";
    public static final String URL_RULE = "the URL must be at most " + MAX_URL_CHARS + " characters";
    public static final String HEADERS_RULE = "the request headers must be at most " + MAX_HEADER_BYTES + " bytes";

    /** A DNS name or IPv4 address, or an IPv6 address in brackets; then an optional port. */
    private static final Pattern HOST = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252}))(:[0-9]{1,5})?");
    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String host = request.getHeader("Host");
        if (host != null && !isValidHost(host)) {
            PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, HOST_RULE);
        } else if (urlChars(request) > MAX_URL_CHARS) {
            PlainText.send(response, HttpServletResponse.SC_REQUEST_URI_TOO_LONG, URL_RULE);
        } else if (headerBytes(request) > MAX_HEADER_BYTES) {
            PlainText.send(response, 431, HEADERS_RULE);
        } else if ("OPTIONS".equals(request.getMethod())) {
            chain.doFilter(request, new AllowWithoutTrace(response));
        } else {
            chain.doFilter(request, response);
        }
    }

    static boolean isValidHost(String host) {
        return HOST.matcher(host).matches();
    }

    static int urlChars(HttpServletRequest request) {
        String query = request.getQueryString();
        return request.getRequestURI().length() + (query == null ? 0 : query.length() + 1);
    }

    /** Names and values as they came, plus ": " and CRLF each, as HTTP/1.1 counts them. */
    static long headerBytes(HttpServletRequest request) {
        long bytes = 0;
        for (String name : Collections.list(request.getHeaderNames())) {
            for (String value : Collections.list(request.getHeaders(name))) {
                bytes += name.length() + value.length() + 4;
            }
        }
        return bytes;
    }

    /** The servlet's Allow, less TRACE. */
    static String withoutTrace(String allow) {
        return Arrays.stream(allow.split(",")).map(String::strip).filter(method -> !method.equals("TRACE"))
                .collect(Collectors.joining(", "));
    }

    private static final class AllowWithoutTrace extends HttpServletResponseWrapper {

        AllowWithoutTrace(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setHeader(String name, String value) {
            super.setHeader(name, "Allow".equalsIgnoreCase(name) ? withoutTrace(value) : value);
        }

        @Override
        public void addHeader(String name, String value) {
            super.addHeader(name, "Allow".equalsIgnoreCase(name) ? withoutTrace(value) : value);
        }
    }
}
