package io.github.http2wildfly.servers;

/**
 * A check that failed for a reason the user can fix. Its message is the one line Maven shows;
 * no stack trace is needed to understand it.
 */
public class BuildCheckFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BuildCheckFailure(String message) {
        super(message, null, false, false);
    }
}
