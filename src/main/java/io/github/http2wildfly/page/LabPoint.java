package io.github.http2wildfly.page;

import java.util.Locale;

/**
 * One point where the project's lab (kernel TCP, real QUIC: docs/lab.md) measured a protocol pair beside the model that
 * the slow doors run: the page, the network, the pair, both ratios and what the loads say of the model. A lab run that records itself
 * writes them (docs/results/model-against-lab.tsv, one line each); the race page shows the lab's figure beside its own.
 *
 * @param protocol the faster-if-below-1 side of the ratio, as the browser names it ("h2", "h3")
 * @param against the other side ("http/1.1", "h2")
 * @param verdict "agrees within 10 % (...)", "differs: ..." or "undecided: ..." (the comparison's ModelAgainstLab: an
 *     equivalence test on model / lab)
 * @param record the record in docs/results the figures come from
 */
public record LabPoint(String size, int count, int rttMillis, int lossPercent, int bandwidthMbps, String cc, String protocol,
        String against, double model, double lab, String verdict, String record) {

    /** The columns of a line, in order; the file's first line says them. */
    public static final String HEADER = "size\tcount\trtt\tloss\tbandwidth\tcc\tprotocol\tagainst\tmodel\tlab\tverdict\trecord";

    /** "agrees", "differs" or "undecided", the first word of the verdict. */
    public String agreement() {
        return verdict.startsWith("agrees within") ? "agrees" : verdict.startsWith("differs") ? "differs" : "undecided";
    }

    /** What makes two points the same place: a newer run's replaces an older one's. */
    public String key() {
        return String.join("\t", size, Integer.toString(count), Integer.toString(rttMillis), Integer.toString(lossPercent),
                Integer.toString(bandwidthMbps), cc, protocol, against);
    }

    public String line() {
        return key() + String.format(Locale.ROOT, "\t%.2f\t%.2f\t%s\t%s", model, lab, verdict, record);
    }

    /** @throws IllegalArgumentException for a line that is not {@link #HEADER}'s columns */
    public static LabPoint parse(String line) {
        String[] columns = line.split("\t", -1);
        if (columns.length != HEADER.split("\t").length) {
            throw new IllegalArgumentException("a lab point has " + HEADER.split("\t").length + " columns: " + line);
        }
        return new LabPoint(columns[0], Integer.parseInt(columns[1]), Integer.parseInt(columns[2]), Integer.parseInt(columns[3]),
                Integer.parseInt(columns[4]), columns[5], columns[6], columns[7], Double.parseDouble(columns[8]),
                Double.parseDouble(columns[9]), columns[10], columns[11]);
    }

    /** For the page's script: every value is a number or one of this project's own names, so nothing needs escaping but quotes. */
    public String json() {
        return String.format(Locale.ROOT, "{\"size\":\"%s\",\"count\":%d,\"rtt\":%d,\"loss\":%d,\"bandwidth\":%d,\"cc\":\"%s\","
                + "\"protocol\":\"%s\",\"against\":\"%s\",\"model\":%.2f,\"lab\":%.2f,\"agreement\":\"%s\",\"verdict\":\"%s\",\"record\":\"%s\"}",
                quoted(size), count, rttMillis, lossPercent, bandwidthMbps, quoted(cc), quoted(protocol), quoted(against), model, lab,
                agreement(), quoted(verdict), quoted(record));
    }

    private static String quoted(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
