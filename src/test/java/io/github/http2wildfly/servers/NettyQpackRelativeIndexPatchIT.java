package io.github.http2wildfly.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * src/patches/netty-codec-http3/qpack-relative-index.diff, red without it and green with it in the same run: door 4's
 * QPACK decoder table. RFC 9204 section 3.2.5: in an encoder instruction, relative index 0 is the entry inserted last.
 */
@Execution(ExecutionMode.CONCURRENT) // beside the other ITs: it waits on sockets, not on the cores
@Tag("diffs") // a diff's scenario, red without it: -Pdiffs runs them
class NettyQpackRelativeIndexPatchIT {

    private static final Path DIFF = Path.of("src/patches/netty-codec-http3/qpack-relative-index.diff");
    private static final String PACKAGE = "io.netty.handler.codec.http3.";

    @TempDir
    Path work;

    @Test
    void withTheDiffTheDecoderFindsAnInsertsNameReferenceCountingFromTheEntryInsertedLast() throws Exception {
        Table table = new Table(NettyQpackIncrementPatchIT.CODEC.with(DIFF, Table.class, work));
        table.add("first").add("second").add("third");
        assertEquals("third", table.relative(0));
        assertEquals("second", table.relative(1));
        assertEquals("first", table.relative(2));
        assertThrows(InvocationTargetException.class, () -> table.relative(3), "no fourth entry");
    }

    @Test
    void withTheDiffAnEvictedEntryCannotBeReferenced() throws Exception {
        Table table = new Table(NettyQpackIncrementPatchIT.CODEC.with(DIFF, Table.class, work));
        for (int i = 100; i < 200; i++) { // 100 entries of 37 bytes (RFC 9204: name, value, 32) through 1,024: the ring wraps
            table.add("n" + i);
        }
        assertEquals("n199", table.relative(0));
        assertEquals("n173", table.relative(26));
        assertThrows(InvocationTargetException.class, () -> table.relative(27), "evicted: 27 entries of 37 bytes fit");
    }

    /** Netty's own class counts from the oldest entry. When this fails, Netty has fixed it: delete the diff. */
    @Test
    void nettysOwnDecoderStillCountsFromTheOldestEntry() throws Exception {
        Table table = new Table(NettyQpackIncrementPatchIT.CODEC.without(Table.class));
        table.add("first").add("second").add("third");
        assertEquals("first", table.relative(0), "relative index 0: Netty still returns the oldest entry");
        assertThrows(InvocationTargetException.class, () -> table.relative(1));
    }

    /** QpackDecoderDynamicTable through reflection: it is package-private, and loaded with the diff and without. */
    private static final class Table {
        private final Object table;
        private final Constructor<?> field;
        private final Method add;
        private final Method relative;

        Table(ClassLoader loader) throws ReflectiveOperationException {
            Class<?> tableClass = Class.forName(PACKAGE + "QpackDecoderDynamicTable", true, loader);
            Class<?> fieldClass = Class.forName(PACKAGE + "QpackHeaderField", true, loader);
            Constructor<?> constructor = tableClass.getDeclaredConstructor();
            constructor.setAccessible(true);
            table = constructor.newInstance();
            Method capacity = tableClass.getDeclaredMethod("setCapacity", long.class);
            capacity.setAccessible(true);
            capacity.invoke(table, 1024L);
            field = fieldClass.getDeclaredConstructor(CharSequence.class, CharSequence.class);
            field.setAccessible(true);
            add = tableClass.getDeclaredMethod("add", fieldClass);
            add.setAccessible(true);
            relative = tableClass.getDeclaredMethod("getEntryRelativeEncoderInstructions", int.class);
            relative.setAccessible(true);
        }

        Table add(String name) throws ReflectiveOperationException {
            add.invoke(table, field.newInstance(name, "v"));
            return this;
        }

        String relative(int index) throws ReflectiveOperationException {
            Object entry = relative.invoke(table, index);
            java.lang.reflect.Field name = entry.getClass().getDeclaredField("name");
            name.setAccessible(true);
            return name.get(entry).toString();
        }
    }
}
