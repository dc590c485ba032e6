package io.github.http2wildfly.http;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The answer to every request the application refuses: a status and one line of plain text. */
public final class PlainText {

    private PlainText() {
    }

    public static void send(HttpServletResponse response, int status, String line) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write(line + "\n");
    }
}
