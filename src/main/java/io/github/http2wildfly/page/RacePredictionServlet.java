package io.github.http2wildfly.page;

import io.github.http2wildfly.http.PlainText;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The race page's arithmetic, done where it is tested: {@code GET race/prediction?load=…&load=…} with the page's loads
 * over HTTP/2 without a network (milliseconds), and after the race {@code &ratio=…} once for each counted round's
 * h2 / h1-TLS, answers the {@link RacePrediction} from the WAR's curve ({@link AnswerCurveLine}) as JSON. A bad
 * parameter is a 400 with its rule ({@link PredictionQuery}); a WAR built without the records has no curve: 404.
 */
@WebServlet(urlPatterns = RacePredictionServlet.PATH)
public class RacePredictionServlet extends HttpServlet {

    public static final String PATH = RaceServlet.PATH + "/prediction";
    public static final String NO_CURVE = "this build has no recorded curve (docs/results/" + AnswerCurveLine.FILE
            + "): nothing to predict from";
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Optional<AnswerCurveLine> line = AnswerCurveLine.read(getServletContext().getResourceAsStream(AnswerCurveLine.RESOURCE));
        if (line.isEmpty()) {
            PlainText.send(response, HttpServletResponse.SC_NOT_FOUND, NO_CURVE);
            return;
        }
        PredictionQuery query;
        try {
            query = PredictionQuery.parse(request.getParameterValues("load"), request.getParameterValues("ratio"));
        } catch (IllegalArgumentException rule) {
            PlainText.send(response, HttpServletResponse.SC_BAD_REQUEST, rule.getMessage());
            return;
        }
        // JSON is UTF-8 (RFC 8259); without a charset of its own the container would name ISO-8859-1
        response.setContentType("application/json;charset=UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(RacePrediction.of(line.get(), query).json() + "\n");
    }
}
