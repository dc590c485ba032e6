package io.github.http2wildfly.comparison.report;

import io.github.http2wildfly.comparison.settings.ComparisonSettings;
import io.github.http2wildfly.comparison.settings.Condition;
import io.github.http2wildfly.comparison.settings.Pair;
import io.github.http2wildfly.comparison.statistics.Verdict;
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
 * The model against the lab, the same browser on the same grid: each protocol pair's ratio through both, each with
 * its interval and verdict (loads until decided), and whether the model agrees. It agrees where the two intervals
 * overlap: then the loads cannot tell the model's ratio from the lab's, and the two cannot name opposite winners (an
 * interval below 1 and one above 1 share no value). It disagrees where they are apart: the model's ratio differs
 * from the lab's beyond what either run's loads spread. Why not a band around the lab's ratio (0.75 to 1.33 before):
 * a band is wide where the loads are tight and narrow where they are loose, and let a model's 1.43 "agree" with a
 * lab's level 1.08. The lab is the real network (kernel TCP, real QUIC); the model earns its place where it agrees.
 */
public record ModelAgainstLab(Comparison model, Comparison lab) {

    /** The model's tool (Chromium through the delay proxies) and the lab's (Chromium through the lab). */
    static final String MODEL_TOOL = ComparisonSettings.Browser.CHROMIUM.tool();
    static final String LAB_TOOL = ComparisonSettings.Browser.CHROMIUM.labTool();
    /** What the lab is asked: does HTTP/2 beat HTTP/1.1, and does HTTP/3 beat HTTP/2. */
    static final List<Pair> PAIRS = List.of(new Pair(Door.HTTP_2_TLS, Door.HTTP_1_1_TLS),
            new Pair(Door.HTTP_3, Door.HTTP_2_TLS));

    /** One pair under one condition, through both: each one's verdict with its interval. */
    public record Point(Condition condition, Pair pair, Verdict inModel, Verdict inLab) {

        public double model() {
            return inModel.ratio();
        }

        public double lab() {
            return inLab.ratio();
        }

        public double quotient() {
            return model() / lab();
        }

        /** Whether the loads cannot tell the two ratios apart: their intervals overlap (or one has too few loads for one). */
        public boolean agrees() {
            return !inModel.interval().known() || !inLab.interval().known() || inModel.interval().overlaps(inLab.interval());
        }

        /** Whether both named the same verdict (the same winner, or both level) and their intervals overlap. */
        public boolean decidedAlike() {
            return agrees() && inLab.decided() && inModel.kind() == inLab.kind();
        }

        /** "agrees" (and whether both decided alike), or what is off. */
        public String verdict() {
            if (!inModel.interval().known() || !inLab.interval().known()) {
                return "agrees (too few loads to tell)";
            }
            if (agrees()) {
                return decidedAlike() ? "agrees" : "agrees within the loads' spread (lab "
                        + say(inLab) + ", model " + say(inModel) + ")";
            }
            return inModel.named() && inLab.named() && inModel.kind() != inLab.kind() ? "another winner"
                    : "apart: the model's interval " + inModel.label() + " misses the lab's " + inLab.label();
        }

        private String say(Verdict verdict) {
            return verdict.say(Pair.shortName(pair.of()), Pair.shortName(pair.against()));
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
            for (Pair pair : PAIRS) {
                Optional<Verdict> inLab = lab.verdict(pair, condition);
                // the model with its receive window, and without it where the run measured both (comparison.rwnds=on,off)
                for (Condition modelled : List.of(condition, condition.withReceiveWindow(false))) {
                    Optional<Verdict> inModel = model.verdict(pair, modelled);
                    if (inLab.isPresent() && inModel.isPresent()) {
                        points.add(new Point(modelled, pair, inModel.get(), inLab.get()));
                    }
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
        List<LabPoint> points = points().stream().filter(point -> point.condition().receiveWindow()).map(point -> new LabPoint(point.condition().size().parameter(),
                lab.results().imageCount(), point.condition().rttMillis(), point.condition().lossPercent(),
                point.condition().bandwidthMbps(), point.condition().congestionControl().parameter(), point.pair().of().protocol(),
                point.pair().against().protocol(), point.model(), point.lab(), point.verdict(), record)).toList();
        Files.writeString(file, known.merge(points).file());
    }

    /** "41 of 48 points agree; outside: …", one line for the build log and the report. */
    public String summary() {
        List<Point> points = points();
        List<Point> off = points.stream().filter(point -> !point.agrees()).toList();
        StringBuilder line = new StringBuilder("The model against the lab: ");
        List<String> counts = new ArrayList<>();
        for (boolean receiveWindow : List.of(true, false)) {
            List<Point> these = points.stream().filter(point -> point.condition().receiveWindow() == receiveWindow).toList();
            if (!these.isEmpty()) {
                long alike = these.stream().filter(Point::decidedAlike).count();
                counts.add(String.format(Locale.ROOT, "%d of %d points agree%s (%d decided alike, %d within the loads' spread)",
                        these.stream().filter(Point::agrees).count(), these.size(), receiveWindow ? "" : " without the model's receive window",
                        alike, these.stream().filter(Point::agrees).count() - alike));
            }
        }
        line.append(String.join(", ", counts)).append(" (their intervals overlap: the loads cannot tell the model's ratio from the lab's)");
        if (!off.isEmpty()) {
            line.append("; not: ").append(String.join("; ", off.stream().map(point -> String.format(Locale.ROOT,
                    "%s at %s (model %.2f, lab %.2f: %s)", point.pair().label(), point.condition().label(), point.model(),
                    point.lab(), point.verdict())).toList()));
        }
        return line.toString();
    }
}
