package io.github.http2wildfly;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;

/**
 * The logo, from memory. Served here rather than by the default servlet, which would add
 * ETag and Last-Modified validators and answer conditional requests with 304.
 */
@WebServlet(urlPatterns = LogoServlet.PATH, loadOnStartup = 1)
public class LogoServlet extends HttpServlet {

    public static final String PATH = "/logo.png";
    private static final String RESOURCE = "/WEB-INF/logo.png";
    private static final long serialVersionUID = 1L;

    private byte[] png;

    @Override
    public void init() throws ServletException {
        try (InputStream in = getServletContext().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new ServletException(RESOURCE + " is missing from the WAR");
            }
            png = in.readAllBytes();
        } catch (IOException e) {
            throw new ServletException("Cannot read " + RESOURCE, e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("image/png");
        response.setContentLength(png.length);
        response.getOutputStream().write(png);
    }
}
