package io.github.http2wildfly.measure.check;

import io.github.http2wildfly.measure.attack.Attack;
import io.github.http2wildfly.setting.Token;
import java.util.Optional;

/**
 * One attack {@code check.attacks} names: one of the suite's, by its token, or the half-open TLS handshakes, which
 * are TCP connections and no HTTP/2, so no {@link Attack} of the suite (HalfOpenFlood; HalfOpenHandshakesIT sends them
 * to door 2).
 *
 * @param ofTheSuite the suite's attack; empty for the half-open handshakes
 */
public record CheckedAttack(Optional<Attack> ofTheSuite) {

    public static final CheckedAttack HALF_OPEN_HANDSHAKES = new CheckedAttack(Optional.empty());

    public static CheckedAttack of(Attack attack) {
        return new CheckedAttack(Optional.of(attack));
    }

    /** As check.attacks names it: "rapid-reset", "half-open-handshakes". */
    public String token() {
        return ofTheSuite.map(Attack::token).orElse("half-open-handshakes");
    }

    /** The attack {@code token} names, if any. */
    static Optional<CheckedAttack> find(String token) {
        return HALF_OPEN_HANDSHAKES.token().equals(token) ? Optional.of(HALF_OPEN_HANDSHAKES)
                : Token.find(Attack.class, token).map(CheckedAttack::of);
    }

    /** Every name check.attacks takes, the suite's first. */
    static String all() {
        return Token.all(Attack.class) + ", " + HALF_OPEN_HANDSHAKES.token();
    }
}
