package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.measure.statistics.RatioInterval;
import io.github.http2wildfly.measure.statistics.Verdict;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** What the fronts' benchmark writes: its rows, the record's header (date, machine, command) and its tables. */
final class BalancerRecord {

    /** One front's figures. */
    record Row(String front, List<Verdict> pages, Throughput throughput, List<Percentiles> latencies,
            String connectionsDuringPages, String connectionsDuringH2load, List<Integer> imagesLost, Profile profile,
            String besideStalledReaders) {
    }

    /** Under h2load's closed loop, round after round: CPU per 1,000 requests over TLS and over h2c, and the rate over TLS. */
    record Throughput(RatioInterval cpuTls, RatioInterval cpuClearText, RatioInterval requestsPerSecond) {
    }

    /** At one fixed rate, round after round: the median and the 99th percentile of a request's time, ms. */
    record Percentiles(int requestsPerSecond, RatioInterval p50, RatioInterval p99) {
    }

    private BalancerRecord() {
    }

    static String table(List<Row> rows) {
        StringBuilder md = new StringBuilder("\n## Side by side\n\n| front | 500 logos at 50 ms, Chromium: front / node 1 alone"
                + " | Firefox | requests per second (h2load) | CPU per 1,000 requests, ms: TLS | h2c | connections to node 1 / node 2,"
                + " most seen: pages; h2load | images lost when node 1 died mid-page | h2load's logos beside 8 stalled readers of"
                + " the 2 MB tile |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Row row : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s; %s | %s | %s |%n", row.front(), pages(row.pages(), 0),
                    pages(row.pages(), 1), whole(row.throughput().requestsPerSecond()), whole(row.throughput().cpuTls()),
                    whole(row.throughput().cpuClearText()), row.connectionsDuringPages(), row.connectionsDuringH2load(),
                    row.imagesLost().stream().map(String::valueOf).collect(Collectors.joining(", ")), row.besideStalledReaders()));
        }
        md.append("\n## Latency at fixed rates (over TLS, h2load --rps, ").append(BalancerBenchmark.FIXED_RATE_SECONDS)
                .append(" s a round; ms, geometric means over the rounds with 95 % intervals)\n\n| front |");
        BalancerBenchmark.FIXED_RATES.forEach(rate -> md.append(String.format(Locale.ROOT, " p50 at %,d req/s | p99 at %,d req/s |", rate, rate)));
        md.append("\n|---|").append("---|---|".repeat(BalancerBenchmark.FIXED_RATES.size())).append('\n');
        for (Row row : rows) {
            md.append("| ").append(row.front()).append(" |");
            row.latencies().forEach(at -> md.append(' ').append(fraction(at.p50())).append(" | ").append(fraction(at.p99())).append(" |"));
            md.append('\n');
        }
        md.append("\n## Where WildFly's balancer spends its CPU (under h2load over TLS, " + BalancerBenchmark.PROFILED_RUNS + " runs: the kernel's share"
                + " from /proc; the Java code's by JFR's samples, each put to the nearest layer of its stack)\n\n");
        rows.stream().filter(row -> row.profile() != null)
                .forEach(row -> md.append("- ").append(row.front()).append(": ").append(row.profile()).append('\n'));
        md.append("\nBetween fronts (where their intervals are apart; elsewhere no difference found):\n\n");
        md.append("- CPU per 1,000 requests over TLS: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().cpuTls())).toList(), "costs more CPU than")).append('\n');
        md.append("- CPU per 1,000 requests over h2c: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().cpuClearText())).toList(), "costs more CPU than")).append('\n');
        md.append("- requests per second: ").append(ranking(rows.stream()
                .map(row -> Map.entry(row.front(), row.throughput().requestsPerSecond())).toList(), "serves more than")).append('\n');
        for (int rate = 0; rate < BalancerBenchmark.FIXED_RATES.size(); rate++) {
            int r = rate;
            md.append(String.format(Locale.ROOT, "- p99 at %,d req/s: ", BalancerBenchmark.FIXED_RATES.get(rate))).append(ranking(rows.stream()
                    .map(row -> Map.entry(row.front(), row.latencies().get(r).p99())).toList(), "is slower than")).append('\n');
        }
        for (int engine = 0; engine < 2; engine++) {
            int e = engine;
            md.append("- the 500 logos at 50 ms, ").append(engine == 0 ? "Chromium" : "Firefox").append(", front / node 1 alone: ")
                    .append(ranking(rows.stream().filter(row -> row.pages().size() > e).map(row -> Map.entry(row.front(), row.pages().get(e).interval())).toList(),
                            "is slower than")).append('\n');
        }
        return md.toString();
    }

    /** A pair's ratio with its interval and verdict: "1.23 [1.05, 1.44], alone faster (5 loads)". */
    private static String pages(List<Verdict> pages, int engine) {
        return pages.size() <= engine ? "not loaded (its certificate)" : pages.get(engine).label() + ", " + pages.get(engine).say("front", "alone");
    }

    /** A quantity of a few units with its interval: "1.23 [1.05, 1.44]". */
    private static String fraction(RatioInterval interval) {
        return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", interval.ratio(), interval.low(), interval.high());
    }

    /** A quantity (not a ratio) with its interval: "65 [55, 77]". */
    private static String whole(RatioInterval interval) {
        return String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", interval.ratio(), interval.low(), interval.high());
    }

    /** "h2 costs more than ajp, http" where intervals are apart; "no difference found" where none are. */
    static String ranking(List<Map.Entry<String, RatioInterval>> fronts, String verb) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, RatioInterval> one : fronts) {
            List<String> below = fronts.stream().filter(other -> other.getValue().known() && one.getValue().known()
                    && other.getValue().high() < one.getValue().low()).map(Map.Entry::getKey).toList();
            if (!below.isEmpty()) {
                found.add(one.getKey() + " " + verb + " " + String.join(", ", below));
            }
        }
        return found.isEmpty() ? "no difference found" : String.join("; ", found);
    }

    static String header(BalancerSettings bench, List<String> diffs) throws IOException {
        return "# WildFly's balancer beside HAProxy and nginx\n\n"
                + "Measured " + RunFacts.today() + " on " + RunFacts.machine() + ", by `./mvnw -Pcluster package exec:java@balancers -Dcluster.bench.loads="
                + bench.rule().minLoads() + " -Dcluster.bench.loads.max=" + bench.rule().maxLoads() + " -Dcluster.bench.h2load.rounds=" + bench.h2loadRounds()
                + " -Dcluster.bench.kills=" + bench.kills() + " -Dcluster.bench.fronts=" + String.join(",", bench.fronts()) + "` (BalancerBenchmark): each front in front of the same two nodes on this one"
                + " machine (HAProxy and nginx beside the cluster of the last hop, its balancer idle); the pages cold loads in fresh"
                + " contexts, the front's slow door against node 1's own (the delay proxy, 50 ms), side by side round after round"
                + " until decided (loads " + bench.rule().minLoads() + " to " + bench.rule().maxLoads() + ", looks at " + bench.rule().looks()
                + ", level within 5 %, each look's interval at " + String.format(Locale.ROOT, "%.1f", bench.rule().confidence() * 100)
                + " %: docs/comparison.md); h2load " + H2load.REQUESTS + " logos a round over 4 connections x 20 streams, over TLS"
                + " and over h2c in turns, geometric means with 95 % intervals; CPU of the front's processes; latency at fixed rates"
                + " from h2load's log of every request; connections counted with ss; images lost in Chromium"
                + " through the slow door, node 1 killed after " + BalancerBenchmark.KILL_AFTER_BYTES / 1000 + " KB. WildFly's Undertow carried "
                + (diffs.isEmpty() ? "no diff" : String.join(", ", diffs)) + " (undertow.patches).\n";
    }
}
