package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LabPointsTest {

    private static final LabPoint TILES = new LabPoint("20k", 100, 50, 0, 0, "reno", "h3", "h2", 1.09, 0.91,
            "differs: model / lab 1.20 [1.08, 1.33] (lab h3 faster (3 loads), model h2 faster (3 loads))", "2026-11-25-lab.md");
    private static final LabPoint LOGOS = new LabPoint("logo", 500, 50, 0, 0, "reno", "h3", "h2", 0.97, 0.89,
            "agrees within 10 % (model / lab 1.09 [1.01, 1.10])", "2026-11-25-lab-2.md");

    @Test
    void theFileReadsBackAsItWasWritten() {
        LabPoints points = new LabPoints(List.of(TILES, LOGOS));
        assertEquals(points, LabPoints.read(new ByteArrayInputStream(points.file().getBytes(StandardCharsets.UTF_8))));
        assertTrue(points.file().startsWith(LabPoint.HEADER + "\n"));
    }

    @Test
    void aNewerRunsPointReplacesTheOneAtTheSamePlaceAndLeavesTheOthers() {
        LabPoint newer = new LabPoint("20k", 100, 50, 0, 0, "reno", "h3", "h2", 0.98, 0.93,
                "undecided: model / lab 1.05 [0.80, 1.38]; about 40 loads a cell would tell 10 %", "2026-12-01-lab.md");
        assertEquals(List.of(newer, LOGOS), new LabPoints(List.of(TILES, LOGOS)).merge(List.of(newer)).points());
    }

    @Test
    void aWarWithoutTheFileHasNoPoints() {
        assertEquals(List.of(), LabPoints.read(null).points());
        assertEquals("[]", LabPoints.read(null).json(500));
    }

    @Test
    void theRacePageGetsThePointsOfItsOwnPage() {
        String json = new LabPoints(List.of(TILES, LOGOS)).json(500);
        assertEquals("[{\"size\":\"logo\",\"count\":500,\"rtt\":50,\"loss\":0,\"bandwidth\":0,\"cc\":\"reno\",\"protocol\":\"h3\","
                + "\"against\":\"h2\",\"model\":0.97,\"lab\":0.89,\"agreement\":\"agrees\","
                + "\"verdict\":\"agrees within 10 % (model / lab 1.09 [1.01, 1.10])\",\"record\":\"2026-11-25-lab-2.md\"}]", json);
    }

    @Test
    void whatTheLoadsSayOfTheModelIsTheVerdictsFirstWord() {
        assertEquals(List.of("differs", "agrees", "undecided"), List.of(TILES.agreement(), LOGOS.agreement(),
                new LabPoint("20k", 100, 50, 0, 0, "reno", "h2", "http/1.1", 0.46, 0.41, "undecided: model / lab 1.12 [0.90, 1.40];"
                        + " about 30 loads a cell would tell 10 %", "2026-11-26-lab-3.md").agreement()));
    }

    @Test
    void aLineWithoutEveryColumnIsRefusedWithWhatItNeeds() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> LabPoint.parse("20k\t100"));
        assertTrue(refused.getMessage().startsWith("a lab point has 12 columns"), refused.getMessage());
    }
}
