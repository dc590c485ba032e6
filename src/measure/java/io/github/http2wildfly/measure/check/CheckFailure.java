package io.github.http2wildfly.measure.check;

/** Why the check cannot run, or that it found a failure: one line for the person who ran it, no stack trace. */
public final class CheckFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CheckFailure(String message) {
        super(message, null, false, false);
    }
}
