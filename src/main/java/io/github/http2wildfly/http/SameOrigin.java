package io.github.http2wildfly.http;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Whether a request that changes something came from one of the server's own pages: a browser says
 * where a request comes from (Sec-Fetch-Site, or Origin in older browsers); a client that says
 * neither is not a page another site could use (curl, scripts) and is let through.
 */
public final class SameOrigin {

    private SameOrigin() {
    }

    /**
     * For a request that changes something: true where it is a POST from one of the server's own pages; otherwise it has
     * been answered, 405 with {@code Allow: POST} or 403, in one line that names the change ("the network changes").
     */
    public static boolean postFromOwnPage(HttpServletRequest request, HttpServletResponse response, String change) throws IOException {
        if (!"POST".equals(request.getMethod())) {
            response.setHeader("Allow", "POST");
            PlainText.send(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, change + " with a POST");
            return false;
        }
        if (!allows(request)) {
            PlainText.send(response, HttpServletResponse.SC_FORBIDDEN, change + " only from this server's own pages");
            return false;
        }
        return true;
    }

    public static boolean allows(HttpServletRequest request) {
        return allows(request.getHeader("Sec-Fetch-Site"), request.getHeader("Origin"), request.getScheme(),
                request.getHeader("Host"));
    }

    static boolean allows(String secFetchSite, String origin, String scheme, String host) {
        if (secFetchSite != null) {
            // "none": the person typed or bookmarked it; anything else named another site or origin
            return secFetchSite.equals("same-origin") || secFetchSite.equals("none");
        }
        if (origin == null) {
            return true;
        }
        return host != null && origin.equalsIgnoreCase(scheme + "://" + host);
    }
}
