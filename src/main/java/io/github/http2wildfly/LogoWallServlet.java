package io.github.http2wildfly;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The wall of logos: checks {@code ?count=N} and lets the JSP render it.
 */
@WebServlet(urlPatterns = LogoWallServlet.PATH)
public class LogoWallServlet extends HttpServlet {

    public static final String PATH = "/logos";
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        int count;
        try {
            count = LogoCount.parse(request.getParameter("count"));
        } catch (LogoCount.InvalidCountException e) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter().write(e.getMessage() + "\n");
            return;
        }
        request.setAttribute("count", count);
        // One base per render, plus the index: every src differs from every src of every other render.
        request.setAttribute("cacheBustBase", System.nanoTime());
        request.getRequestDispatcher("/WEB-INF/jsp/logos.jsp").forward(request, response);
    }
}
