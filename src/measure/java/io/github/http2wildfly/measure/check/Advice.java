package io.github.http2wildfly.measure.check;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whose advice a finding gives: a line of docs/your-wildfly.md where the server may be a WildFly (it names itself
 * WildFly, Undertow or JBoss, or names nothing, as WildFly does by default), advice any server's owner can follow
 * where it names itself something else (nginx, Caddy, …).
 *
 * @param wildfly whether the server may be a WildFly
 * @param name what it calls itself, for the advice to others ("" where it says nothing)
 */
record Advice(boolean wildfly, String name) {

    private static final Pattern WILDFLY = Pattern.compile("(?i)wildfly|undertow|jboss");

    static Advice of(Optional<String> server) {
        return new Advice(server.isEmpty() || WILDFLY.matcher(server.get()).find(), server.orElse(""));
    }

    /** The WildFly user's line, or the advice for another server. */
    String pick(String forWildFly, String forOthers) {
        return wildfly ? forWildFly : forOthers + " (" + name + ")";
    }
}
