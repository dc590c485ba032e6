package io.github.http2wildfly.servers.bench.origin;

import io.github.http2wildfly.measure.MarkedBlock;
import io.github.http2wildfly.measure.statistics.MeanInterval;
import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.servers.bench.RunFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * What the servers' benchmark writes: the record (the run's facts, how it measured, the table, what each server sent
 * and negotiated) in target/servers/servers.md, and, recorded, in docs/results/DATE-servers.md with its table on
 * docs/results.md between the markers. Every figure a mean over the measured rounds with its 95 % interval (Student's
 * t): geometric for rates, CPU and times (t on their logarithms, RatioInterval), arithmetic for header bytes and HPACK's
 * savings, which may be 0 (MeanInterval).
 *
 * @param seen by server: the headers it sent with the logo over HTTP/1.1 and the TLS h2load negotiated with it
 * @param profiles each WildFly's profile after the rounds, where the run made them (servers.bench.profile)
 */
record OriginRecord(OriginSettings settings, Facts facts, List<Row> rows, Map<String, String> seen, List<CpuProfile> profiles) {

    static final String BEGIN = "<!-- servers: written by the servers' benchmark when it records itself (OriginRecord) -->";
    static final String END = "<!-- /servers -->";
    private static final MarkedBlock BLOCK = new MarkedBlock(BEGIN, END);
    /** The server whose CPU per request the others' is set beside, round by round. */
    static final String BASELINE = "nginx";
    private static final double CONFIDENCE = 0.95;
    /**
     * The CPU time of a run below which its figure is coarse: /proc counts it in clock ticks of 10 ms, so a reading may
     * be up to a tick short, a tenth of this.
     */
    static final double RESOLVED_CPU_MILLIS = 100;
    static final String COARSE = "‡";

    /** One server under one load, its samples in round order (the same rounds as every other row's). */
    record Row(Load load, String server, List<Sample> samples) {
    }

    /**
     * What the record says of the run besides its figures.
     *
     * @param software the servers' and h2load's versions, the diffs WildFly's Undertow carried
     * @param orderSeed where the rounds' orders of servers were drawn from
     * @param pageRequests the page's requests: itself and its logos
     */
    record Facts(String day, String machine, String loadAtStart, String loadAtEnd, String commit, String software, long orderSeed,
            int pageRequests) {
    }

    /**
     * The seed article's figures (nginx 1.15 on macOS in front of uWSGI, TLS 1.2, h2load {@code -n 10000 -c 100 -m 1}):
     * its rate, and its header bytes per answer from its traffic line (500,000 and 1,099,500 over 10,000 answers).
     */
    private static final Map<Load, String> SEED = Map.of(
            Load.SEED_H2, "| %s | the seed's nginx 1.15 (the article, 2019: macOS, in front of uWSGI) | 607 | — | — | — | — | 50.0 | 50.0 %% |\n",
            Load.SEED_H1, "| %s | the seed's nginx 1.15 (the article, 2019: macOS, in front of uWSGI) | 638 | — | — | — | — | 110.0 | none |\n");

    String record() {
        return "# What a request costs WildFly over HTTP/1.1 and HTTP/2, beside nginx and Caddy\n\n" + measured() + caveats() + "\n\n" + method()
                + "\n\n" + table() + "\n" + seenBy() + profiled();
    }

    /** Where each WildFly's CPU went, as profiled after the rounds; nothing where no profile was asked for. */
    private String profiled() {
        if (profiles.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Where WildFly's CPU goes\n\nAfter the rounds, each WildFly under the logo multiplexed"
                + " again, alone: the CPU of each group of its threads from /proc/PID/task/TID/stat (user and kernel), and Flight"
                + " Recorder's execution samples meanwhile (`jcmd PID JFR.start settings=profile method-profiling=max`: Java frames only, a sample every millisecond), each sample's layer"
                + " the first frame from the top of its stack that is not plain JDK (CpuProfile). CPU and samples include the"
                + " profiler's own small cost.\n");
        profiles.forEach(profile -> md.append('\n').append(profile.markdown()));
        return md.toString();
    }

