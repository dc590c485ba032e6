package io.github.http2wildfly.comparison;

/**
 * A comparison (of the protocols, or of your page's lanes) that cannot go on, for a reason the user
 * can fix: its message is the one line Maven shows, without a stack trace. The comparison's own, as the build's tools
 * have theirs (ComparisonFailure): neither reaches into the other's home.
 */
public class ComparisonFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ComparisonFailure(String message) {
        super(message, null, false, false);
    }
}
