package io.github.http2wildfly.page;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The query strings that make every image URL new: one counter for the whole server, advanced by each
 * render's count, so that no two renders share a URL however many run at once.
 */
final class ImageIds {

    // Starts from the clock (in nanoseconds' range) so that a restarted server does not repeat the
    // URLs of the one before: it would take 500 renders of 2000 images per millisecond to catch up.
    private static final AtomicLong NEXT = new AtomicLong(System.currentTimeMillis() * 1_000_000L);

    private ImageIds() {
    }

    /** The first of {@code count} ids that belong to the caller alone. */
    static long reserve(int count) {
        return NEXT.getAndAdd(count);
    }
}
