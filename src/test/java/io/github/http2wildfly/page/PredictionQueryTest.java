package io.github.http2wildfly.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PredictionQueryTest {

    private static final String[] LOADS = {"812.5", "640", "701.2000000000007"};

    @Test
    void theReadersSpeedIsTheMedianOfTheLoads() {
        assertEquals(701.2000000000007, PredictionQuery.parse(LOADS, null).loopbackMillis());
        assertEquals(670.5, PredictionQuery.parse(new String[] {"701", "640"}, null).loopbackMillis(), "the middle two's mean");
        assertEquals(640, PredictionQuery.parse(new String[] {"640"}, null).loopbackMillis());
    }

    @Test
    void withoutRatiosItIsAPredictionBeforeTheRace() {
        assertEquals(Optional.empty(), PredictionQuery.parse(LOADS, null).rounds());
    }

    @Test
    void theRatiosAreTheRacesRounds() {
        RaceRounds rounds = PredictionQuery.parse(LOADS, new String[] {"0.25", "1"}).rounds().orElseThrow();
        assertEquals(List.of(0.25, 1.0), rounds.ratios());
    }

    @Test
    void aQueryWithoutLoadsIsRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PredictionQuery.parse(null, null));
        assertEquals(PredictionQuery.LOAD_RULE, refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PredictionQuery.parse(new String[0], null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "abc", "-1", "0", "0.0", "NaN", "Infinity", "-Infinity", "1e3", "1E3", "0x10", "1d", "+5",
        "012", "5.", ".5", " 5", "5\n", "600000.01", "1000000000", "\u0665"})
    void aLoadThatIsNoPlainPositiveNumberInRangeIsRefusedWithItsRule(String load) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PredictionQuery.parse(new String[] {"640", load}, null));
        assertEquals(PredictionQuery.LOAD_RULE, refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-0.5", "0", "NaN", "Infinity", "5e-1", "1000.5"})
    void aRatioThatIsNoPlainPositiveNumberInRangeIsRefusedWithItsRule(String ratio) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PredictionQuery.parse(LOADS, new String[] {"0.5", ratio}));
        assertEquals(PredictionQuery.RATIO_RULE, refused.getMessage());
    }

    @Test
    void theEndsOfTheRangesAreAccepted() {
        PredictionQuery ends = PredictionQuery.parse(new String[] {"0.000001", "600000"}, new String[] {"0.0001", "1000"});
        assertEquals(List.of(0.000001, 600000.0), ends.loadMillis());
        assertEquals(List.of(0.0001, 1000.0), ends.roundRatios());
    }

    @Test
    void moreValuesThanAnyRaceSendsAreRefused() {
        String[] eleven = new String[PredictionQuery.MAX_VALUES + 1];
        Arrays.fill(eleven, "0.5");
        assertEquals(PredictionQuery.RATIO_RULE,
                assertThrows(IllegalArgumentException.class, () -> PredictionQuery.parse(LOADS, eleven)).getMessage());
        Arrays.fill(eleven, "640");
        assertEquals(PredictionQuery.LOAD_RULE,
                assertThrows(IllegalArgumentException.class, () -> PredictionQuery.parse(eleven, null)).getMessage());
        assertEquals(10, PredictionQuery.parse(Arrays.copyOf(eleven, 10), null).loadMillis().size());
    }

    @Test
    void theRulesAreOneLineEach() {
        assertEquals("load must be given 1 to 10 times, each a load time in milliseconds above 0 and at most 600000,"
                + " in plain decimal digits", PredictionQuery.LOAD_RULE);
        assertEquals("ratio may be given up to 10 times, each a round's HTTP/2 / HTTP/1.1-over-TLS time above 0 and at"
                + " most 1000, in plain decimal digits", PredictionQuery.RATIO_RULE);
    }
}
