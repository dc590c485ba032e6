package io.github.http2wildfly.page;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Every measured load must fetch every byte again: no cache may keep the page or an image,
 * and none may revalidate them into 304s (the servlets send no ETag or Last-Modified).
 */
@WebFilter(urlPatterns = {LogoWallServlet.PATH, LogoServlet.LOGO_PATH, LogoServlet.TILE_20K_PATH, LogoServlet.TILE_200K_PATH,
        LogoServlet.TILE_2M_PATH})
public class NoStoreFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("Cache-Control", "no-store, no-cache, max-age=0");
        response.setHeader("Pragma", "no-cache");
        response.setDateHeader("Expires", 0);
        chain.doFilter(request, response);
    }
}