    /**
     * What a reader must know before any figure: a single round gives no interval, and a machine others kept busy
     * before the run (a load average above 1 over the last minute) put their work into its figures.
     */
    String caveats() {
        String caveats = "";
        if (settings.rounds() < 2) {
            caveats += " One round: no interval, so this run shows that the benchmark works and measures nothing to go by.";
        }
        if (Double.parseDouble(facts.loadAtStart().split(",")[0].strip()) > 1) {
            caveats += " The machine was busy when it started (a load average above 1): other work is in these figures.";
        }
        return caveats;
    }

    /** "Measured ... by `...` (the project at ...)": the day, the machine, how busy it was, the command, the commit. */
    private String measured() {
        return "Measured " + facts.day() + " on " + facts.machine() + ", the machine's load averages (1, 5, 15 minutes) " + facts.loadAtStart()
                + " at the start and " + facts.loadAtEnd() + " at the end (other work on it shows there). Command: `" + settings.command()
                + "` (OriginBenchmark, the project at " + facts.commit() + "). " + facts.software() + ".";
    }

    private String method() {
        return "Each server on loopback over TLS with the project's certificate, h2load its one client on the same machine. "
                + settings.warmup() + " warm-up round(s), not counted, then " + settings.rounds() + " round(s); a round runs every load on every"
                + " server, the servers in an order drawn for the round (seed " + facts.orderSeed() + "), each load " + settings.requests()
                + " requests (the page's: whole pages for every client, " + facts.pageRequests() + " requests a page). nginx and Caddy serve"
                + " a copy of WildFly's answers for the logo and the page, with their headers; WildFly renders the page (a JSP) at each"
                + " request. CPU: the server's processes' (nginx's workers too) utime and stime from /proc before and after each run, per"
                + " 1,000 requests; CPU per request / nginx's: the two's ratio in each round, paired. p50 and p99 from h2load's log of"
                + " every request. Header bytes as h2load received them (over h2 HPACK-encoded; HPACK saved: h2load's \"space savings\")."
                + " Rates, CPU and times: geometric means over the rounds with 95 % intervals (Student's t on the logarithms); header"
                + " bytes and savings: means with t intervals; one round gives no interval.";
    }

    /** A row a server and load, the loads in turn, each seed load with the article's figures beside. */
    String table() {
        StringBuilder md = new StringBuilder("| load | server | requests per second | CPU per 1,000 requests, ms | CPU per request / nginx's"
                + " | p50, ms | p99, ms | header bytes per answer | HPACK saved |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Load load : Load.values()) {
            List<Row> ofLoad = rows.stream().filter(row -> row.load() == load).toList();
            Optional<Row> baseline = ofLoad.stream().filter(row -> row.server().equals(BASELINE)).findFirst();
            for (Row row : ofLoad) {
                md.append("| ").append(load.label()).append(" | ").append(row.server()).append(" | ")
                        .append(whole(logMean(row, Sample::requestsPerSecond))).append(" | ").append(cpu(row))
                        .append(" | ").append(baseline.filter(base -> base != row).map(base -> cpuBeside(row, base)).orElse("—")).append(" | ")
                        .append(fraction(logMean(row, Sample::p50Millis))).append(" | ").append(fraction(logMean(row, Sample::p99Millis)))
                        .append(" | ").append(tenths(mean(row, Sample::headerBytesPerAnswer), "")).append(" | ")
                        .append(load.http1() ? "none" : tenths(mean(row, Sample::headerSavingsPercent), " %")).append(" |\n");
            }
            if (SEED.containsKey(load) && !ofLoad.isEmpty()) {
                md.append(SEED.get(load).formatted(load.label()));
            }
        }
        if (rows.stream().anyMatch(OriginRecord::coarse)) {
            md.append("\n").append(COARSE).append(" A run took the server under ").append((int) RESOLVED_CPU_MILLIS).append(" ms of CPU, which /proc"
                    + " counts in 10 ms ticks: a coarse figure (\"under a tick\": none counted). More requests a run resolve it"
                    + " (servers.bench.requests).\n");
        }
        return md.toString();
    }

