package io.github.http2wildfly.page;

import io.github.http2wildfly.cluster.ClusterNode;
import io.github.http2wildfly.door.DoorLink;
import io.github.http2wildfly.door.SlowDoors;
import io.github.http2wildfly.http.PlainText;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * The wall of logos: checks {@code ?count=N} and {@code ?size=} ({@link ImageSize}) and lets the JSP
 * render it. In the race page's frames,
 * {@code report-to} names the race page's origin, the only one the page posts its figures to.
 */
@WebServlet(urlPatterns = LogoWallServlet.PATH)
public class LogoWallServlet extends HttpServlet {

    public static final String PATH = "/logos";
    static final String REPORT_TO_RULE = "report-to must be the origin of one of this server's doors";
    private static final long serialVersionUID = 1L;

    /** The request's {@code count}, or null once the request was refused with the rule (400, one line). */
    static Integer countOrRefuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
        return parsedOrRefused(() -> LogoCount.parse(request.getParameterValues("count")), response);
    }

    /** The request's {@code size}, or null once the request was refused with the rule (400, one line). */
    static ImageSize sizeOrRefuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
        return parsedOrRefused(() -> ImageSize.parse(request.getParameterValues("size")), response);
    }

    private static <T> T parsedOrRefused(Supplier<T> parse, HttpServletResponse response) throws IOException {
        try {
            return parse.get();
        } catch (IllegalArgumentException rule) {
            PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, rule.getMessage());
            return null;
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        Integer count = countOrRefuse(request, response);
        ImageSize size = count == null ? null : sizeOrRefuse(request, response);
        if (size == null) {
            return;
        }
        String[] reportTo = request.getParameterValues("report-to");
        if (reportTo != null) {
            boolean node = ClusterNode.name().isPresent();
            if (reportTo.length != 1 || !(node ? ClusterNode.mayReportTo(reportTo[0], request.getServerName())
                    : DoorLink.all(request, "").stream().anyMatch(door -> door.getOrigin().equals(reportTo[0])))) {
                PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, node ? ClusterNode.REPORT_TO_RULE : REPORT_TO_RULE);
                return;
            }
            request.setAttribute("reportTo", reportTo[0]);
        }
        SlowDoors slowDoors = SlowDoors.of(getServletContext());
        request.setAttribute("network", slowDoors == null ? null : slowDoors.network());
        request.setAttribute("count", count);
        request.setAttribute("size", size);
        // The first of count ids reserved for this render: every src differs from every src of every other render.
        request.setAttribute("cacheBustBase", ImageIds.reserve(count));
        request.getRequestDispatcher("/WEB-INF/jsp/logos.jsp").forward(request, response);
    }
}
