package io.github.http2wildfly.measure.check;

/** What one finding of the check means for the server's owner. */
public enum Grade {
    /** As it should be. */
    PASS,
    /** Works, with a known limit or a choice the owner should know about. */
    WARN,
    /** Broken or exposed: the check's exit code fails. */
    FAIL,
    /** Said for the record, or not checked (and how to check it). */
    INFO
}
