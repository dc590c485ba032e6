package io.github.http2wildfly.door;

import io.github.http2wildfly.http.PlainText;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * What door 4's closed QUIC connections carried, as JSON ({@link io.github.http2wildfly.edge.EdgeTraffic}): read it
 * before and after a page load, close the browser's connection in between, and the difference is the page's packets
 * and bytes in each direction (docs/http3.md).
 */
@WebServlet(urlPatterns = EdgeTrafficServlet.PATH)
public class EdgeTrafficServlet extends HttpServlet {

    public static final String PATH = "/edge-traffic";
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Http3Door door = Http3Door.of(getServletContext());
        if (door == null) {
            PlainText.send(response, HttpServletResponse.SC_NOT_FOUND, "this server has no HTTP/3 door");
            return;
        }
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(door.traffic().json() + "\n");
    }
}
