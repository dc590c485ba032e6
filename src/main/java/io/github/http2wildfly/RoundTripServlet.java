package io.github.http2wildfly;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Changes the slow doors' round trip without a restart: {@code POST round-trip} with {@code rtt=N}
 * (0 to 1000 ms) from one of the server's own pages. Answers the round trip now in effect, as JSON.
 */
@WebServlet(urlPatterns = RoundTripServlet.PATH)
public class RoundTripServlet extends HttpServlet {

    public static final String PATH = "/round-trip";
    /** The choices the pages offer beside a free value, as gophertiles does. */
    static final List<Integer> PRESETS_MILLIS = List.of(0, 20, 50, 100, 200);
    private static final long serialVersionUID = 1L;

    /** What a page needs to show and change the round trip (WEB-INF/jsp/round-trip.jspf). */
    static void expose(HttpServletRequest request) {
        SlowDoors doors = SlowDoors.of(request.getServletContext());
        request.setAttribute("roundTripMillis", doors == null ? null : doors.roundTrip().toMillis());
        request.setAttribute("roundTripPresets", PRESETS_MILLIS);
        request.setAttribute("roundTripMax", RoundTrip.MAX_MILLIS);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"POST".equals(request.getMethod())) {
            response.setHeader("Allow", "POST");
            PlainText.send(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "the round trip changes with a POST");
            return;
        }
        if (!SameOrigin.allows(request)) {
            PlainText.send(response, HttpServletResponse.SC_FORBIDDEN,
                    "the round trip changes only from this server's own pages");
            return;
        }
        SlowDoors doors = SlowDoors.of(getServletContext());
        if (doors == null) {
            PlainText.send(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "this server has no slow doors");
            return;
        }
        String[] values = request.getParameterValues("rtt");
        Duration roundTrip;
        try {
            roundTrip = RoundTrip.parse(values != null && values.length == 1 ? values[0] : null);
        } catch (IllegalArgumentException bad) {
            PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, bad.getMessage());
            return;
        }
        doors.setRoundTrip(roundTrip);
        getServletContext().log("Slow doors: " + doors);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write("{\"roundTripMillis\":" + doors.roundTrip().toMillis() + "}\n");
    }
}
