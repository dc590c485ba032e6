package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.page.AnswerCurveLine;
import io.github.http2wildfly.page.PredictionQuery;
import io.github.http2wildfly.page.RacePrediction;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the race page loads besides itself, the same on every door and every slow door: its script (race.js), as
 * JavaScript, and the server's arithmetic (race/prediction), as JSON, or a bad query's rule in one line. The race in a
 * browser is BrowserRaceIT's.
 */
class RacePageIT extends DeployedWarTest {

    /** A speed's three loads and a race's three rounds, as a browser writes them. */
    private static final String[] LOAD_VALUES = {"812.5", "640.3000000000001", "701.2000000000007"};
    private static final String[] RATIO_VALUES = {"0.23082984202636736", "0.19929358237547895", "0.22595092024539878"};
    private static final String LOADS = query("load", LOAD_VALUES);
    private static final String RATIOS = query("ratio", RATIO_VALUES);

    private final OkHttpClient client = new TrustedClients().okHttp();

    /** No connection left open through a slow door (SlowDoorsIT counts the proxy's threads). */
    @AfterEach
    void closeConnections() {
        client.connectionPool().evictAll();
    }

    /** The three doors and their three slow twins, each as a function from a path to its URI. */
    private List<Function<String, URI>> everyEntrance() {
        List<Function<String, URI>> entrances = new ArrayList<>();
        for (Door door : Door.overTcp()) {
            entrances.add(path -> doors.uri(door, path));
            entrances.add(path -> doors.slowUri(door, path));
        }
        return entrances;
    }

    @Test
    void theRacePageLoadsItsScriptAndEveryDoorServesItAsJavaScript() throws IOException {
        try (Response page = get(doors.uri(Door.HTTP_2_TLS, "/race"))) {
            assertTrue(page.body().string().contains("<script src=\"race.js\"></script>"), "the page loads its script");
        }
        String script = Files.readString(Path.of("src/main/webapp/race.js"));
        for (Function<String, URI> entrance : everyEntrance()) {
            URI uri = entrance.apply("/race.js");
            try (Response response = get(uri)) {
                assertEquals(200, response.code(), uri.toString());
                String type = String.valueOf(response.header("Content-Type"));
                assertTrue(type.startsWith("text/javascript") || type.startsWith("application/javascript"), uri + ": " + type);
                assertEquals(script, response.body().string(), uri.toString());
            }
        }
    }

    @Test
    void everyDoorAnswersThePredictionAndTheVerdictOfTheWarsCurve() throws IOException {
        AnswerCurveLine line;
        try (InputStream in = Files.newInputStream(Path.of("docs/results", AnswerCurveLine.FILE))) {
            line = AnswerCurveLine.read(in).orElseThrow();
        }
        String before = RacePrediction.of(line, PredictionQuery.parse(LOAD_VALUES, null)).json() + "\n";
        String after = RacePrediction.of(line, PredictionQuery.parse(LOAD_VALUES, RATIO_VALUES)).json() + "\n";
        assertTrue(after.contains("\"rounds\":3,"), after);
        for (Function<String, URI> entrance : everyEntrance()) {
            assertAnswers(entrance.apply("/race/prediction?" + LOADS), before);
            assertAnswers(entrance.apply("/race/prediction?" + LOADS + "&" + RATIOS), after);
        }
    }

    private void assertAnswers(URI uri, String json) throws IOException {
        try (Response response = get(uri)) {
            assertEquals(200, response.code(), uri.toString());
            assertEquals("application/json;charset=UTF-8", response.header("Content-Type"), uri.toString());
            assertEquals("no-store", response.header("Cache-Control"), uri.toString());
            assertEquals(json, response.body().string(), uri.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "load=", "load=abc", "load=-700", "load=NaN", "load=Infinity", "load=7e2", "load=0",
        "load=600001", "ratio=0.5"})
    void aBadLoadIsRefusedWithItsRuleInOneLineOnEveryDoor(String query) throws IOException {
        assertRefusedEverywhere(query, PredictionQuery.LOAD_RULE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ratio=", "ratio=abc", "ratio=-0.5", "ratio=NaN", "ratio=5e-1", "ratio=1001"})
    void aBadRatioIsRefusedWithItsRuleInOneLineOnEveryDoor(String query) throws IOException {
        assertRefusedEverywhere(LOADS + "&" + query, PredictionQuery.RATIO_RULE);
    }

    @Test
    void moreValuesThanARaceSendsAreRefusedOnEveryDoor() throws IOException {
        String[] eleven = new String[PredictionQuery.MAX_VALUES + 1];
        Arrays.fill(eleven, "700");
        assertRefusedEverywhere(query("load", eleven), PredictionQuery.LOAD_RULE);
        Arrays.fill(eleven, "0.5");
        assertRefusedEverywhere(LOADS + "&" + query("ratio", eleven), PredictionQuery.RATIO_RULE);
    }

    private void assertRefusedEverywhere(String query, String rule) throws IOException {
        for (Function<String, URI> entrance : everyEntrance()) {
            URI uri = entrance.apply("/race/prediction?" + query);
            try (Response response = get(uri)) {
                assertEquals(400, response.code(), uri.toString());
                assertEquals("text/plain;charset=UTF-8", response.header("Content-Type"), uri.toString());
                assertEquals(rule + "\n", response.body().string(), uri.toString());
            }
        }
    }

    private static String query(String name, String... values) {
        return Arrays.stream(values).map(value -> name + "=" + value).collect(Collectors.joining("&"));
    }

    private Response get(URI uri) throws IOException {
        return client.newCall(new Request.Builder().url(uri.toString()).build()).execute();
    }
}
