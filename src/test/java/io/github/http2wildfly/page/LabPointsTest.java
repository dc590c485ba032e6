package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LabPointsTest {

    private static final LabPoint TILES = new LabPoint("20k", 100, 50, 0, 0, "reno", "h3", "h2", 1.09, 0.91, "another winner", "2026-11-25-lab.md");
    private static final LabPoint LOGOS = new LabPoint("logo", 500, 50, 0, 0, "reno", "h3", "h2", 0.97, 0.89, "agrees", "2026-11-25-lab-2.md");

    @Test
    void theFileReadsBackAsItWasWritten() {
        LabPoints points = new LabPoints(List.of(TILES, LOGOS));
        assertEquals(points, LabPoints.read(new ByteArrayInputStream(points.file().getBytes(StandardCharsets.UTF_8))));
        assertTrue(points.file().startsWith(LabPoint.HEADER + "\n"));
    }

    @Test
    void aNewerRunsPointReplacesTheOneAtTheSamePlaceAndLeavesTheOthers() {
        LabPoint newer = new LabPoint("20k", 100, 50, 0, 0, "reno", "h3", "h2", 0.98, 0.93, "agrees", "2026-12-01-lab.md");
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
                + "\"against\":\"h2\",\"model\":0.97,\"lab\":0.89,\"agrees\":true,\"verdict\":\"agrees\",\"record\":\"2026-11-25-lab-2.md\"}]", json);
        assertFalse(TILES.agrees());
    }

    @Test
    void aLineWithoutEveryColumnIsRefusedWithWhatItNeeds() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> LabPoint.parse("20k\t100"));
        assertTrue(refused.getMessage().startsWith("a lab point has 12 columns"), refused.getMessage());
    }
}
