package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.measure.MarkedBlock;
import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.servers.cluster.Hop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The attack suite's record: what each front did to each attack, its CPU and memory meanwhile, whether the bystander
 * was served; and the same as one table of attacks by fronts for docs/results.md, written between its markers.
 */
record AttackReport(List<AttackSuite.Row> rows, AttackSettings settings, Hop hop) {

    static final String BEGIN = "<!-- attacks: written by the attack suite when it records itself (AttackReport) -->";
    static final String END = "<!-- /attacks -->";
    private static final MarkedBlock BLOCK = new MarkedBlock(BEGIN, END);

    String command() {
        return "./mvnw -Pcluster package exec:java@attacks -Dcluster.bench.attacks=" + settings.attacks().stream().map(Attack::token).collect(Collectors.joining(","))
                + " -Dcluster.bench.attack.seconds=" + settings.time().toSeconds() + " -Dcluster.hop=" + hop.token();
    }

    String record() throws IOException {
        StringBuilder page = new StringBuilder("# HTTP/2 attacks: WildFly's balancer, HAProxy, nginx and door 2\n\n")
                .append("Measured ").append(RunFacts.today()).append(" on ").append(RunFacts.machine())
                .append(", by `").append(command()).append("` (AttackSuite, the project at ").append(RunFacts.commit()).append("), ").append(RunFacts.version("/usr/sbin/haproxy", "-v"))
                .append(", ").append(RunFacts.version("/usr/sbin/nginx", "-v")).append(": each attack a bounded client of its own over TLS on")
                .append(" loopback (`src/measure/java/io/github/http2wildfly/measure/attack`), at most ").append(settings.time().toSeconds())
                .append(" s, against each front in turn: WildFly's balancer with the project's Undertow diffs, and in a second cluster")
                .append(" without them (stock Undertow, nodes too), HAProxy (h2 to the nodes) and nginx (HTTP/1.1 kept alive to them) in")
                .append(" front of the same two nodes, and door 2 of one node alone. Meanwhile a bystander (OkHttp) at another client address")
                .append(" (127.0.0.2; the attacks come from 127.0.0.1) asks the same front for a logo ten times a second, each on a fresh")
                .append(" connection, whether or not the last was answered (open loop), during the attack and 3 s after: served means its 200")
                .append(" and whole body within 1 s of when it was due, and one still in flight at the end is not; its share served, p99 and")
                .append(" worst 5 s window. CPU: the front's processes'")
                .append(" (HAProxy's and nginx's workers too); memory: their resident set (VmRSS), sampled every 100 ms. \"Serving")
                .append(" after\": a logo answered within 30 s of the attack's end.\n");
        Map<Attack, List<AttackSuite.Row>> byAttack = byAttack();
        byAttack.forEach((attack, attacked) -> {
            page.append("\n## ").append(attack.label()).append(" (").append(attack.reference()).append(")\n\n")
                    .append("| front | what it did | the bystander | CPU, s | resident memory, MiB: before → peak | serving after |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (AttackSuite.Row row : attacked) {
                page.append("| ").append(row.front()).append(" | ").append(row.outcome().summary()).append(" | ").append(row.bystander())
                        .append(" | ").append(String.format(Locale.ROOT, "%.1f", row.cpuSeconds())).append(" | ").append(row.rssBeforeMiB())
                        .append(" → ").append(row.rssPeakMiB()).append(" | ").append(row.after()).append(" |\n");
            }
        });
        return page.toString();
    }

    /** Attacks down, fronts across: what it did, the bystander's answers, CPU and the memory it added. */
    String table(String recordLink) {
        List<String> fronts = rows.stream().map(AttackSuite.Row::front).distinct().toList();
        StringBuilder table = new StringBuilder("Measured ").append(RunFacts.today()).append(" by `").append(command())
                .append("` ([record](").append(recordLink).append(")). Each cell: what the front did (\"at\": what the attacker")
                .append(" had sent when it saw it); the open-loop bystander's logos served within 1 s of asked meanwhile, and its p99 (\"never\" where more than 1 % never came); the front's CPU, s; the memory")
                .append(" it added at its peak, MiB; † where it did not serve within 30 s after.\n\n| attack | ").append(String.join(" | ", fronts)).append(" |\n|---|")
                .append("---|".repeat(fronts.size())).append('\n');
        byAttack().forEach((attack, attacked) -> {
            table.append("| ").append(attack.label()).append(" (").append(attack.reference()).append(")");
            for (String front : fronts) {
                table.append(" | ").append(attacked.stream().filter(row -> row.front().equals(front)).findFirst().map(row ->
                        row.outcome().brief() + "; " + row.bystander().served() + "/" + row.bystander().asked() + " in 1 s, p99 " + p99(row) + "; "
                                + String.format(Locale.ROOT, "%.1f", row.cpuSeconds()) + " s; +" + (row.rssPeakMiB() - row.rssBeforeMiB())
                                + (row.after().startsWith("no") ? " †" : "")).orElse("not run"));
            }
            table.append(" |\n");
        });
        return table.toString().strip();
    }

    /** The record in docs/results/DATE-attacks.md and its table on docs/results.md. */
    void recordIn(Path docs) throws IOException {
        Path written = RunFacts.newRecord(docs.resolve("results"), "attacks");
        Files.writeString(written, record());
        BLOCK.write(docs.resolve("results.md"), table("results/" + written.getFileName()));
        System.out.println("Recorded in docs/results/" + written.getFileName() + " and docs/results.md");
    }

    /** The bystander's 99th percentile, in ms or s, or "never" where more than 1 % of its requests never came whole. */
    private static String p99(AttackSuite.Row row) {
        Duration p99 = row.bystander().p99();
        return p99.compareTo(Duration.ofHours(1)) > 0 ? "never"
                : p99.toMillis() < 1_000 ? p99.toMillis() + " ms" : String.format(Locale.ROOT, "%.1f s", p99.toMillis() / 1000.0);
    }

    private Map<Attack, List<AttackSuite.Row>> byAttack() {
        return rows.stream().collect(Collectors.groupingBy(AttackSuite.Row::attack, LinkedHashMap::new, Collectors.toList()));
    }
}
