package io.github.http2wildfly.door;

import io.github.http2wildfly.http.PlainText;
import io.github.http2wildfly.http.SameOrigin;
import io.github.http2wildfly.latency.CongestionControl;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Changes the slow doors' network without a restart: {@code POST network} with any of {@code rtt=N}
 * (ms), {@code loss=N} (%), {@code bandwidth=N} (Mbit/s, 0 for no limit), {@code cc=reno|cubic|bbr} (the
 * senders' congestion control, door 4's QUIC included), from one of the server's own pages. Answers the
 * network now in effect, as JSON: {@code {"rtt":50,"loss":0,"bandwidth":0,"cc":"reno"}}.
 */
@WebServlet(urlPatterns = NetworkServlet.PATH)
public class NetworkServlet extends HttpServlet {

    public static final String PATH = "/network";
    static final String NOTHING_GIVEN = "the network changes with " + Arrays.stream(NetworkSetting.values())
            .map(NetworkSetting::parameter).collect(Collectors.joining(", ")) + ", " + SlowNetwork.CC + " (one or more, each once)";
    private static final long serialVersionUID = 1L;

    /** What a page needs to show and change the network (WEB-INF/jsp/network.jspf). */
    public static void expose(HttpServletRequest request) {
        SlowDoors doors = SlowDoors.of(request.getServletContext());
        request.setAttribute("network", doors == null ? null : doors.network());
        request.setAttribute("networkSettings", NetworkSetting.values());
        request.setAttribute("congestionControls", CongestionControl.values());
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!SameOrigin.postFromOwnPage(request, response, "the network changes")) {
            return;
        }
        SlowDoors doors = SlowDoors.of(getServletContext());
        if (doors == null) {
            PlainText.send(response, HttpServletResponse.SC_NOT_FOUND, "this server has no slow doors");
            return;
        }
        Map<NetworkSetting, Integer> changes = new EnumMap<>(NetworkSetting.class);
        for (NetworkSetting setting : NetworkSetting.values()) {
            String[] values = request.getParameterValues(setting.parameter());
            if (values == null) {
                continue;
            }
            try {
                changes.put(setting, setting.parse(values.length == 1 ? values[0] : null));
            } catch (IllegalArgumentException bad) {
                PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, bad.getMessage());
                return;
            }
        }
        CongestionControl cc = null;
        String[] ccValues = request.getParameterValues(SlowNetwork.CC);
        if (ccValues != null) {
            try {
                cc = CongestionControl.parse(ccValues.length == 1 ? ccValues[0] : null);
            } catch (IllegalArgumentException bad) {
                PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, bad.getMessage());
                return;
            }
        }
        if (changes.isEmpty() && cc == null) {
            PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, NOTHING_GIVEN);
            return;
        }
        doors.setNetwork(doors.network().with(changes, cc));
        Http3Door http3 = Http3Door.of(getServletContext());
        if (http3 != null) {
            http3.congestionControl(doors.network().congestionControl());
        }
        getServletContext().log("Slow doors: " + doors);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(doors.network().json() + "\n");
    }
}
