package io.github.http2wildfly.cluster;

import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.ajp.AjpServerConnection;
import io.undertow.servlet.handlers.ServletRequestContext;
import io.undertow.util.Protocols;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * On a cluster's node, every answer says which node served it and over which protocol the node received the
 * request: {@code Server-Timing: node;desc="node1", hop;desc="h2c"}. Server-Timing because a page reads it
 * too (Resource Timing's {@code serverTiming}), so the wall counts the images of each node and hop itself.
 *
 * <p>The hop is read from the connection Undertow received the request on, not from
 * {@code getProtocol()}: over AJP that is the protocol the balancer forwarded, whatever the hop was.
 * A server that is no node ({@link ClusterNode}) adds nothing.
 */
@WebFilter(urlPatterns = "/*")
public class ServedByFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        ServletRequestContext context = ServletRequestContext.current();
        if (context != null) {
            ClusterNode.name().ifPresent(node -> response.setHeader("Server-Timing", serverTiming(node, hopOf(context.getExchange()))));
        }
        chain.doFilter(request, response);
    }

    static String serverTiming(String node, String hop) {
        return "node;desc=\"" + node + "\", hop;desc=\"" + hop + "\"";
    }

    /** ajp, http (HTTP/1.1), https (HTTP/1.1 over TLS), h2c or h2: as the node received the request. */
    static String hopOf(HttpServerExchange exchange) {
        if (exchange.getConnection() instanceof AjpServerConnection) {
            return "ajp";
        }
        boolean tls = exchange.getConnection().getSslSessionInfo() != null;
        if (Protocols.HTTP_2_0.equals(exchange.getProtocol())) {
            return tls ? "h2" : "h2c";
        }
        return tls ? "https" : "http";
    }
}
