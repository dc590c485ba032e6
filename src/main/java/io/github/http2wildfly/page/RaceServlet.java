package io.github.http2wildfly.page;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.door.DoorLink;
import io.github.http2wildfly.door.Http3Door;
import io.github.http2wildfly.door.NetworkServlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;

/**
 * The race: the wall through the slow HTTP/1.1-over-TLS, HTTP/2 and HTTP/3 doors (and, where the cluster runs,
 * HTTP/2 through WildFly's balancer), one after the other in frames, round by round; each frame posts its own
 * figures to this page (WEB-INF/jsp/race.jsp, its script race.js), which asks {@link RacePredictionServlet} what the
 * headline's curve predicts of the race.
 */
@WebServlet(urlPatterns = RaceServlet.PATH)
public class RaceServlet extends HttpServlet {

    public static final String PATH = "/race";
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        Integer count = LogoWallServlet.countOrRefuse(request, response);
        ImageSize size = count == null ? null : LogoWallServlet.sizeOrRefuse(request, response);
        if (size == null) {
            return;
        }
        String wall = request.getContextPath() + LogoWallServlet.PATH;
        List<DoorLink> cluster = DoorLink.cluster(request, LogoWallServlet.PATH);
        request.setAttribute("contenders", Stream.of(DoorLink.slow(Door.HTTP_1_1_TLS, request, wall), DoorLink.slow(Door.HTTP_2_TLS, request, wall),
                cluster, DoorLink.http3(true, request, wall)).flatMap(List::stream).toList());
        request.setAttribute("clusterLane", !cluster.isEmpty());
        request.setAttribute("count", count);
        request.setAttribute("size", size);
        request.setAttribute("sizes", ImageSize.values());
        request.setAttribute("labPoints", LabPoints.read(getServletContext().getResourceAsStream(LabPoints.RESOURCE)).json(count));
        request.setAttribute("answerCurve", AnswerCurveLine.read(getServletContext().getResourceAsStream(AnswerCurveLine.RESOURCE))
                .map(AnswerCurveLine::json).orElse(""));
        request.setAttribute("speedLane", DoorLink.fast(Door.HTTP_2_TLS, request, wall));
        NetworkServlet.expose(request);
        Http3Door.expose(request);
        request.getRequestDispatcher("/WEB-INF/jsp/race.jsp").forward(request, response);
    }
}
