package io.github.http2wildfly.servers;

/**
 * What closing the connection did in {@link ExchangeClosingItsConnection}, whose exchange's listener closes the
 * connection again when the exchange fails. Public and outside the scenario's class, so that {@link PatchedLibrary}'s
 * loader takes it from the test's.
 *
 * @param ending how the close ended: "closed", "StackOverflowError", "close threw " and the exception, or "the request
 *     never reached the server" (nothing was closed)
 * @param exchangeFailures how often the exchange was failed: once is right
 */
public record ConnectionClosing(String ending, int exchangeFailures) {

    @Override
    public String toString() {
        return ending + ", the exchange failed " + (exchangeFailures == 1 ? "once" : exchangeFailures + " times");
    }
}
