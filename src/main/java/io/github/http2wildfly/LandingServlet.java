package io.github.http2wildfly;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * The context root: links to the wall through each of the three doors, on the host the visitor used.
 */
@WebServlet(urlPatterns = "")
public class LandingServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** One door as the landing page shows it (a bean: Jasper's EL does not read record components). */
    public static final class DoorLink {
        private final String label;
        private final String url;

        DoorLink(String label, String url) {
            this.label = label;
            this.url = url;
        }

        public String getLabel() {
            return label;
        }

        public String getUrl() {
            return url;
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        String wall = request.getContextPath() + LogoWallServlet.PATH;
        List<DoorLink> doors = Arrays.stream(Door.values())
                .map(door -> new DoorLink(door.label(),
                        door.uri(request.getServerName(), door.port(System.getProperties()), wall).toString()))
                .toList();
        request.setAttribute("doors", doors);
        request.setAttribute("defaultCount", LogoCount.DEFAULT);
        request.getRequestDispatcher("/WEB-INF/jsp/index.jsp").forward(request, response);
    }
}
