package io.github.http2wildfly.measure.check;

/**
 * One line of the check's report.
 *
 * @param topic what was checked: "ALPN, OkHttp, TLS 1.3 and 1.2 offered"
 * @param verdict what it means
 * @param seen what the server did, in a sentence
 * @param toDo what to do about it (a line of docs/your-wildfly.md where one fixes it), or "" where nothing is to do
 */
public record Finding(String topic, Grade verdict, String seen, String toDo) {

    static Finding pass(String topic, String seen) {
        return new Finding(topic, Grade.PASS, seen, "");
    }

    static Finding info(String topic, String seen, String toDo) {
        return new Finding(topic, Grade.INFO, seen, toDo);
    }

    /** What a client saw fail, in words: the exception's message, or what its kind means where it has none. */
    static String said(Throwable failure) {
        if (failure.getMessage() != null) {
            return failure.getMessage();
        }
        return failure.getClass().getSimpleName().equals("ConnectionShutdownException") ? "the server shut the connection down"
                : failure.getClass().getSimpleName();
    }
}
