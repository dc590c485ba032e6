package io.github.http2wildfly.servers.bench;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.servers.BuildCheckFailure;
import io.github.http2wildfly.servers.FilledInSettings;
import io.github.http2wildfly.setting.Token;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

/**
 * The attack suite's knobs, in the balancers' settings file ({@code src/servers/balancers.properties}) with the command
 * line's {@code -Dcluster.bench.*} over them: which attacks, how long each may last, and whether the run records itself
 * on the results page. A value outside its rule is one line naming it.
 */
record AttackSettings(List<Attack> attacks, Duration time, boolean record) {

    static AttackSettings read(Path file, Properties commandLine) throws IOException {
        try {
            return of(BalancerSettings.given(file, commandLine));
        } catch (IllegalArgumentException bad) {
            throw new BuildCheckFailure(bad.getMessage());
        }
    }

    static AttackSettings of(Properties given) {
        List<Attack> attacks = Token.parseAll(Attack.class, "cluster.bench.attacks", given.getProperty("cluster.bench.attacks", ""));
        return new AttackSettings(attacks, Duration.ofSeconds(FilledInSettings.number(given, "cluster.bench.attack.seconds", 1, 600)),
                Boolean.parseBoolean(given.getProperty("cluster.bench.record", "false")));
    }
}
