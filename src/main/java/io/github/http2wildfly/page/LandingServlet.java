package io.github.http2wildfly.page;

import io.github.http2wildfly.door.DoorLink;
import io.github.http2wildfly.door.Http3Door;
import io.github.http2wildfly.door.NetworkServlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The context root: links to the wall through each door and each slow door, on the host the visitor
 * used, the slow doors' round trip, and the race.
 */
@WebServlet(urlPatterns = "")
public class LandingServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        request.setAttribute("doors", DoorLink.all(request, request.getContextPath() + LogoWallServlet.PATH));
        request.setAttribute("defaultCount", LogoCount.DEFAULT);
        Http3Door.expose(request);
        NetworkServlet.expose(request);
        request.getRequestDispatcher("/WEB-INF/jsp/index.jsp").forward(request, response);
    }
}
