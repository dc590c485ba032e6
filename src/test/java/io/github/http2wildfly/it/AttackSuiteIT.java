package io.github.http2wildfly.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.measure.attack.Outcome;
import io.github.http2wildfly.page.LogoServlet;
import java.io.IOException;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every attack of the suite (measure/attack, run against the fronts by {@code exec:java@attacks}) against door 2 of the
 * real server, for a few seconds each: it sends, it ends by itself (its connections closed), and the server then answers
 * OkHttp, a client the attack did not touch. What
 * each front does to each attack is the suite's record (docs/results.md), not asserted here.
 */
@Tag("slow") // a dozen attacks of a few seconds: -Pslow runs it
class AttackSuiteIT extends DeployedWarTest {

    private static final Duration TIME = Duration.ofSeconds(3);

    private final TrustedClients clients = new TrustedClients();

    @ParameterizedTest(name = "{0}")
    @EnumSource(Attack.class)
    void anAttackReachesDoor2EndsByItselfAndLeavesTheServerServing(Attack attack) throws Exception {
        // the deployment's own paths (its context is the test archive's)
        Outcome outcome = attack.against(new Attack.Target(clients.sslContext(), doors.uri(Door.HTTP_2_TLS, "/"),
                doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH).getPath(), doors.uri(Door.HTTP_2_TLS, LogoServlet.TILE_2M_PATH).getPath(), TIME));
        System.out.println(attack.label() + " against door 2: " + outcome.summary());
        assertTrue(outcome.sent() > 0, "nothing of the attack was sent: " + outcome.summary());
        assertTrue(outcome.connections() > 0 && outcome.connections() >= outcome.closedByTheServer(), outcome.summary());
        OkHttpClient okHttp = clients.okHttp();
        try (Response response = okHttp.newCall(new Request.Builder().url(doors.uri(Door.HTTP_2_TLS, LogoServlet.LOGO_PATH)
                .toString()).build()).execute()) {
            assertEquals(200, response.code(), "door 2 after " + attack.label() + " (" + outcome.summary() + ")");
        } catch (IOException noAnswer) {
            throw new AssertionError("door 2 did not answer after " + attack.label() + " (" + outcome.summary() + ")", noAnswer);
        }
    }
}
