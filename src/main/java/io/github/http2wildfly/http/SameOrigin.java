package io.github.http2wildfly.http;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Whether a request that changes something came from one of the server's own pages: a browser says
 * where a request comes from (Sec-Fetch-Site, or Origin in older browsers); a client that says
 * neither is not a page another site could use (curl, scripts) and is let through.
 */
public final class SameOrigin {

    private SameOrigin() {
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
