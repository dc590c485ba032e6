package io.github.http2wildfly.comparison.measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.http2wildfly.comparison.settings.Cell;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientSpeedTest {

    @Test
    void theTaskRunsOnceToWarmThenFiveTimesAndTheMedianIsTheSpeed() throws Exception {
        Scripted engine = new Scripted(List.of(400.0, 120.0, 110.0, 131.0, 108.0, 112.0));
        ClientSpeed speed = ClientSpeed.measure(engine);
        assertEquals(List.of(120.0, 110.0, 131.0, 108.0, 112.0), speed.taskMillis(), "the first, warming run left out");
        assertEquals(112.0, speed.medianMillis());
        assertEquals("112 ms (median of 5, 108 to 131)", speed.describe());
        assertEquals(List.of(ClientSpeed.TASK), engine.expressions.stream().distinct().toList(), "the same fixed task each time");
    }

    /** An engine whose script answers are given. */
    private static final class Scripted implements BrowserEngine {
        private final Iterator<Double> answers;
        private final List<String> expressions = new ArrayList<>();

        Scripted(List<Double> answers) {
            this.answers = answers.iterator();
        }

        @Override
        public double scriptMillis(String expression) {
            expressions.add(expression);
            return answers.next();
        }

        @Override
        public Visit visit(Cell cell, String url) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String client() {
            return "scripted";
        }

        @Override
        public long http2WindowBytes() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
