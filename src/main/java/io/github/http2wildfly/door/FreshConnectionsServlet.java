package io.github.http2wildfly.door;

import io.github.http2wildfly.http.PlainText;
import io.github.http2wildfly.http.SameOrigin;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code POST network/fresh}: closes the slow doors' idle connections, so that the browser's next load through them
 * opens new ones, as a fresh browser context does. The race page asks for it before each of its loads: the recorded
 * curve it predicts from was measured with a fresh context per load (new connections, a new congestion window), and a
 * race on kept-alive connections measured something else. Answers, as JSON, how many it closed and each slow door's
 * connections so far: {@code {"closed":2,"accepted":{"HTTP_2_TLS":3,"HTTP_1_1_TLS":18}}}.
 */
@WebServlet(urlPatterns = FreshConnectionsServlet.PATH)
public class FreshConnectionsServlet extends HttpServlet {

    public static final String PATH = "/network/fresh";
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!SameOrigin.postFromOwnPage(request, response, "the slow doors' idle connections are closed")) {
            return;
        }
        SlowDoors doors = SlowDoors.of(getServletContext());
        if (doors == null) {
            PlainText.send(response, HttpServletResponse.SC_NOT_FOUND, "this server has no slow doors");
            return;
        }
        int closed = doors.closeIdleConnections();
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write("{\"closed\":" + closed + ",\"accepted\":" + doors.connectionsAcceptedJson() + "}\n");
    }
}
