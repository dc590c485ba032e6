package io.github.http2wildfly.page;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;

/**
 * The wall's images, from memory: the logo and the larger tiles ({@link ImageSize}). Served here
 * rather than by the default servlet, which would add ETag and Last-Modified validators and answer
 * conditional requests with 304.
 */
@WebServlet(urlPatterns = {LogoServlet.LOGO_PATH, LogoServlet.TILE_20K_PATH, LogoServlet.TILE_200K_PATH, LogoServlet.TILE_2M_PATH}, loadOnStartup = 1)
public class LogoServlet extends HttpServlet {

    public static final String LOGO_PATH = "/logo.png";
    public static final String TILE_20K_PATH = "/tile-20k.png";
    public static final String TILE_200K_PATH = "/tile-200k.png";
    public static final String TILE_2M_PATH = "/tile-2m.png";
    private static final String LOGO = "/WEB-INF/logo.png";
    /** The context attribute with each size's bytes, for the pages that say what a load weighs. */
    static final String IMAGE_BYTES = "imageBytes";
    private static final long serialVersionUID = 1L;

    private final Map<ImageSize, byte[]> images = new EnumMap<>(ImageSize.class);

    @Override
    public void init() throws ServletException {
        try (InputStream in = getServletContext().getResourceAsStream(LOGO)) {
            if (in == null) {
                throw new ServletException(LOGO + " is missing from the WAR");
            }
            images.put(ImageSize.LOGO, in.readAllBytes());
        } catch (IOException e) {
            throw new ServletException("Cannot read " + LOGO, e);
        }
        for (ImageSize tile : EnumSet.complementOf(EnumSet.of(ImageSize.LOGO))) {
            images.put(tile, tile.drawTile());
        }
        Map<ImageSize, Integer> bytes = new EnumMap<>(ImageSize.class);
        images.forEach((size, png) -> bytes.put(size, png.length));
        getServletContext().setAttribute(IMAGE_BYTES, Map.copyOf(bytes));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] png = images.get(sizeServedAt(request.getServletPath()));
        response.setContentType("image/png");
        response.setContentLength(png.length);
        response.getOutputStream().write(png);
    }

    private static ImageSize sizeServedAt(String servletPath) {
        for (ImageSize size : ImageSize.values()) {
            if (servletPath.equals(size.servletPath())) {
                return size;
            }
        }
        throw new IllegalStateException("no image at " + servletPath);
    }
}
