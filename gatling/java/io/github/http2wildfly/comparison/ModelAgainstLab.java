package io.github.http2wildfly.comparison;

import io.github.http2wildfly.door.Door;
import io.github.http2wildfly.page.LabPoint;
import io.github.http2wildfly.page.LabPoints;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The model against the lab, the same browser on the same grid: each protocol pair's ratio through both, and
 * whether the model names the same winner with a ratio within {@value #LOW} to {@value #HIGH} of the lab's. The
 * lab is the real network (kernel TCP, real QUIC); the model earns its place where it agrees.
 */
public record ModelAgainstLab(Comparison model, Comparison lab) {

    /** The model's ratio may be this far from the lab's, either way (3/4 to 4/3). */
    static final double LOW = 0.75;
    static final double HIGH = 1.33;
    /**
     * A lab ratio this close to 1 names no winner: the two protocols took the same time within what one load
     * differs from the next (a few percent at three loads), so the model cannot pick "another" one.
     */
    static final double TIE = 0.05;
    /** The model's tool (Chromium through the delay proxies) and the lab's (Chromium through the lab). */
    static final String MODEL_TOOL = ComparisonSettings.Browser.CHROMIUM.tool();
    static final String LAB_TOOL = ComparisonSettings.Browser.CHROMIUM.labTool();
    /** What the lab is asked: does HTTP/2 beat HTTP/1.1, and does HTTP/3 beat HTTP/2. */
    static final List<Comparison.Pair> PAIRS = List.of(new Comparison.Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS),
            new Comparison.Pair(Door.HTTP_3, Door.HTTP_2_TLS));

    /**
     * One pair under one condition, through both.
     *
     * @param labDecided whether the lab's loads named a winner: its ratio's 95 % interval excludes 1 ({@link RatioInterval})
     */
    public record Point(Condition condition, Comparison.Pair pair, double model, double lab, boolean labDecided) {

        public double quotient() {
            return model / lab;
        }

        public boolean withinBand() {
            return quotient() >= LOW && quotient() <= HIGH;
        }

        /**
         * Whether the lab named no winner: its two protocols within {@link #TIE} of each other, or its loads' interval
         * spanning 1 (the rule every ratio of the report follows), so that only the band can fail the model.
         */
        public boolean tie() {
            return level() || !labDecided;
        }

        /** The lab's two protocols within {@link #TIE} of each other. */
        private boolean level() {
            return Math.abs(lab - 1) <= TIE;
        }

        public boolean sameWinner() {
            return tie() || model < 1 == lab < 1;
        }

        public boolean agrees() {
            return withinBand() && sameWinner();
        }

        /** "agrees" (or that the lab had no winner), or what is off. */
        public String verdict() {
            if (agrees()) {
                return !tie() || model < 1 == lab < 1 ? "agrees" : level() ? "agrees (a tie in the lab)"
                        : "agrees (no winner in the lab: its interval spans 1)";
            }
            List<String> off = new ArrayList<>();
            if (!sameWinner()) {
                off.add("another winner");
            }
            if (!withinBand()) {
                off.add(String.format(Locale.ROOT, "outside %.2f to %.2f", LOW, HIGH));
            }
            return String.join(", ", off);
        }
    }

    /** The two Chromium legs of a lab run, where both are among the results. */
    static Optional<ModelAgainstLab> of(List<Comparison> comparisons) {
        Optional<Comparison> model = comparisons.stream().filter(c -> c.results().tool().equals(MODEL_TOOL)).findFirst();
        Optional<Comparison> lab = comparisons.stream().filter(c -> c.results().tool().equals(LAB_TOOL)).findFirst();
        return model.isPresent() && lab.isPresent() ? Optional.of(new ModelAgainstLab(model.get(), lab.get())) : Optional.empty();
    }

    /** Every condition with a network (RTT above 0) where both measured a pair, in the report's order. */
    public List<Point> points() {
        List<Point> points = new ArrayList<>();
        for (Condition condition : lab.conditions()) {
            if (condition.rttMillis() == 0) {
                continue;
            }
            for (Comparison.Pair pair : PAIRS) {
                Optional<Double> inLab = lab.ratio(pair, condition);
                Optional<Double> inModel = model.ratio(pair, condition);
                if (inLab.isPresent() && inModel.isPresent()) {
                    boolean decided = lab.interval(pair, condition).map(i -> !i.known() || i.decided()).orElse(true);
                    points.add(new Point(condition, pair, inModel.get(), inLab.get(), decided));
                }
            }
        }
        return points;
    }

    /**
     * Merges this run's points into the file beside its record ({@link LabPoints#FILE}), each naming the record, so that
     * the race page can show the lab's figure beside the model's wherever a lab run measured one.
     */
    void record(Path recordFile) throws IOException {
        Path file = recordFile.resolveSibling(LabPoints.FILE);
        LabPoints known;
        try (InputStream in = Files.exists(file) ? Files.newInputStream(file) : null) {
            known = LabPoints.read(in);
        }
        String record = recordFile.getFileName().toString();
        List<LabPoint> points = points().stream().map(point -> new LabPoint(point.condition().size().parameter(),
                lab.results().imageCount(), point.condition().rttMillis(), point.condition().lossPercent(),
                point.condition().bandwidthMbps(), point.condition().congestionControl().parameter(), point.pair().of().protocol(),
                point.pair().against().protocol(), point.model(), point.lab(), point.verdict(), record)).toList();
        Files.writeString(file, known.merge(points).file());
    }

    /** "41 of 48 points agree; outside: …", one line for the build log and the report. */
    public String summary() {
        List<Point> points = points();
        List<Point> off = points.stream().filter(point -> !point.agrees()).toList();
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "The model against the lab: %d of %d points agree"
                + " (the same winner, unless the lab's protocols were level within %.0f %% or its interval spans 1, and a ratio"
                + " within %.2f to %.2f of the lab's)", points.size() - off.size(), points.size(), TIE * 100, LOW, HIGH));
        if (!off.isEmpty()) {
            line.append("; not: ").append(String.join("; ", off.stream().map(point -> String.format(Locale.ROOT,
                    "%s at %s (model %.2f, lab %.2f: %s)", point.pair().label(), point.condition().label(), point.model(),
                    point.lab(), point.verdict())).toList()));
        }
        return line.toString();
    }
}
