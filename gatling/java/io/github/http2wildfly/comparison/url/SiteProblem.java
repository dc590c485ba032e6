package io.github.http2wildfly.comparison.url;

/** What went wrong with one page, in the one line the run says before it goes on with the next. */
public final class SiteProblem extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SiteProblem(String line) {
        super(line, null, false, false);
    }
}
