package io.github.http2wildfly.comparison.measurement;

import io.github.http2wildfly.comparison.settings.Cell;
import io.github.http2wildfly.measure.browser.BrowserCpu;
import java.io.IOException;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** One browser beside Gatling (BrowserPageLoads): how it makes a first visit of a cell's page, and what it is. */
public interface BrowserEngine extends AutoCloseable {

    /** A first visit of this cell's page: nothing cached, no connection, no TLS session to resume. */
    Visit visit(Cell cell, String url) throws IOException;

    /** "Chromium 156 (headless)", once it has run. */
    String client();

    /** The browser's HTTP/2 connection flow-control window, which the model needs. */
    long http2WindowBytes();

    @Override
    void close() throws IOException;

    /** Starts an engine: inside the run's failure handling, so that a browser that cannot start is one line. */
    interface Starter {
        BrowserEngine start() throws IOException;
    }

    /**
     * One first visit: how it loads the wall (its own report, logos.jsp's data-* attributes), the browser's CPU so
     * far, and its end (the context's).
     */
    record Visit(Function<String, Map<String, String>> wall, Supplier<BrowserCpu> cpu, Runnable end) implements AutoCloseable {

        @Override
        public void close() {
            end.run();
        }
    }
}