    /** CPU per 1,000 requests, marked where a run's CPU was too little for /proc's ticks. */
    private static String cpu(Row row) {
        if (row.samples().stream().anyMatch(sample -> sample.cpuMillis() == 0)) {
            return "under a tick " + COARSE;
        }
        return whole(logMean(row, Sample::cpuMillisPerThousand)) + (coarse(row) ? " " + COARSE : "");
    }

    /** This server's CPU per request over nginx's, where both were counted in every round. */
    private static String cpuBeside(Row row, Row baseline) {
        if (Stream.of(row, baseline).anyMatch(either -> either.samples().stream().anyMatch(sample -> sample.cpuMillis() == 0))) {
            return "— " + COARSE;
        }
        return fraction(cpuRatio(row, baseline)) + (coarse(row) || coarse(baseline) ? " " + COARSE : "");
    }

    private static boolean coarse(Row row) {
        return row.samples().stream().anyMatch(sample -> sample.cpuMillis() < RESOLVED_CPU_MILLIS);
    }

    private String seenBy() {
        StringBuilder md = new StringBuilder("\nWhat each server sent with the logo (one GET over HTTP/1.1, Date left out) and the TLS h2load"
                + " negotiated with it:\n\n");
        seen.forEach((server, said) -> md.append("- ").append(server).append(": ").append(said).append('\n'));
        return md.toString();
    }

    /** The table with the run's facts in a line, for docs/results.md. */
    String block(String recordLink) {
        return "Measured " + facts.day() + " on " + facts.machine() + " (load averages " + facts.loadAtStart() + " at the start, "
                + facts.loadAtEnd() + " at the end), by `" + settings.command() + "` ([record](" + recordLink + ")): " + settings.rounds()
                + " round(s) of " + settings.requests() + " requests a load after " + settings.warmup() + " warm-up round(s), means with 95 %"
                + " intervals." + caveats() + "\n\n" + table().strip();
    }

    /** Writes docs/results/DATE-servers.md (-2, -3 for a later run of the day) and the table on docs/results.md; the record's path. */
    Path recordIn(Path docs) throws IOException {
        Path written = RunFacts.newRecord(docs.resolve("results"), "servers");
        Files.writeString(written, record());
        BLOCK.write(docs.resolve("results.md"), block("results/" + written.getFileName()));
        return written;
    }

    private static RatioInterval logMean(Row row, ToDoubleFunction<Sample> figure) {
        return RatioInterval.of(row.samples().stream().mapToDouble(sample -> Math.log(figure.applyAsDouble(sample))).toArray(), CONFIDENCE);
    }

    private static MeanInterval mean(Row row, ToDoubleFunction<Sample> figure) {
        return MeanInterval.of(row.samples().stream().mapToDouble(figure).toArray(), CONFIDENCE);
    }

    /** This server's CPU per request over the baseline's, round by round: the rounds pair them. */
    static RatioInterval cpuRatio(Row row, Row baseline) {
        return RatioInterval.of(IntStream.range(0, Math.min(row.samples().size(), baseline.samples().size()))
                .mapToDouble(round -> Math.log(row.samples().get(round).cpuMillisPerThousand() / baseline.samples().get(round).cpuMillisPerThousand()))
                .toArray(), CONFIDENCE);
    }

    /** "1,234 [1,100, 1,400]", or "1,234 (one round)". */
    static String whole(RatioInterval interval) {
        return interval.known() ? String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", interval.ratio(), interval.low(), interval.high())
                : String.format(Locale.ROOT, "%,.0f (one round)", interval.ratio());
    }

    /** "1.23 [1.05, 1.44]", or "1.23 (one round)". */
    static String fraction(RatioInterval interval) {
        return interval.known() ? String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", interval.ratio(), interval.low(), interval.high())
                : String.format(Locale.ROOT, "%.2f (one round)", interval.ratio());
    }

    /** "50.1 % [49.8, 50.4]", or "50.1 % (one round)". */
    static String tenths(MeanInterval interval, String unit) {
        return interval.known() ? String.format(Locale.ROOT, "%,.1f%s [%,.1f, %,.1f]", interval.mean(), unit, interval.low(), interval.high())
                : String.format(Locale.ROOT, "%,.1f%s (one round)", interval.mean(), unit);
    }
}
